import { cacheKey, shortCacheKey, userCache } from '../cache';
import type { CellValue } from '../cells';
import { parsed } from '../property-stores';

/**
 * Each answered search of a column of searches, cached on its own (one getAll, one putAll per formula): a formula
 * answered in part asks only for the rest when it is recalculated, so every recalculation moves the column on.
 */
const MAX_VALUE_CHARS = 90000; // CacheService takes at most 100 KB per value
const PUT_BATCH = 100;

export function searchRowKeys(fn: string, identity: string, searches: readonly string[], max: number): string[] {
  const base = `${cacheKey(`${fn}.row`, [identity, max])}.`;
  return searches.map((s) => shortCacheKey(base, s));
}

export function readSearchRows(keys: readonly string[]): (CellValue[][] | null)[] {
  const found = keys.length ? (userCache()?.getAll([...keys]) ?? {}) : {};
  return keys.map((k) => parsed<CellValue[][]>(found[k]));
}

export function storeSearchRows(entries: readonly [string, CellValue[][]][], ttlS: number): void {
  const cache = userCache();
  const fitting = entries.map(([k, v]) => [k, JSON.stringify(v)] as const).filter(([, v]) => v.length <= MAX_VALUE_CHARS);
  for (let i = 0; cache && i < fitting.length; i += PUT_BATCH) {
    try {
      cache.putAll(Object.fromEntries(fitting.slice(i, i + PUT_BATCH)), ttlS);
    } catch {
      // Only a later recalculation's saving is lost: those searches are asked again.
    }
  }
}
