import { AuthError, connectWithCode, createClient, operation, readToken, runSync, type HttpRequest } from '../../shared';
import { sendOne } from '../../shared/flow/call';
import { runAsync } from '../../shared/drivers/async';
import { processLocksAsync } from '../../shared/drivers/memory';
import { json, scriptedHost } from '../support/scripted-host';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const oauthClient = () =>
  createClient({
    auth: { type: 'oauth2', clientId: 'cid', clientSecret: 'csecret', redirectUri: 'https://script.google.com/cb', storeKey: 'tok' },
    random: () => 0,
  });

/** A token server that rotates both tokens on every refresh and rejects a used refresh token (spec 5.5). */
function tokenServer() {
  let generation = 0;
  const live = new Set<string>();
  const issued: string[] = [];
  const issue = (now: number) => {
    generation++;
    live.add(`rt${generation}`);
    issued.push(`at${generation}`);
    return json(200, {
      token_type: 'Bearer',
      access_token: `at${generation}`,
      refresh_token: `rt${generation}`,
      expires_in: 10800,
      expires_at: new Date(now + 10800_000).toISOString(),
      refresh_token_expires_in: 604800,
      refresh_token_expires_at: new Date(now + 604800_000).toISOString(),
    });
  };
  const responder = (req: HttpRequest, now: number) => {
    if (req.url.endsWith('/oauth/accessToken')) {
      const body = JSON.parse(req.body!);
      if (body.grant_type === 'authorization_code')
        return body.code === 'good-code' ? issue(now) : json(400, { message: 'invalid code', error: 'invalid_grant' });
      if (!live.delete(body.refresh_token)) return json(400, { message: 'refresh token already used', error: 'invalid_grant' });
      return issue(now);
    }
    const current = `at${generation}`;
    if (req.headers.authorization !== `Bearer ${current}`) return json(401, { message: 'expired token' });
    return json(200, { success: true, data: [] });
  };
  return { responder, issued };
}

