/**
 * OAuth for the main API: the authorize page (spec 4.1) and the token endpoint under v1 and v2 (spec 4.2,
 * 2.1, 9.2; DECISIONS: token endpoint).
 */
import { errorPage, redirectWithCode, signInPage } from '../auth/authorize-page';
import { authenticateClient, exchangeCode, invalidRequest, issueCode, refresh, type IssuedTokens } from '../auth/tokens';
import { HttpError } from '../errors';
import type { Call, Result, RouteSpec } from '../router';
import type { State } from '../state/store';
import type { OAuthClient, User } from '../state/types';
import { isObj } from '../validate';

const html = (status: number, page: string): Result => ({ status, html: page });

/** Checks client_id and redirect_uri; problems are shown, never redirected to (the URI is untrusted). */
export function checkAuthorizeClient(state: State, params: Record<string, string | undefined>): OAuthClient | string {
  const clientId = params.client_id;
  if (!clientId) return 'client_id: required';
  const client = state.oauthClients.get(clientId);
  if (!client) return `client_id: unknown OAuth client ${clientId}`;
  if (!params.redirect_uri) return 'redirect_uri: required';
  if (!client.redirectUris.includes(params.redirect_uri))
    return `redirect_uri: ${params.redirect_uri} does not equal the redirect URI registered on this connection`;
  return client;
}

/** Validates the sign-in; returns the user or the message to show on the form. */
export function checkSignIn(state: State, client: OAuthClient, form: Record<string, unknown>): User | string {
  const user = typeof form.email === 'string' ? state.userByEmail.get(form.email.trim().toLowerCase()) : undefined;
  if (!user || user.password !== form.password) return 'Wrong email or password';
  if (user.orgId !== client.orgId) return 'This user does not belong to the organization of this OAuth connection';
  return user;
}

const queryObject = (q: URLSearchParams) => Object.fromEntries(q) as Record<string, string>;

function authorizeGet(call: Call): Result {
  const q = queryObject(call.query);
  if (q.response_type !== undefined && q.response_type !== 'code') return html(400, errorPage('response_type: must be code'));
  const client = checkAuthorizeClient(call.services.state, q);
  if (typeof client === 'string') return html(400, errorPage(client));
  const hidden: Record<string, string> = { client_id: client.clientId, redirect_uri: q.redirect_uri };
  if (q.state !== undefined) hidden.state = q.state;
  return html(200, signInPage('/oauth/authorize', hidden, client.clientId));
}

function authorizePost(call: Call): Result {
  const form = (isObj(call.body) ? call.body : {}) as Record<string, string>;
  const client = checkAuthorizeClient(call.services.state, form);
  if (typeof client === 'string') return html(400, errorPage(client));
  const user = checkSignIn(call.services.state, client, form);
  const hidden: Record<string, string> = { client_id: client.clientId, redirect_uri: form.redirect_uri };
  if (form.state !== undefined) hidden.state = form.state;
  if (typeof user === 'string') return html(401, signInPage('/oauth/authorize', hidden, client.clientId, user));
  const code = issueCode(call.services.state, client, user, form.redirect_uri, '');
  return { status: 302, headers: { location: redirectWithCode(form.redirect_uri, code, form.state) } };
}

/** Times are on the sandbox clock (real time unless the admin API moved it). */
function tokenBody(version: 'v1' | 'v2', t: IssuedTokens, now: number): Record<string, unknown> {
  if (version === 'v1') return { access_token: t.accessToken, refresh_token: t.refreshToken, expires_at: Math.floor(t.accessExpiresAt / 1000) };
  return {
    token_type: 'Bearer',
    access_token: t.accessToken,
    refresh_token: t.refreshToken,
    expires_in: Math.round((t.accessExpiresAt - now) / 1000),
    expires_at: new Date(t.accessExpiresAt).toISOString(),
    refresh_token_expires_in: Math.round((t.refreshExpiresAt - now) / 1000),
    refresh_token_expires_at: new Date(t.refreshExpiresAt).toISOString(),
  };
}

function field(body: Record<string, unknown>, name: string): string {
  const v = body[name];
  if (typeof v !== 'string' || v === '') throw invalidRequest(`${name}: required (string)`);
  return v;
}

function tokenHandler(version: 'v1' | 'v2') {
  return (call: Call): Result => {
    if (!isObj(call.body)) throw invalidRequest('body: required; send client_id, client_secret, grant_type and code with redirect_uri, or refresh_token');
    const body = call.body;
    const state = call.services.state;
    const client = authenticateClient(state, body.client_id, body.client_secret);
    const grantType = field(body, 'grant_type');
    // redirect_uri is required with a code; on a refresh it is optional (RFC 6749 section 6 has none, and
    // n8n's OAuth2 client leaves it out), but when given it must still be the registered one.
    const redirectUri = grantType === 'refresh_token' && body.redirect_uri === undefined ? undefined : field(body, 'redirect_uri');
    if (redirectUri !== undefined && !client.redirectUris.includes(redirectUri))
      throw new HttpError(400, `redirect_uri: ${redirectUri} does not equal the redirect URI registered on this connection`, {
        message: 'redirect_uri: does not equal the registered redirect URI',
        error: 'invalid_grant',
      });
    let tokens: IssuedTokens;
    if (grantType === 'authorization_code') tokens = exchangeCode(state, client, field(body, 'code'), redirectUri!, '');
    else if (grantType === 'refresh_token') tokens = refresh(state, client, field(body, 'refresh_token'), '');
    else
      throw new HttpError(400, `grant_type: must be authorization_code or refresh_token (got "${grantType}")`, {
        message: `grant_type: must be authorization_code or refresh_token`,
        error: 'unsupported_grant_type',
      });
    return { status: 200, body: tokenBody(version, tokens, state.clock.now()), headers: { 'cache-control': 'no-store' } };
  };
}

export const oauthRoutes: RouteSpec[] = [
  { method: 'GET', path: '/oauth/authorize', endpoint: 'GET /oauth/authorize', auth: 'none', query: 'any', handler: authorizeGet },
  { method: 'POST', path: '/oauth/authorize', endpoint: 'POST /oauth/authorize', auth: 'none', query: 'any', body: 'form', handler: authorizePost },
  ...(['v1', 'v2'] as const).map((v): RouteSpec => ({
    method: 'POST',
    path: `/api/${v}/oauth/accessToken`,
    endpoint: `POST /${v}/oauth/accessToken`,
    auth: 'client',
    body: 'jsonOrForm',
    tokenRoute: true,
    handler: tokenHandler(v),
  })),
];
