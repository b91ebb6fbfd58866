/**
 * Resolves the caller from `Token` (API key) or `Authorization: Bearer` (spec 5). Never both (400);
 * missing, invalid, expired or revoked credentials are 401 `{message}`; a token of the wrong scope is 403.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from '../errors';
import type { Identity } from '../router';
import type { State } from '../state/store';

export type CredentialResult = { identity: Identity } | { error: HttpError; identity?: Identity };

/** `wantScope` is '' for the main API (empty scope list, spec 5.3) and 'mcp.all' for the MCP endpoint. */
export function resolveCredentials(state: State, headers: IncomingHttpHeaders, wantScope: '' | 'mcp.all'): CredentialResult {
  const apiKey = headers['token'];
  const authorization = headers['authorization'];
  if (apiKey !== undefined && authorization !== undefined) {
    return { error: new HttpError(400, 'Send either the Token header or Authorization: Bearer, not both (spec 5.1)') };
  }
  if (apiKey !== undefined) {
    const user = state.userByApiKey.get(String(apiKey).trim());
    if (!user) return { error: new HttpError(401, 'Invalid API key') };
    return { identity: { org: state.orgs.get(user.orgId)!, user, via: 'apiKey', scope: wantScope } };
  }
  if (authorization === undefined) {
    return { error: new HttpError(401, 'Missing credentials: send the Token header (API key) or Authorization: Bearer <access token>') };
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) return { error: new HttpError(401, 'The Authorization header must have the form "Bearer <access token>"') };
  const grant = state.accessTokens.get(match[1]);
  if (!grant) return { error: new HttpError(401, 'Invalid access token') };
  if (grant.revoked) return { error: new HttpError(401, 'Access token has been revoked') };
  if (grant.expiresAt <= state.clock.now()) return { error: new HttpError(401, 'Access token has expired; use the refresh_token grant') };
  const user = state.users.get(grant.userId)!;
  const identity: Identity = { org: state.orgs.get(grant.orgId)!, user, via: 'bearer', scope: grant.scope };
  if (grant.scope !== wantScope) {
    const message =
      wantScope === 'mcp.all'
        ? 'This access token lacks the mcp.all scope; obtain one through /mcp/authorize and /mcp/token'
        : 'This access token was issued for the MCP endpoint (scope mcp.all) and is not valid on the REST API';
    // The org is known, so the answer still carries its rate-limit figures.
    return { error: new HttpError(403, message, { message, code: 'insufficientScope' }), identity };
  }
  return { identity };
}
