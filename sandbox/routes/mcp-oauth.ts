/**
 * OAuth for the MCP endpoint (spec 5.7): authorization code flow with PKCE S256 and the single scope
 * mcp.all. Tokens issued here are valid on POST /mcp only.
 */
import { errorPage, redirectWithCode, signInPage } from '../auth/authorize-page';
import { exchangeCode, invalidClient, invalidRequest, issueCode, refresh } from '../auth/tokens';
import { HttpError } from '../errors';
import type { Call, Result, RouteSpec } from '../router';
import type { State } from '../state/store';
import type { OAuthClient } from '../state/types';
import { isObj } from '../validate';
import { checkAuthorizeClient, checkSignIn } from './oauth';

const SCOPE = 'mcp.all';

function checkPkceParams(p: Record<string, string | undefined>): string | null {
  if (p.response_type !== 'code') return 'response_type: must be code';
  if (!p.code_challenge || !/^[A-Za-z0-9_-]{43,128}$/.test(p.code_challenge)) return 'code_challenge: required (base64url SHA-256 of the code_verifier)';
  if (p.code_challenge_method !== 'S256') return 'code_challenge_method: must be S256';
  if (p.scope !== undefined && p.scope.split(' ').some((s) => s !== SCOPE)) return `scope: the only scope is ${SCOPE}`;
  return null;
}

function hiddenFields(p: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ['client_id', 'redirect_uri', 'state', 'response_type', 'code_challenge', 'code_challenge_method', 'scope'])
    if (p[k] !== undefined) out[k] = p[k]!;
  return out;
}

function authorize(call: Call, p: Record<string, string | undefined>, signIn: boolean): Result {
  const client = checkAuthorizeClient(call.services.state, p);
  if (typeof client === 'string') return { status: 400, html: errorPage(client) };
  const problem = checkPkceParams(p);
  if (problem) return { status: 400, html: errorPage(problem) };
  if (!signIn) return { status: 200, html: signInPage('/mcp/authorize', hiddenFields(p), `${client.clientId} (MCP)`) };
  const user = checkSignIn(call.services.state, client, p);
  if (typeof user === 'string') return { status: 401, html: signInPage('/mcp/authorize', hiddenFields(p), `${client.clientId} (MCP)`, user) };
  const code = issueCode(call.services.state, client, user, p.redirect_uri!, SCOPE, p.code_challenge);
  return { status: 302, headers: { location: redirectWithCode(p.redirect_uri!, code, p.state) } };
}

/** Public clients authenticate by PKCE alone; a client_secret, when sent, must be right. */
function mcpClient(state: State, body: Record<string, unknown>): OAuthClient {
  if (typeof body.client_id !== 'string') throw invalidClient('client_id: required');
  const client = state.oauthClients.get(body.client_id);
  if (!client) throw invalidClient('Invalid client_id');
  if (body.client_secret !== undefined && body.client_secret !== client.clientSecret) throw invalidClient('Invalid client_secret');
  return client;
}

function token(call: Call): Result {
  if (!isObj(call.body)) throw invalidRequest('body: required');
  const body = call.body;
  const state = call.services.state;
  const client = mcpClient(state, body);
  const str = (k: string) => {
    if (typeof body[k] !== 'string' || body[k] === '') throw invalidRequest(`${k}: required (string)`);
    return body[k] as string;
  };
  let t;
  if (body.grant_type === 'authorization_code') {
    t = exchangeCode(state, client, str('code'), str('redirect_uri'), SCOPE, str('code_verifier'));
  } else if (body.grant_type === 'refresh_token') {
    t = refresh(state, client, str('refresh_token'), SCOPE);
  } else {
    throw new HttpError(400, 'grant_type: must be authorization_code or refresh_token', {
      message: 'grant_type: must be authorization_code or refresh_token',
      error: 'unsupported_grant_type',
    });
  }
  return {
    status: 200,
    headers: { 'cache-control': 'no-store' },
    body: { access_token: t.accessToken, token_type: 'Bearer', expires_in: state.config.tokens.accessTokenTtlSec, refresh_token: t.refreshToken, scope: SCOPE },
  };
}

const queryObject = (q: URLSearchParams) => Object.fromEntries(q) as Record<string, string>;

export const mcpOauthRoutes: RouteSpec[] = [
  {
    method: 'GET',
    path: '/mcp/authorize',
    endpoint: 'GET /mcp/authorize',
    auth: 'none',
    query: 'any',
    handler: (call) => authorize(call, queryObject(call.query), false),
  },
  {
    method: 'POST',
    path: '/mcp/authorize',
    endpoint: 'POST /mcp/authorize',
    auth: 'none',
    query: 'any',
    body: 'form',
    handler: (call) => authorize(call, (isObj(call.body) ? call.body : {}) as Record<string, string>, true),
  },
  { method: 'POST', path: '/mcp/token', endpoint: 'POST /mcp/token', auth: 'client', body: 'jsonOrForm', tokenRoute: true, handler: token },
];
