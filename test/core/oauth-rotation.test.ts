/**
 * Refresh-token rotation gone wrong (issue 9, "OAuth across processes"), through a scripted server:
 * a refresh refused because another process rotated first, and a refresh whose answer was lost.
 */
import { AuthError, connectWithCode, createClient, operation, readToken, runSync, type HttpRequest } from '../../shared';
import { sendOne } from '../../shared/flow/call';
import { json, networkFailure, scriptedHost } from '../support/scripted-host';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const oauthClient = () =>
  createClient({ auth: { type: 'oauth2', clientId: 'cid', clientSecret: 'csecret', redirectUri: 'https://x.test/cb', storeKey: 'tok' }, random: () => 0 });

/** Rotates both tokens on every refresh and refuses a used refresh token (spec 4.2, 5.5). */
function rotatingServer() {
  let generation = 0;
  const live = new Set<string>();
  const tokens = (now: number) => {
    generation++;
    live.add(`rt${generation}`);
    return { access_token: `at${generation}`, refresh_token: `rt${generation}`, expires_in: 10800, expires_at: new Date(now + 10800_000).toISOString() };
  };
  return {
    tokens,
    /** The service's own rotation, as another process's refresh would do it. */
    rotate(refreshToken: string, now: number) {
      if (!live.delete(refreshToken)) throw new Error('not live');
      return tokens(now);
    },
    respond(req: HttpRequest, now: number, onRefresh?: (refreshToken: string) => ReturnType<typeof json> | undefined) {
      if (req.url.endsWith('/oauth/accessToken')) {
        const body = JSON.parse(req.body!);
        if (body.grant_type === 'authorization_code') return json(200, tokens(now));
        const scripted = onRefresh?.(body.refresh_token);
        if (scripted) return scripted;
        if (!live.delete(body.refresh_token)) return json(400, { message: 'refresh token already used', error: 'invalid_grant' });
        return json(200, tokens(now));
      }
      return req.headers.authorization === `Bearer at${generation}` ? json(200, { success: true, data: [] }) : json(401, { message: 'expired token' });
    },
  };
}

const refreshes = (log: HttpRequest[]) => log.filter((r) => r.url.endsWith('/oauth/accessToken') && JSON.parse(r.body!).grant_type === 'refresh_token');

describe('OAuth rotation across processes', () => {
  it('a refresh refused because another process rotated meanwhile: re-reads the store and uses that token', () => {
    const server = rotatingServer();
    let host: ReturnType<typeof scriptedHost> | undefined = undefined;
    host = scriptedHost(
      (req, now) =>
        server.respond(req, now, (refreshToken) => {
          // Another process, holding no lock shared with ours, refreshes first and stores its answer.
          const theirs = server.rotate(refreshToken, now);
          host!.store.put(
            'tok',
            JSON.stringify({ accessToken: theirs.access_token, refreshToken: theirs.refresh_token, expiresAtMs: now + 10800_000, refreshExpiresAtMs: null }),
          );
          return json(400, { message: 'refresh token already used', error: 'invalid_grant' });
        }),
      { startMs: T0 },
    );
    const client = oauthClient();
    runSync(connectWithCode(client, 'code'), host.sync);
    host.sync.sleep(10800_000);
    runSync(sendOne(client, operation('lists.getAll'), {}), host.sync);
    expect(host.log.at(-1)!.headers.authorization).toBe('Bearer at2');
    expect(refreshes(host.log)).toHaveLength(1);
  });

  it('a refresh whose answer was lost after the service rotated: one clear error to reconnect, then no more refreshes', () => {
    const server = rotatingServer();
    let lose = true;
    const host = scriptedHost(
      (req, now) =>
        server.respond(req, now, (refreshToken) => {
          if (!lose) return undefined;
          lose = false;
          server.rotate(refreshToken, now); // the service acted; its answer never arrives
          return networkFailure('ECONNRESET', true);
        }),
      { startMs: T0 },
    );
    const client = oauthClient();
    runSync(connectWithCode(client, 'code'), host.sync);
    host.sync.sleep(10800_000);
    const attempt = () => {
      try {
        runSync(sendOne(client, operation('lists.getAll'), {}), host.sync);
        return null;
      } catch (error) {
        return error as AuthError;
      }
    };
    const first = attempt();
    expect(first).toBeInstanceOf(AuthError);
    expect(first!.message).toMatch(/answer was lost.*connect the account again/);
    expect(first!.code).toBe('reconnectRequired');
    const sent = refreshes(host.log).length;
    expect(sent).toBe(2); // the lost one and one repeat, refused
    // Later runs (any process reading this store) fail at once with the same error, sending nothing.
    for (let i = 0; i < 5; i++) expect(attempt()?.message).toBe(first!.message);
    expect(refreshes(host.log)).toHaveLength(sent);
    expect(runSync(readToken('tok'), host.sync)?.deadReason).toMatch(/answer was lost/);
    // Connecting again clears it.
    runSync(connectWithCode(client, 'code'), host.sync);
    expect(attempt()).toBeNull();
  });

  it('a refresh whose answer was lost before the service acted: the repeat succeeds', () => {
    const server = rotatingServer();
    let lose = true;
    const host = scriptedHost(
      (req, now) =>
        server.respond(req, now, () => {
          if (!lose) return undefined;
          lose = false;
          return networkFailure('ETIMEDOUT', true);
        }),
      { startMs: T0 },
    );
    const client = oauthClient();
    runSync(connectWithCode(client, 'code'), host.sync);
    host.sync.sleep(10800_000);
    runSync(sendOne(client, operation('lists.getAll'), {}), host.sync);
    expect(host.log.at(-1)!.headers.authorization).toBe('Bearer at2');
  });
});
