import { tokenOperation } from '../catalogue/oauth';
import type { Client } from '../client';
import { nowMs, sleep, withLock, type Flow } from '../effects';
import { AuthError, NetworkError, ProspectingError, ServerError, UnexpectedResponseError } from '../errors';
import { normalizeToken } from '../records/token';
import { decode } from '../flow/decode';
import { exchangeWith, type Sign } from '../flow/exchange';
import { prepare } from '../flow/prepare';
import { isTokenFresh } from './freshness';
import { readToken, writeToken, type StoredToken } from './token-store';

type OAuthAuth = Extract<Client['auth'], { type: 'oauth2' }>;

function oauthOf(client: Client): OAuthAuth {
  if (client.auth.type !== 'oauth2') throw new AuthError('This connection does not use OAuth.');
  return client.auth;
}

/** Spec 2.1: access tokens last 10800 s by default; used when an answer's expiry cannot be read. */
const DEFAULT_ACCESS_TTL_MS = 10_800_000;

/** Non-empty text (a token). */
function isFilled(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/**
 * Reads the tokens out of a token answer of either form. Once the service has answered 2xx the old refresh
 * token is dead (spec 5.5), so this never throws while the two tokens are there: an unreadable expiry falls
 * back to expires_in, then to the spec's default lifetime.
 */
function tokensFrom(body: unknown, now: number, keptRefreshToken: string | null, serviceNowMs?: number): StoredToken | null {
  const given = (body ?? {}) as Record<string, unknown>;
  // RFC 6749 6: a refresh answer without a refresh token leaves the one we hold valid (the published answer makes it optional).
  const b = isFilled(given.refresh_token) ? given : { ...given, refresh_token: keptRefreshToken };
  if (!isFilled(b.access_token) || !isFilled(b.refresh_token)) return null;
  try {
    // The stored token is the normalized one without the answer it was read from.
    const { raw: _raw, ...token } = normalizeToken(b, now, serviceNowMs);
    if (Number.isFinite(token.expiresAtMs)) return token;
  } catch {
    // Fall through to the lenient reading below.
  }
  const expiresIn = typeof b.expires_in === 'number' && b.expires_in >= 0 ? b.expires_in * 1000 : DEFAULT_ACCESS_TTL_MS;
  return { accessToken: b.access_token, refreshToken: b.refresh_token, expiresAtMs: now + expiresIn, refreshExpiresAtMs: null };
}

/** The token route carries no credential (spec 4.2; its catalogue entry is `auth: 'none'`, which authorize also leaves unsigned). */
const unsigned: Sign = function* (request) {
  return request;
};

/** Calls the token endpoint (no Authorization header, spec 4.2) and reads either response form. */
function* requestToken(
  client: Client,
  grant: { grant_type: 'authorization_code'; code: string } | { grant_type: 'refresh_token'; refresh_token: string },
): Flow<StoredToken> {
  const auth = oauthOf(client);
  const input = { client_id: auth.clientId, client_secret: auth.clientSecret, redirect_uri: auth.redirectUri, ...grant };
  const prepared = prepare(tokenOperation, input, client);
  const response = yield* exchangeWith(client, tokenOperation, prepared.request, unsigned);
  // The token route is `unsafe`, so decode never throws on its shape; a missing token is still an error.
  const reply = decode(tokenOperation, response, client.settings.strictResponses, prepared.request);
  // Expiry on our clock, from when the answer arrived; an `expires_at` on the service's clock is moved by its Date header.
  const dated = response.headers.date ? Date.parse(response.headers.date) : NaN;
  const kept = grant.grant_type === 'refresh_token' ? grant.refresh_token : null;
  const token = tokensFrom(reply.body, yield* nowMs(), kept, Number.isFinite(dated) ? dated : undefined);
  if (!token)
    throw new UnexpectedResponseError('Get OAuth token: the answer has no access_token and refresh_token; connect the account again.', {
      status: response.status,
    });
  return token;
}

/** Authorization-code exchange (spec 5.3): stores the tokens and returns them. */
export function* connectWithCode(client: Client, code: string): Flow<StoredToken> {
  const auth = oauthOf(client);
  const token = yield* requestToken(client, { grant_type: 'authorization_code', code });
  yield* writeToken(auth.storeKey, token);
  return token;
}

const RECONNECT_HINT = 'Open the connection settings and connect the account again (sign in with OAuth).';

/** The one error every run gets once the stored refresh token is known to be dead: no run calls the service again. */
function reconnectError(token: StoredToken): AuthError {
  return new AuthError(
    `The OAuth connection can no longer be refreshed (${token.deadReason ?? 'the service no longer accepts its refresh token'}): connect the account again.`,
    {
      status: 400,
      code: 'reconnectRequired',
      hint: RECONNECT_HINT,
    },
  );
}

/** A refused refresh (invalid_grant, 400) or a refused client (401): the service answered, nothing to retry. */
function isRefused(error: unknown): error is ProspectingError {
  return error instanceof ProspectingError && (error.status === 400 || error.status === 401);
}

/** No answer, or a 5xx, after the refresh may have reached the service: it may have rotated the tokens. */
function isLost(error: unknown): boolean {
  return (error instanceof NetworkError && error.maybeSent) || error instanceof ServerError;
}

/**
 * Refreshes under the lock. A refused refresh re-reads the store first: another process (with no lock shared
 * with ours) may have rotated the token, then its token is used. Otherwise the stored refresh token is dead:
 * that is written to the store, so every later run fails at once with the same clear error instead of each
 * sending its own doomed refresh. A refresh whose answer was lost is sent once more: the service either had not
 * acted (the repeat works) or had rotated (the repeat is refused, and the user is told to reconnect).
 */
function* refreshUnderLock(client: Client, storeKey: string, found: StoredToken): Flow<string> {
  const rotated = yield* awaitOtherRefresh(client, storeKey, found);
  if (typeof rotated === 'string') return rotated;
  const current = rotated;
  const me = client.random().toString(36).slice(2);
  yield* writeToken(storeKey, { ...current, refreshing: { by: me, sinceMs: yield* nowMs() } });
  let lostOnce = false;
  for (;;) {
    try {
      const next = yield* requestToken(client, { grant_type: 'refresh_token', refresh_token: current.refreshToken });
      yield* writeToken(storeKey, next);
      return next.accessToken;
    } catch (error) {
      if (isLost(error) && !lostOnce) {
        lostOnce = true;
        continue;
      }
      const now = yield* readToken(storeKey);
      if (!isRefused(error)) {
        // Our refresh failed without an answer on the token: let the next run try at once, not wait for us.
        if (now?.refreshing?.by === me) yield* writeToken(storeKey, withoutMarker(now));
        throw error;
      }
      if (now && now.refreshToken !== current.refreshToken && !now.deadReason) return now.accessToken;
      const why = error.message;
      const deadReason = lostOnce
        ? `the service rotated its tokens but the answer was lost (${why})`
        : `the service refused its refresh token (${why}); another program may have used it`;
      const dead: StoredToken = { ...withoutMarker(current), deadReason, deadSinceMs: yield* nowMs() };
      yield* writeToken(storeKey, dead);
      throw reconnectError(dead);
    }
  }
}

/** The stored token a run may use: none means not connected, a dead one gets the reconnect error. */
function usableToken(token: StoredToken | null, hint?: string): StoredToken {
  if (!token) throw new AuthError('Not connected: sign in with OAuth first.', { hint });
  if (token.deadReason) throw reconnectError(token);
  return token;
}

/** Apps Script's LockService waits at most 5 minutes. */
const LONGEST_LOCK_WAIT_MS = 300_000;

/**
 * How long a run waits for another run's refresh: at least lockTimeoutMs, and as long as the holder may itself
 * take (waiting out 429s on the token route, then one request), so that waiters are not failed while the holder
 * works within the same limits they would have (issue 21). Bounded by what every host's lock can wait.
 */
function lockWaitMs(s: Client['settings']): number {
  return Math.max(s.lockTimeoutMs, Math.min(s.maxRateLimitWaitMs + s.timeoutMs, LONGEST_LOCK_WAIT_MS));
}

const withoutMarker = (t: StoredToken): StoredToken => {
  const copy = { ...t };
  delete copy.refreshing;
  return copy;
};

/** How often a run waiting for another run's refresh looks at the store. */
const REFRESH_POLL_MS = 200;

/**
 * Another run marked the store as refreshing with this very refresh token, recently (within one request's time
 * limit): it may still be waiting for its answer (its lock broken as stale while it was only slow). Sending the same
 * refresh token now would be refused once the service has rotated, and would leave every run told to reconnect, so
 * this waits for that run's rotated token (returned) or for its mark to expire (the token as it then is).
 */
function* awaitOtherRefresh(client: Client, storeKey: string, found: StoredToken): Flow<StoredToken | string> {
  let current = found;
  for (;;) {
    const mark = current.refreshing;
    const now = yield* nowMs();
    // A mark older than a request (and its retry) can take was left by a run that stopped: refresh ourselves.
    if (!mark || now - mark.sinceMs > 2 * client.settings.timeoutMs) return current;
    yield* sleep(REFRESH_POLL_MS);
    const again = usableToken(yield* readToken(storeKey));
    if (again.refreshToken !== current.refreshToken) return again.accessToken;
    current = again;
  }
}

/**
 * A usable access token: the stored one while it is fresh; otherwise one refresh at a time under a lock,
 * re-reading the store after taking it (another run may have refreshed already), and storing the rotated
 * refresh token before the new access token is used (spec 5.5: the old refresh token is dead).
 * `rejected` is a token the service refused with 401: refresh unless the store already holds another one.
 */
export function* accessToken(client: Client, rejected: string | null): Flow<string> {
  const auth = oauthOf(client);
  const before = usableToken(yield* readToken(auth.storeKey), 'Open the connection settings and connect the account.');
  const isFresh = (t: StoredToken, now: number) => isTokenFresh(t, now, client.settings.refreshAheadMs);
  if (rejected === null && isFresh(before, yield* nowMs())) return before.accessToken;

  return yield* withLock(`${auth.storeKey}:lock`, lockWaitMs(client.settings), function* () {
    const current = usableToken(yield* readToken(auth.storeKey));
    const now = yield* nowMs();
    if (rejected !== null ? current.accessToken !== rejected : isFresh(current, now)) return current.accessToken;
    if (current.refreshExpiresAtMs !== null && current.refreshExpiresAtMs <= now) {
      throw new AuthError('The OAuth connection has expired: connect the account again.', { hint: 'Refresh tokens last 7 days (spec 5.4).' });
    }
    return yield* refreshUnderLock(client, auth.storeKey, current);
  });
}
