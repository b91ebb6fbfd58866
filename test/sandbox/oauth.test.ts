import { createHash, randomBytes } from 'node:crypto';
import type { RunningSandbox } from '../../sandbox/index';
import { admin, call, start } from './helpers';

let sb: RunningSandbox;
const N8N_CALLBACK = 'http://localhost:5678/rest/oauth2-credential/callback';
const SHEETS_CALLBACK = 'https://script.google.com/macros/d/SCRIPT/usercallback';
beforeAll(async () => {
  sb = await start({ config: { oauth: { redirectUri: N8N_CALLBACK, extraRedirectUris: [SHEETS_CALLBACK] } } });
});
afterAll(() => sb.close());

const form = (o: Record<string, string>) => new URLSearchParams(o).toString();

async function authorize(redirectUri = sb.oauth.redirectUri, state = 'xyz', email = sb.user.email, password = sb.user.password) {
  const page = await call('GET', `${sb.auth}/oauth/authorize?client_id=${sb.oauth.clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&state=${state}`);
  expect(page.status).toBe(200);
  expect(page.text).toContain('name="password"');
  const r = await call('POST', `${sb.auth}/oauth/authorize`, {
    rawBody: form({ client_id: sb.oauth.clientId, redirect_uri: redirectUri, state, email, password }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return r;
}

async function codeFor(redirectUri = sb.oauth.redirectUri): Promise<string> {
  const r = await authorize(redirectUri);
  expect(r.status).toBe(302);
  return new URL(r.headers.get('location')!).searchParams.get('code')!;
}

const tokenBody = (extra: Record<string, string>) => ({
  client_id: sb.oauth.clientId,
  client_secret: sb.oauth.clientSecret,
  redirect_uri: sb.oauth.redirectUri,
  ...extra,
});

describe('OAuth (spec 4.1, 4.2, 2.1, 5.3-5.5, 9.2)', () => {
  it('4.1: the authorize page signs in and redirects to redirect_uri with code and the state', async () => {
    const r = await authorize();
    expect(r.status).toBe(302);
    const loc = new URL(r.headers.get('location')!);
    expect(`${loc.origin}${loc.pathname}`).toBe(N8N_CALLBACK);
    expect(loc.searchParams.get('state')).toBe('xyz');
    expect(loc.searchParams.get('code')).toBeTruthy();
  });

  it('4.1: a redirect_uri that differs from the registered one is refused (400, no redirect); extra registered URIs work', async () => {
    const bad = await call('GET', `${sb.auth}/oauth/authorize?client_id=${sb.oauth.clientId}&redirect_uri=${encodeURIComponent('http://evil.example/cb')}`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('location')).toBeNull();
    expect((await authorize(SHEETS_CALLBACK)).status).toBe(302);
  });

  it('4.1: a wrong password re-shows the form with 401; a user of another organization is refused', async () => {
    expect((await authorize(sb.oauth.redirectUri, 's', sb.user.email, 'wrong')).status).toBe(401);
    const carol = sb.fixtures.userB;
    expect((await authorize(sb.oauth.redirectUri, 's', carol.email, carol.password)).status).toBe(401);
  });

  it('4.2 / 2.1: the v2 token response has every field; expires_in 10800, refresh 604800; the token works as Bearer', async () => {
    const code = await codeFor();
    const r = await call('POST', `${sb.v2}/oauth/accessToken`, { body: tokenBody({ grant_type: 'authorization_code', code }) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ token_type: 'Bearer', expires_in: 10800, refresh_token_expires_in: 604800 });
    expect(Date.parse(r.body.expires_at)).toBeGreaterThan(Date.now() + 10700_000);
    expect(typeof r.body.refresh_token_expires_at).toBe('string');
    const me = await call('GET', `${sb.v2}/oauth/me`, { bearer: r.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(sb.user.email);
  });

  it('9.2 / DECISIONS: the v1 token endpoint answers the v1 form (access_token, refresh_token, expires_at epoch) and accepts form-urlencoded', async () => {
    const code = await codeFor();
    const r = await call('POST', `${sb.v1}/oauth/accessToken`, {
      rawBody: form(tokenBody({ grant_type: 'authorization_code', code })),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['access_token', 'expires_at', 'refresh_token']);
    expect(Number.isInteger(r.body.expires_at)).toBe(true);
    expect(r.body.expires_at).toBeGreaterThan(Date.now() / 1000 + 10700);
  });

  it('DECISIONS: a code is single use; a wrong client secret is 401 invalid_client', async () => {
    const code = await codeFor();
    expect((await call('POST', `${sb.v2}/oauth/accessToken`, { body: tokenBody({ grant_type: 'authorization_code', code }) })).status).toBe(200);
    const again = await call('POST', `${sb.v2}/oauth/accessToken`, { body: tokenBody({ grant_type: 'authorization_code', code }) });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    const wrong = await call('POST', `${sb.v2}/oauth/accessToken`, {
      body: { ...tokenBody({ grant_type: 'authorization_code', code: 'x' }), client_secret: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
  });

  it('5.5: a refresh rotates both tokens; the used refresh token and the old access token are rejected afterwards', async () => {
    const code = await codeFor();
    const t1 = (await call('POST', `${sb.v2}/oauth/accessToken`, { body: tokenBody({ grant_type: 'authorization_code', code }) })).body;
    const t2 = await call('POST', `${sb.v2}/oauth/accessToken`, { body: tokenBody({ grant_type: 'refresh_token', refresh_token: t1.refresh_token }) });
    expect(t2.status).toBe(200);
    expect(t2.body.access_token).not.toBe(t1.access_token);
    expect(t2.body.refresh_token).not.toBe(t1.refresh_token);
    const reuse = await call('POST', `${sb.v2}/oauth/accessToken`, { body: tokenBody({ grant_type: 'refresh_token', refresh_token: t1.refresh_token }) });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    expect((await call('GET', `${sb.v2}/oauth/me`, { bearer: t1.access_token })).status).toBe(401);
    expect((await call('GET', `${sb.v2}/oauth/me`, { bearer: t2.body.access_token })).status).toBe(200);
  });

  it('5.4: an expired access token is 401; the refresh token still works until its own expiry', async () => {
    const code = await codeFor();
    const t = (await call('POST', `${sb.v2}/oauth/accessToken`, { body: tokenBody({ grant_type: 'authorization_code', code }) })).body;
    await admin(sb, 'POST', '/clock', { advanceMs: 10_801_000 });
    const r = await call('GET', `${sb.v2}/oauth/me`, { bearer: t.access_token });
    expect(r.status).toBe(401);
    expect(r.body.message).toMatch(/expired/);
    const refreshed = await call('POST', `${sb.v2}/oauth/accessToken`, { body: tokenBody({ grant_type: 'refresh_token', refresh_token: t.refresh_token }) });
    expect(refreshed.status).toBe(200);
    await admin(sb, 'POST', '/clock', { advanceMs: 604_801_000 });
    const late = await call('POST', `${sb.v2}/oauth/accessToken`, {
      body: tokenBody({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token }),
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/expired/);
  });

  it('5.6: a revoked token is 401', async () => {
    const code = await codeFor();
    const t = (await call('POST', `${sb.v2}/oauth/accessToken`, { body: tokenBody({ grant_type: 'authorization_code', code }) })).body;
    expect((await admin(sb, 'POST', '/oauth/revoke', { token: t.access_token })).body.revoked).toBe(1);
    const r = await call('GET', `${sb.v2}/lists`, { bearer: t.access_token });
    expect(r.status).toBe(401);
    expect(r.body.message).toMatch(/revoked/);
  });

  it('2.1: token lifetimes are settings', async () => {
    const short = await start({ config: { tokens: { accessTokenTtlSec: 60, refreshTokenTtlSec: 120 } } });
    try {
      const page = await call('POST', `${short.auth}/oauth/authorize`, {
        rawBody: form({ client_id: short.oauth.clientId, redirect_uri: short.oauth.redirectUri, email: short.user.email, password: short.user.password }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const code = new URL(page.headers.get('location')!).searchParams.get('code')!;
      const t = await call('POST', `${short.v2}/oauth/accessToken`, {
        body: {
          client_id: short.oauth.clientId,
          client_secret: short.oauth.clientSecret,
          redirect_uri: short.oauth.redirectUri,
          grant_type: 'authorization_code',
          code,
        },
      });
      expect(t.body).toMatchObject({ expires_in: 60, refresh_token_expires_in: 120 });
    } finally {
      await short.close();
    }
  });

  it('5.7: MCP OAuth: /mcp/authorize with PKCE S256 and scope mcp.all, /mcp/token, bearer accepted on /mcp only', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const params = {
      client_id: sb.oauth.clientId,
      redirect_uri: sb.oauth.redirectUri,
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'mcp.all',
      state: 'm1',
    };
    expect((await call('GET', `${sb.auth}/mcp/authorize?${form({ ...params, code_challenge_method: 'plain' })}`)).status).toBe(400);
    expect((await call('GET', `${sb.auth}/mcp/authorize?${form(params)}`)).status).toBe(200);
    const signIn = await call('POST', `${sb.auth}/mcp/authorize`, {
      rawBody: form({ ...params, email: sb.user.email, password: sb.user.password }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signIn.status).toBe(302);
    const code = new URL(signIn.headers.get('location')!).searchParams.get('code')!;
    const wrongVerifier = await call('POST', `${sb.auth}/mcp/token`, {
      body: { grant_type: 'authorization_code', client_id: sb.oauth.clientId, redirect_uri: sb.oauth.redirectUri, code, code_verifier: 'x'.repeat(43) },
    });
    expect(wrongVerifier.status).toBe(400);
    const signIn2 = await call('POST', `${sb.auth}/mcp/authorize`, {
      rawBody: form({ ...params, email: sb.user.email, password: sb.user.password }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const code2 = new URL(signIn2.headers.get('location')!).searchParams.get('code')!;
    const tok = await call('POST', `${sb.auth}/mcp/token`, {
      body: { grant_type: 'authorization_code', client_id: sb.oauth.clientId, redirect_uri: sb.oauth.redirectUri, code: code2, code_verifier: verifier },
    });
    expect(tok.status).toBe(200);
    expect(tok.body).toMatchObject({ token_type: 'Bearer', scope: 'mcp.all' });
    const rpc = await call('POST', sb.mcp, { bearer: tok.body.access_token, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect(rpc.status).toBe(200);
    const rest = await call('GET', `${sb.v2}/lists`, { bearer: tok.body.access_token });
    expect(rest.status).toBe(403);
    expect(rest.body.code).toBe('insufficientScope');
    const refreshed = await call('POST', `${sb.auth}/mcp/token`, {
      body: { grant_type: 'refresh_token', client_id: sb.oauth.clientId, refresh_token: tok.body.refresh_token },
    });
    expect(refreshed.status).toBe(200);
  });
});
