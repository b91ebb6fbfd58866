import type { SyncHost, SyncStore } from '../../shared';
import { sharedPacingKey } from '../../shared/flow/shared-pacing';
import { shortCacheKey, userCache } from './cache';

/**
 * Where every execution of the user finds the one rate budget (shared/flow/shared-pacing.ts): the user's cache, read
 * and written under the user lock. A cache rather than user properties: a column of cells paces every request, and
 * properties allow 50,000 reads and writes a day; a custom function may not write properties at all.
 */
const PREFIX = sharedPacingKey('');
const TTL_S = 3600;

// Credential identities can be long; cache keys may not pass 250 characters.
const cacheKeyOf = (key: string): string => shortCacheKey('pds.pace.', key);

/** The host's store with the pacing keys kept in the user's cache; every other key goes to `store` as before. */
export function withPacingStore(host: SyncHost): SyncHost {
  const store = host.store;
  if (!store) return host;
  const paced: SyncStore = {
    get: (key) => (key.startsWith(PREFIX) ? (userCache()?.get(cacheKeyOf(key)) ?? null) : store.get(key)),
    put: (key, value) => {
      if (!key.startsWith(PREFIX)) return store.put(key, value);
      try {
        userCache()?.put(cacheKeyOf(key), value, TTL_S);
      } catch {
        // A lost window costs pacing accuracy only: the next answer's headers tell it again.
      }
    },
    delete: (key) => (key.startsWith(PREFIX) ? userCache()?.remove(cacheKeyOf(key)) : store.delete(key)),
  };
  return { ...host, store: paced };
}
