/** OAuth rules the first suite did not pin down (spec 4.1, 4.2, 5.4, 5.5; DECISIONS: token endpoint). */
import type { RunningSandbox } from '../../sandbox/index';
import { admin, call, start } from './helpers';

let sb: RunningSandbox;
const WITH_QUERY = 'https://script.google.com/macros/d/ABC/usercallback?tenant=t1&mode=a';
beforeAll(async () => {
  sb = await start({ config: { oauth: { extraRedirectUris: [WITH_QUERY] } } });
});
afterAll(() => sb.close());

const form = (o: Record<string, string>) => new URLSearchParams(o).toString();
const signIn = (fields: Record<string, string>) =>
  call('POST', `${sb.auth}/oauth/authorize`, {
    rawBody: form({ client_id: sb.oauth.clientId, email: sb.user.email, password: sb.user.password, ...fields }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const codeOf = (r: { headers: Headers }) => new URL(r.headers.get('location')!).searchParams.get('code')!;
const token = (fields: Record<string, string>, version = 'v2') =>
  call('POST', `${sb.auth}/api/${version}/oauth/accessToken`, {
    body: { client_id: sb.oauth.clientId, client_secret: sb.oauth.clientSecret, redirect_uri: sb.oauth.redirectUri, ...fields },
  });

describe('authorize (spec 4.1)', () => {
  it('4.1: without state the redirect carries no state; with state it is passed back byte for byte', async () => {
    const none = await signIn({ redirect_uri: sb.oauth.redirectUri });
    expect(none.status).toBe(302);
    expect(new URL(none.headers.get('location')!).searchParams.has('state')).toBe(false);
    const odd = 'a b&c=d/é';
    const withState = await signIn({ redirect_uri: sb.oauth.redirectUri, state: odd });
    expect(new URL(withState.headers.get('location')!).searchParams.get('state')).toBe(odd);
  });

  it('4.1: a registered redirect_uri with its own query keeps it and gets code added; it must be URL-encoded to match', async () => {
    const page = await call('GET', `${sb.auth}/oauth/authorize?client_id=${sb.oauth.clientId}&redirect_uri=${encodeURIComponent(WITH_QUERY)}`);
    expect(page.status).toBe(200);
    // Not encoded: the query splits at &, so redirect_uri no longer equals the registered one.
    const raw = await call('GET', `${sb.auth}/oauth/authorize?client_id=${sb.oauth.clientId}&redirect_uri=${WITH_QUERY}`);
    expect(raw.status).toBe(400);
    const r = await signIn({ redirect_uri: WITH_QUERY, state: 's' });
    const loc = new URL(r.headers.get('location')!);
    expect(loc.searchParams.get('tenant')).toBe('t1');
    expect(loc.searchParams.get('code')).toBeTruthy();
  });

  it('4.1: redirect_uri differing only by a trailing slash or case is refused (exact match)', async () => {
    for (const uri of [`${sb.oauth.redirectUri}/`, sb.oauth.redirectUri.toUpperCase()]) {
      const r = await call('GET', `${sb.auth}/oauth/authorize?client_id=${sb.oauth.clientId}&redirect_uri=${encodeURIComponent(uri)}`);
      expect(r.status).toBe(400);
      expect(r.headers.get('location')).toBeNull();
    }
  });

  it('admin: a redirect URI that is not an absolute URL is refused at registration (it would break the redirect)', async () => {
    const r = await admin(sb, 'POST', '/oauth/redirect-uris', { clientId: sb.oauth.clientId, redirectUri: 'not a url' });
    expect(r.status).toBe(422);
  });
});

describe('token endpoint (spec 4.2, 5.4, 5.5)', () => {
  it('DECISIONS: a code exchanged with another registered redirect_uri than the one it was issued for is invalid_grant', async () => {
    const code = codeOf(await signIn({ redirect_uri: sb.oauth.redirectUri }));
    const r = await token({ grant_type: 'authorization_code', code, redirect_uri: WITH_QUERY });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_grant');
  });

  it('DECISIONS: an authorization code lives codeTtlSec (600 s)', async () => {
    const code = codeOf(await signIn({ redirect_uri: sb.oauth.redirectUri }));
    await admin(sb, 'POST', '/clock', { advanceMs: 601_000 });
    const r = await token({ grant_type: 'authorization_code', code });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/expired/);
  });

  it('5.5: along a chain of refreshes only the newest pair works; every earlier access and refresh token is rejected', async () => {
    const first = (await token({ grant_type: 'authorization_code', code: codeOf(await signIn({ redirect_uri: sb.oauth.redirectUri })) })).body;
    const pairs = [first];
    for (let i = 0; i < 3; i++) {
      const next = await token({ grant_type: 'refresh_token', refresh_token: pairs[pairs.length - 1].refresh_token }, i % 2 ? 'v1' : 'v2');
      expect(next.status).toBe(200);
      pairs.push(next.body);
    }
    const latest = pairs.pop()!;
    expect((await call('GET', `${sb.v2}/oauth/me`, { bearer: latest.access_token })).status).toBe(200);
    for (const p of pairs) {
      expect((await call('GET', `${sb.v2}/oauth/me`, { bearer: p.access_token })).status).toBe(401);
      expect((await token({ grant_type: 'refresh_token', refresh_token: p.refresh_token })).body.error).toBe('invalid_grant');
    }
  });

  it("DECISIONS: a refresh token of organization B's client is invalid_grant for A's client", async () => {
    const b = sb.fixtures.oauthB;
    const bSignIn = await call('POST', `${sb.auth}/oauth/authorize`, {
      rawBody: form({ client_id: b.clientId, redirect_uri: b.redirectUri, email: sb.fixtures.userB.email, password: sb.fixtures.userB.password }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const bTokens = await call('POST', `${sb.v2}/oauth/accessToken`, {
      body: { client_id: b.clientId, client_secret: b.clientSecret, redirect_uri: b.redirectUri, grant_type: 'authorization_code', code: codeOf(bSignIn) },
    });
    expect(bTokens.status).toBe(200);
    const r = await token({ grant_type: 'refresh_token', refresh_token: bTokens.body.refresh_token });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_grant');
  });

  it('4.2: a refresh without redirect_uri (RFC 6749 section 6, as n8n sends it, form-encoded) works under v1 and v2; a given one must still match; a code still needs it', async () => {
    let pair = (await token({ grant_type: 'authorization_code', code: codeOf(await signIn({ redirect_uri: sb.oauth.redirectUri })) })).body;
    for (const version of ['v2', 'v1']) {
      // Exactly n8n's OAuth2 refresh body: no redirect_uri.
      const r = await call('POST', `${sb.auth}/api/${version}/oauth/accessToken`, {
        rawBody: form({ refresh_token: pair.refresh_token, grant_type: 'refresh_token', client_id: sb.oauth.clientId, client_secret: sb.oauth.clientSecret }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(r.status).toBe(200);
      expect(r.body.access_token).toEqual(expect.any(String));
      expect((await call('GET', `${sb.v2}/oauth/me`, { bearer: r.body.access_token })).status).toBe(200);
      pair = r.body;
    }
    const wrong = await token({ grant_type: 'refresh_token', refresh_token: pair.refresh_token, redirect_uri: 'http://evil.example/cb' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    expect(wrong.body.message).toMatch(/redirect_uri/);
    // The refused refresh did not use the token up: it still refreshes with the registered redirect_uri.
    expect((await token({ grant_type: 'refresh_token', refresh_token: pair.refresh_token })).status).toBe(200);
    const code = codeOf(await signIn({ redirect_uri: sb.oauth.redirectUri }));
    const noUri = await call('POST', `${sb.v2}/oauth/accessToken`, {
      body: { client_id: sb.oauth.clientId, client_secret: sb.oauth.clientSecret, grant_type: 'authorization_code', code },
    });
    expect(noUri.status).toBe(400);
    expect(noUri.body.message).toMatch(/redirect_uri: required/);
  });

  it('5.1: the both-headers rule applies to bearer tokens too (Token + Bearer of a valid pair is 400)', async () => {
    const t = (await token({ grant_type: 'authorization_code', code: codeOf(await signIn({ redirect_uri: sb.oauth.redirectUri })) })).body;
    const r = await call('GET', `${sb.v2}/lists`, { key: sb.apiKey, bearer: t.access_token });
    expect(r.status).toBe(400);
  });
});
