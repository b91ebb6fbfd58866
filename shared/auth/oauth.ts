import { tokenOperation } from '../catalogue/oauth';
import type { Client } from '../client';
import { nowMs, withLock, type Flow } from '../effects';
import { AuthError } from '../errors';
import { normalizeToken } from '../records/token';
import { decode, exchange, prepare } from '../flow/send';
import { readToken, writeToken, type StoredToken } from './token-store';

type OAuthAuth = Extract<Client['auth'], { type: 'oauth2' }>;

function oauthOf(client: Client): OAuthAuth {
  if (client.auth.type !== 'oauth2') throw new AuthError('This connection does not use OAuth.');
  return client.auth;
}

/** Calls the token endpoint (no Authorization header, spec 4.2) and normalises either response form. */
function* requestToken(client: Client, grant: { grant_type: 'authorization_code'; code: string } | { grant_type: 'refresh_token'; refresh_token: string }): Flow<StoredToken> {
  const auth = oauthOf(client);
  const input = { client_id: auth.clientId, client_secret: auth.clientSecret, redirect_uri: auth.redirectUri, ...grant };
  const prepared = prepare(tokenOperation, input, client);
  const response = yield* exchange(client, tokenOperation, prepared.request);
  const reply = decode(tokenOperation, response, client.settings.strictResponses, prepared.request);
  const t = normalizeToken(reply.body, yield* nowMs());
  return { accessToken: t.accessToken, refreshToken: t.refreshToken, expiresAtMs: t.expiresAtMs, refreshExpiresAtMs: t.refreshExpiresAtMs };
}

/** Authorization-code exchange (spec 5.3): stores the tokens and returns them. */
export function* connectWithCode(client: Client, code: string): Flow<StoredToken> {
  const auth = oauthOf(client);
  const token = yield* requestToken(client, { grant_type: 'authorization_code', code });
  yield* writeToken(auth.storeKey, token);
  return token;
}

function fresh(token: StoredToken, now: number, aheadMs: number): boolean {
  return token.expiresAtMs - now > aheadMs;
}

/**
 * A usable access token: the stored one while it is fresh; otherwise one refresh at a time under a lock,
 * re-reading the store after taking it (another run may have refreshed already), and storing the rotated
 * refresh token before the new access token is used (spec 5.5: the old refresh token is dead).
 */
export function* accessToken(client: Client, force: boolean): Flow<string> {
  const auth = oauthOf(client);
  const before = yield* readToken(auth.storeKey);
  if (!before) throw new AuthError('Not connected: sign in with OAuth first.', { hint: 'Open the connection settings and connect the account.' });
  if (!force && fresh(before, yield* nowMs(), client.settings.refreshAheadMs)) return before.accessToken;

  return yield* withLock(`${auth.storeKey}:lock`, client.settings.lockTimeoutMs, function* () {
    const current = yield* readToken(auth.storeKey);
    if (!current) throw new AuthError('Not connected: sign in with OAuth first.');
    const now = yield* nowMs();
    const refreshedMeanwhile = current.accessToken !== before.accessToken;
    if (refreshedMeanwhile || (!force && fresh(current, now, client.settings.refreshAheadMs))) return current.accessToken;
    if (current.refreshExpiresAtMs !== null && current.refreshExpiresAtMs <= now) {
      throw new AuthError('The OAuth connection has expired: connect the account again.', { hint: 'Refresh tokens last 7 days (spec 5.4).' });
    }
    let next: StoredToken;
    try {
      next = yield* requestToken(client, { grant_type: 'refresh_token', refresh_token: current.refreshToken });
    } catch (error) {
      if (error instanceof Error && 'status' in error && (error.status === 400 || error.status === 401)) {
        throw new AuthError(`The OAuth connection was refused when refreshing (${error.message}): connect the account again.`, { status: (error as AuthError).status });
      }
      throw error;
    }
    yield* writeToken(auth.storeKey, next);
    return next.accessToken;
  });
}
