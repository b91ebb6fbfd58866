/**
 * Authorization codes, access and refresh tokens (spec 2.1, 4.2, 5.4-5.5; DECISIONS: token endpoint).
 * A refresh rotates both tokens: the used refresh token and the previous access token stop working.
 */
import { createHash, randomBytes } from 'node:crypto';
import { HttpError } from '../errors';
import type { State } from '../state/store';
import type { AuthCode, OAuthClient, User } from '../state/types';

const secret = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

export function invalidGrant(message: string): HttpError {
  return new HttpError(400, message, { message, error: 'invalid_grant' });
}

export function invalidClient(message: string): HttpError {
  return new HttpError(401, message, { message, error: 'invalid_client' });
}

export function invalidRequest(message: string): HttpError {
  return new HttpError(400, message, { message, error: 'invalid_request' });
}

export function issueCode(state: State, client: OAuthClient, user: User, redirectUri: string, scope: string, codeChallenge?: string): string {
  const code = secret('code');
  state.authCodes.set(code, {
    userId: user.id,
    orgId: user.orgId,
    clientId: client.clientId,
    scope,
    redirectUri,
    codeChallenge,
    expiresAt: state.clock.now() + state.config.tokens.codeTtlSec * 1000,
    revoked: false,
    used: false,
  });
  return code;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
  refreshExpiresAt: number;
  scope: string;
}

function issueTokens(state: State, base: { userId: string; orgId: string; clientId: string; scope: string }): IssuedTokens {
  const now = state.clock.now();
  const accessToken = secret(base.scope ? 'mcpat' : 'at');
  const refreshToken = secret(base.scope ? 'mcprt' : 'rt');
  const accessExpiresAt = now + state.config.tokens.accessTokenTtlSec * 1000;
  const refreshExpiresAt = now + state.config.tokens.refreshTokenTtlSec * 1000;
  state.accessTokens.set(accessToken, { ...base, expiresAt: accessExpiresAt, revoked: false });
  state.refreshTokens.set(refreshToken, { ...base, accessToken, expiresAt: refreshExpiresAt, revoked: false, used: false });
  return { accessToken, refreshToken, accessExpiresAt, refreshExpiresAt, scope: base.scope };
}

export function verifyPkce(code: AuthCode, verifier: string | undefined): boolean {
  if (!code.codeChallenge) return true;
  if (!verifier) return false;
  return createHash('sha256').update(verifier).digest('base64url') === code.codeChallenge;
}

/** authorization_code grant: the code must be live, unused, for this client and this redirect_uri. */
export function exchangeCode(state: State, client: OAuthClient, codeValue: string, redirectUri: string, scope: string, verifier?: string): IssuedTokens {
  const code = state.authCodes.get(codeValue);
  if (!code || code.scope !== scope) throw invalidGrant('code: unknown authorization code');
  if (code.used) throw invalidGrant('code: this authorization code was already used');
  if (code.expiresAt <= state.clock.now()) throw invalidGrant('code: this authorization code has expired');
  if (code.clientId !== client.clientId) throw invalidGrant('code: this authorization code was issued to another client');
  if (code.redirectUri !== redirectUri) throw invalidGrant('redirect_uri: does not match the redirect_uri of the authorization request');
  if (!verifyPkce(code, verifier)) throw invalidGrant('code_verifier: does not match the code_challenge (PKCE S256)');
  code.used = true;
  return issueTokens(state, { userId: code.userId, orgId: code.orgId, clientId: client.clientId, scope });
}

/** refresh_token grant: rotates both tokens. */
export function refresh(state: State, client: OAuthClient, refreshToken: string, scope: string): IssuedTokens {
  const grant = state.refreshTokens.get(refreshToken);
  if (!grant || grant.scope !== scope) throw invalidGrant('refresh_token: unknown refresh token');
  if (grant.used) throw invalidGrant('refresh_token: this refresh token was already used; tokens rotate on every refresh');
  if (grant.revoked) throw invalidGrant('refresh_token: this refresh token has been revoked');
  if (grant.expiresAt <= state.clock.now()) throw invalidGrant('refresh_token: this refresh token has expired');
  if (grant.clientId !== client.clientId) throw invalidGrant('refresh_token: this refresh token was issued to another client');
  grant.used = true;
  const previous = state.accessTokens.get(grant.accessToken);
  if (previous) previous.revoked = true;
  return issueTokens(state, { userId: grant.userId, orgId: grant.orgId, clientId: client.clientId, scope });
}

/** Admin: revoke one token (access or refresh) or every token of a user. Returns how many were revoked. */
export function revoke(state: State, opts: { token?: string; userId?: string }): number {
  let n = 0;
  for (const map of [state.accessTokens, state.refreshTokens]) {
    for (const [token, grant] of map) {
      if ((opts.token && token === opts.token) || (opts.userId && grant.userId === opts.userId)) {
        if (!grant.revoked) n++;
        grant.revoked = true;
      }
    }
  }
  return n;
}

export function authenticateClient(state: State, clientId: unknown, clientSecret: unknown): OAuthClient {
  if (typeof clientId !== 'string' || clientId === '') throw invalidClient('client_id: required');
  const client = state.oauthClients.get(clientId);
  if (!client || typeof clientSecret !== 'string' || client.clientSecret !== clientSecret) throw invalidClient('Invalid client_id or client_secret');
  return client;
}
