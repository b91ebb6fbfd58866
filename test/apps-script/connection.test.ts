/** Sidebar connection actions: API key, OAuth through the usercallback, an expired token, a rotated refresh token. */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { signIn } from './oauth';
import { addOnHarness, admin, countOf, everythingButUserProperties, REDIRECT_URI, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;

beforeAll(async () => {
  sb = await startSandbox();
}, 120_000);
afterAll(async () => sb?.stop());
beforeEach(async () => {
  h = addOnHarness({ user: 'rep@example.com' });
  await h.run('saveConnectionSettings', { baseUrlV1: sb.info.v1, baseUrlV2: sb.info.v2, authUrl: sb.info.auth });
});
afterEach(async () => h?.close());

interface StoredToken {
  accessToken: string;
  refreshToken: string;
  expiresAtMs: number;
}
const token = (): StoredToken => JSON.parse(h.properties.user().all()['pds.oauth.token']) as StoredToken;

async function connectOAuth(): Promise<void> {
  const { authorizeUrl, redirectUri } = (await h.run('beginOAuthConnection', sb.info.oauth.clientId, sb.info.oauth.clientSecret)) as {
    authorizeUrl: string;
    redirectUri: string;
  };
  expect(redirectUri).toBe(REDIRECT_URI);
  expect(authorizeUrl).toContain(`redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
  const { code, state } = await signIn(sb, authorizeUrl);
  const page = (await h.callback(state, { code })) as { content: string };
  expect(page.content).toContain('Connected');
}

test('an API key is stored only after the service accepted it, and only in user properties', async () => {
  await expect(h.run('connectApiKey', 'pk_wrong_key')).rejects.toThrow(/401|invalid|API key/i);
  expect(h.properties.user().all()['pds.auth']).toBeUndefined();
  const t = (await h.run('connectApiKey', sb.info.apiKey)) as { email: string; credits: number; rateLimit: { limit: number; remaining: number } };
  expect(t.email).toBe(sb.info.user.email);
  expect(t.credits).toBe(1000);
  expect(t.rateLimit.limit).toBe(60);
  expect(t.rateLimit.remaining).toBeLessThan(60);
  expect(await h.run('getConnectionStatus')).toMatchObject({ connected: true, method: 'apiKey' });
  expect(JSON.stringify(await h.run('getConnectionStatus'))).not.toContain(sb.info.apiKey);
  expect(h.properties.user().all()['pds.auth']).toContain(sb.info.apiKey);
  expect(everythingButUserProperties(h)).not.toContain(sb.info.apiKey);
  await h.run('disconnect');
  expect(Object.keys(h.properties.user().all()).filter((k) => k.startsWith('pds.auth') || k.startsWith('pds.oauth'))).toEqual([]);
}, 60_000);

test('OAuth: authorization code through the script usercallback, tokens in user properties', async () => {
  await connectOAuth();
  expect(await h.run('getConnectionStatus')).toMatchObject({ connected: true, method: 'oauth2' });
  const t = (await h.run('testConnection')) as { email: string };
  expect(t.email).toBe(sb.info.user.email);
  const stored = token();
  const last = h.http.log[h.http.log.length - 1];
  expect(last.requestHeaders.authorization).toBe(`Bearer ${stored.accessToken}`);
  expect(last.requestHeaders.token).toBeUndefined();
  const secrets = [stored.accessToken, stored.refreshToken, sb.info.oauth.clientSecret];
  const elsewhere = everythingButUserProperties(h);
  for (const s of secrets) expect(elsewhere).not.toContain(s);
  // A replayed callback (the pending sign-in is used up) changes nothing.
  expect(h.properties.user().all()['pds.oauth.pending']).toBeUndefined();
}, 60_000);

test('an expired access token is refreshed before use; the rotated refresh token is stored', async () => {
  await connectOAuth();
  const before = token();
  // Three hours and a bit later, on both clocks.
  await admin(sb, 'POST', '/clock', { advanceMs: 10_900_000 });
  h.clock.advance(10_900_000);
  const t = (await h.run('testConnection')) as { email: string };
  expect(t.email).toBe(sb.info.user.email);
  const after = token();
  expect(after.accessToken).not.toBe(before.accessToken);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(after.expiresAtMs).toBeGreaterThan(h.clock.now());
  const tokenCalls = h.http.log.filter((e) => e.url.endsWith('/oauth/accessToken'));
  expect(tokenCalls.length).toBe(2); // the code exchange, then exactly one refresh
  expect(h.http.log.some((e) => e.status === 401)).toBe(false); // refreshed ahead, not after a 401
}, 60_000);

test('a token revoked or rotated elsewhere: one 401, one refresh, the call succeeds and the new pair is kept', async () => {
  await connectOAuth();
  const before = token();
  await admin(sb, 'POST', '/oauth/revoke', { token: before.accessToken });
  await h.run('testConnection');
  const after = token();
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(h.http.log.filter((e) => e.status === 401).length).toBe(1);
  // The old refresh token is dead at the service; the stored one works for the next run too.
  await admin(sb, 'POST', '/oauth/revoke', { token: after.accessToken });
  await h.run('testConnection');
  expect(token().refreshToken).not.toBe(after.refreshToken);
}, 60_000);

test('a refused refresh asks the user to reconnect, in words', async () => {
  await connectOAuth();
  await admin(sb, 'POST', '/oauth/revoke', { user: sb.info.user.email });
  await expect(h.run('testConnection')).rejects.toThrow(/connect the account again/);
  const counts = await requestCounts(sb);
  expect(countOf(counts, 'POST /v2/oauth/accessToken')).toBeGreaterThan(0);
}, 60_000);

test('the OAuth callback explains a refused sign-in and keeps the earlier connection', async () => {
  await h.run('connectApiKey', sb.info.apiKey);
  const { authorizeUrl } = (await h.run('beginOAuthConnection', sb.info.oauth.clientId, 'wrong-secret')) as { authorizeUrl: string };
  const { code, state } = await signIn(sb, authorizeUrl);
  const page = (await h.callback(state, { code })) as { content: string };
  expect(page.content).toContain('Not connected');
  expect(page.content).not.toContain('wrong-secret');
  expect(await h.run('getConnectionStatus')).toMatchObject({ connected: true, method: 'apiKey' });
}, 60_000);
