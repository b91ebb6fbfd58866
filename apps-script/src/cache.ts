import { fingerprint } from '../../shared/hash';
import { parsed } from './property-stores';
import { activeBook } from './sheet-io';

/**
 * Custom-function answers in the user's cache, keyed by document + function + arguments, so a recalculation
 * within the TTL asks the service nothing and one user's answers never reach another user or document.
 * CacheService takes at most 100 KB per value: larger answers are split into chunks (written with one
 * putAll, read with one getAll); answers beyond MAX_CHUNKS chunks are not cached at all.
 */
const CHUNK_CHARS = 30000; // at most 3 bytes per char in UTF-8: < 100 KB per chunk
const MAX_CHUNKS = 30;

/** A cache key for any text: two 32-bit FNV-1a hashes (of the text and of the text salted), a 64-bit key short enough for the 250-char limit. */
export function shortCacheKey(prefix: string, text: string): string {
  return `${prefix}${fingerprint(text)}${fingerprint(`\u0001${text}`)}`;
}

function keyFor(parts: readonly unknown[]): string {
  return shortCacheKey('pds.cf.', JSON.stringify(parts));
}

/** The user's cache, or null where the execution may not use it. */
export function userCache(): GoogleAppsScript.Cache.Cache | null {
  try {
    return CacheService.getUserCache();
  } catch {
    return null;
  }
}

export function cacheKey(fn: string, args: readonly unknown[]): string {
  let documentId = '';
  try {
    documentId = activeBook().getId();
  } catch {
    // No active document (a test run from the editor): the key still separates functions and arguments.
  }
  return keyFor([documentId, fn, args]);
}

export function cacheGet<T>(key: string): T | null {
  const cache = userCache();
  if (!cache) return null;
  const head = cache.get(key);
  if (!head) return null;
  const count = Number(head);
  if (!Number.isInteger(count) || count < 1) return null;
  const names = Array.from({ length: count }, (_, i) => `${key}.${i}`);
  const parts = cache.getAll(names);
  if (names.some((n) => parts[n] === undefined)) return null;
  return parsed<T>(names.map((n) => parts[n]).join(''));
}

export function cachePut(key: string, value: unknown, ttlS: number): boolean {
  const cache = userCache();
  if (!cache) return false;
  const text = JSON.stringify(value);
  const count = Math.max(1, Math.ceil(text.length / CHUNK_CHARS));
  if (count > MAX_CHUNKS) return false;
  const entries: Record<string, string> = {};
  for (let i = 0; i < count; i++) entries[`${key}.${i}`] = text.slice(i * CHUNK_CHARS, (i + 1) * CHUNK_CHARS);
  entries[key] = String(count);
  try {
    cache.putAll(entries, ttlS);
    return true;
  } catch {
    return false;
  }
}
