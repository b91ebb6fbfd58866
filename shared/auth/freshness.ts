import type { Client } from '../client';
import { nowMs, storeGet, type Flow } from '../effects';
import type { StoredToken } from './token-store';
import { isObjectOrList } from '../flow/is-object';

/**
 * Whether an OAuth connection's stored access token can be used as it is, by the measure the core refreshes by
 * (refreshAheadMs before expiry). A caller that must never refresh (a Sheets custom function cannot store the
 * rotated pair) asks this first and stops on 'stale'. 'missing': no token stored (the core will say "Not
 * connected" without a request); 'not-oauth': the client does not use OAuth.
 */
export type TokenFreshness = 'not-oauth' | 'missing' | 'fresh' | 'stale';

/** True while the token is more than `refreshAheadMs` from its expiry. */
export function isTokenFresh(token: Pick<StoredToken, 'expiresAtMs'>, now: number, refreshAheadMs: number): boolean {
  return Number(token.expiresAtMs) - now > refreshAheadMs;
}

export function* tokenFreshness(client: Pick<Client, 'auth' | 'settings'>): Flow<TokenFreshness> {
  if (client.auth.type !== 'oauth2') return 'not-oauth';
  const raw = yield* storeGet(client.auth.storeKey);
  if (!raw) return 'missing';
  let token: StoredToken | null;
  try {
    token = JSON.parse(raw) as StoredToken;
  } catch {
    token = null;
  }
  // A stored value that cannot be read is no usable token: it needs renewing as much as an expired one.
  if (!isObjectOrList(token)) return 'stale';
  return isTokenFresh(token, yield* nowMs(), client.settings.refreshAheadMs) ? 'fresh' : 'stale';
}
