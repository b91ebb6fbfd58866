import type { ChangeCursor } from '../../../shared/flow/incremental-read';
import { toShards, type Shard } from './lookup-shards';

export { parsed } from '../property-stores';

/**
 * Where the look-up index lives in the user's cache, under one base key per (document, function, credential,
 * lookback, fields): `.h` the head of a finished index, `.b` the "being built" mark, `.r` where an unfinished build
 * stands and `.c<k>` the records read, one round after another. Each round is stored as `count` items split by a
 * hash of the key (lookup-shards.ts), so a key is in item `first + shardOf(key, count)` of every round, later rounds
 * winning: the finished index IS the chunks the build stored (issue 29: putting 50,000 records together again at the
 * end took longer than the cell that did it had, and the build never ended), and a refresh adds a round.
 */
export type Round = [first: number, count: number];

export interface Head {
  rounds: Round[];
  /** Items stored so far: the next round's first. */
  chunks: number;
  /** End (inclusive) of the window read so far: the next refresh reads what changed after it. */
  end: string;
  /** When the index was last read or refreshed (ms). */
  at: number;
  records: number;
}

/** An unfinished build: the keyset slices still open, and how many chunks of read records are stored. */
export interface BuildState {
  open: ChangeCursor[];
  end: string;
  chunks: number;
  records: number;
  rounds: Round[];
  /** The time per page (fetch, decode, entries) the last round measured: where the next part starts from. */
  pageMs?: number;
}

/** Everything lives as long as the cache allows (6 h): the per-cell answers, shorter-lived, are evicted first. */
export const INDEX_TTL_S = 21600;
const PUT_BATCH = 50;

export const headKey = (base: string) => `${base}.h`;
export const markKey = (base: string) => `${base}.b`;
export const buildKey = (base: string) => `${base}.r`;
export const chunkKey = (base: string, k: number) => `${base}.c${k}`;

export function cache(): GoogleAppsScript.Cache.Cache {
  return CacheService.getUserCache();
}

export function putJson(key: string, value: unknown): void {
  cache().put(key, JSON.stringify(value), INDEX_TTL_S);
}

/**
 * Stores a round's entries as the items after `at`'s chunks (split by a hash of the key: lookup-shards.ts), in putAll
 * calls of PUT_BATCH items; answers the rounds and chunk count that hold it (as they were when there is nothing).
 */
export function addRound(base: string, entries: Shard, at: Pick<Head, 'rounds' | 'chunks'>): Pick<Head, 'rounds' | 'chunks'> {
  const items = (Object.keys(entries).length ? toShards(entries) : []).map((s, i) => [chunkKey(base, at.chunks + i), JSON.stringify(s)]);
  for (let i = 0; i < items.length; i += PUT_BATCH) cache().putAll(Object.fromEntries(items.slice(i, i + PUT_BATCH)), INDEX_TTL_S);
  return { rounds: items.length ? [...at.rounds, [at.chunks, items.length]] : at.rounds, chunks: at.chunks + items.length };
}