describe('OAuth token manager (spec 4.2, 5.3 to 5.5)', () => {
  it('exchanges the code without an Authorization header and stores both tokens', () => {
    const server = tokenServer();
    const host = scriptedHost(server.responder, { startMs: T0 });
    runSync(connectWithCode(oauthClient(), 'good-code'), host.sync);
    expect(host.log[0].headers.authorization).toBeUndefined();
    expect(JSON.parse(host.log[0].body!)).toMatchObject({ grant_type: 'authorization_code', client_id: 'cid', client_secret: 'csecret', code: 'good-code' });
    const stored = JSON.parse(host.store.get('tok')!);
    expect(stored).toMatchObject({ accessToken: 'at1', refreshToken: 'rt1', expiresAtMs: T0 + 10800_000, refreshExpiresAtMs: T0 + 604800_000 });
  });

  it('refreshes ahead of expiry, stores the rotated refresh token before using the new access token', () => {
    const server = tokenServer();
    const host = scriptedHost(server.responder, { startMs: T0 });
    const client = oauthClient();
    runSync(connectWithCode(client, 'good-code'), host.sync);
    host.sync.sleep(10800_000 - 60_000); // one minute before expiry: inside the 5-minute refresh window
    const storedWhenUsed: string[] = [];
    const sync = {
      ...host.sync,
      fetch: (req: HttpRequest) => {
        if (req.headers.authorization) storedWhenUsed.push(JSON.parse(host.store.get('tok')!).refreshToken);
        return host.sync.fetch(req);
      },
    };
    runSync(sendOne(client, operation('lists.getAll'), {}), sync);
    expect(host.log.map((r) => r.url.replace(/.*\/api/, ''))).toEqual(['/v2/oauth/accessToken', '/v2/oauth/accessToken', '/v2/lists']);
    expect(host.log[2].headers.authorization).toBe('Bearer at2');
    expect(storedWhenUsed).toEqual(['rt2']);
  });

  it('token expired mid-run (revoked early): one refresh on 401, then the request succeeds', () => {
    const server = tokenServer();
    const host = scriptedHost(server.responder, { startMs: T0 });
    const client = oauthClient();
    runSync(connectWithCode(client, 'good-code'), host.sync);
    // Another process refreshed: our stored access token is now stale on the server, but not locally expired.
    const store = JSON.parse(host.store.get('tok')!);
    runSync(sendOne(client, operation('lists.getAll'), {}), host.sync);
    host.store.put('tok', JSON.stringify({ ...store, accessToken: 'at0-stale' }));
    runSync(sendOne(client, operation('lists.getAll'), {}), host.sync);
    expect(host.log.slice(-3).map((r) => [r.url.replace(/.*\/api/, ''), r.headers.authorization])).toEqual([
      ['/v2/lists', 'Bearer at0-stale'],
      ['/v2/oauth/accessToken', undefined],
      ['/v2/lists', 'Bearer at2'],
    ]);
  });

  it('a refused refresh (rotated away by someone else) asks the user to reconnect', () => {
    const server = tokenServer();
    const host = scriptedHost(server.responder, { startMs: T0 });
    const client = oauthClient();
    runSync(connectWithCode(client, 'good-code'), host.sync);
    const stored = JSON.parse(host.store.get('tok')!);
    host.store.put('tok', JSON.stringify({ ...stored, refreshToken: 'rt-dead', expiresAtMs: T0 }));
    expect(() => runSync(sendOne(client, operation('lists.getAll'), {}), host.sync)).toThrow(/connect the account again/);
  });

  it('an expired refresh token (7 days) asks the user to reconnect without calling the service', () => {
    const server = tokenServer();
    const host = scriptedHost(server.responder, { startMs: T0 });
    const client = oauthClient();
    runSync(connectWithCode(client, 'good-code'), host.sync);
    host.sync.sleep(604800_000 + 1);
    const before = host.log.length;
    expect(() => runSync(sendOne(client, operation('lists.getAll'), {}), host.sync)).toThrow(AuthError);
    expect(host.log.length).toBe(before);
  });

  it('not connected: a clear AuthError, nothing sent', () => {
    const host = scriptedHost([]);
    expect(() => runSync(sendOne(oauthClient(), operation('lists.getAll'), {}), host.sync)).toThrow(/Not connected/);
    expect(host.log).toHaveLength(0);
  });

  it('single flight: two concurrent runs refresh once; the second re-reads the stored token under the lock', async () => {
    const server = tokenServer();
    const host = scriptedHost(server.responder, { startMs: T0 });
    const client = oauthClient();
    runSync(connectWithCode(client, 'good-code'), host.sync);
    host.sync.sleep(10800_000);
    const locks = processLocksAsync();
    const asyncHost = { ...host.async, locks };
    await Promise.all([
      runAsync(sendOne(client, operation('lists.getAll'), {}), asyncHost),
      runAsync(sendOne(client, operation('lists.getAll'), {}), asyncHost),
    ]);
    const refreshes = host.log.filter((r) => r.url.endsWith('/oauth/accessToken') && JSON.parse(r.body!).grant_type === 'refresh_token');
    expect(refreshes).toHaveLength(1);
    expect(runSync(readToken('tok'), host.sync)?.refreshToken).toBe('rt2');
  });

  it('reads the v1 token form (epoch expires_at)', () => {
    const host = scriptedHost([json(200, { access_token: 'a', refresh_token: 'r', expires_at: Math.floor(T0 / 1000) + 3600 })], { startMs: T0 });
    const reply = runSync(
      sendOne(oauthClient(), operation('oauth.tokenV1'), {
        grant_type: 'authorization_code',
        client_id: 'c',
        client_secret: 's',
        redirect_uri: 'https://x/cb',
        code: 'c1',
      }),
      host.sync,
    );
    expect(reply).toMatchObject({ access_token: 'a', expires_at: Math.floor(T0 / 1000) + 3600 });
  });
});
