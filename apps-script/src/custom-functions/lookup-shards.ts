import { fingerprint } from '../../../shared/hash';
import type { CellValue } from '../cells';

/**
 * The look-up index split into shards by a hash of the key, so an org of 50,000 saved records fits CacheService
 * (100 KB per value, 1,000 items per cache) and a cell reads only the shard that holds its key, not the whole index.
 */
export type Shard = Record<string, CellValue[]>;

/** Under CacheService's 100 KB per value, with room for growth by incremental refreshes. */
export const SHARD_TARGET_BYTES = 60 * 1024;
export const SHARD_MAX_BYTES = 95 * 1024;

/** UTF-8 length of a string (CacheService counts bytes). */
export function utf8Bytes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

export function shardOf(key: string, count: number): number {
  return parseInt(fingerprint(key), 16) % count;
}

/** Bytes one entry adds to a shard's JSON: `"key":[...],`. */
function entryBytes(key: string, row: CellValue[]): number {
  return utf8Bytes(JSON.stringify(key)) + utf8Bytes(JSON.stringify(row)) + 2;
}

/**
 * Splits key -> row into as few shards as keep each under SHARD_MAX_BYTES (doubling the count while one is over).
 * Sizes are summed per entry, measured once: a custom function has 30 s for 50,000 records.
 */
export function toShards(entries: Shard): Shard[] {
  const keys = Object.keys(entries);
  const sizes = keys.map((k) => entryBytes(k, entries[k]));
  const hashes = keys.map((k) => parseInt(fingerprint(k), 16));
  const total = sizes.reduce((a, b) => a + b, 2);
  let count = Math.max(1, Math.ceil(total / SHARD_TARGET_BYTES));
  for (;;) {
    const bytes = new Array<number>(count).fill(2);
    hashes.forEach((h, i) => (bytes[h % count] += sizes[i]));
    if (bytes.every((b) => b <= SHARD_MAX_BYTES) || count >= keys.length) {
      const shards: Shard[] = Array.from({ length: count }, () => ({}));
      keys.forEach((k, i) => (shards[hashes[i] % count][k] = entries[k]));
      return shards;
    }
    count *= 2;
  }
}
