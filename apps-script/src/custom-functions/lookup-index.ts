import type { AnyOperation } from '../../../shared';
import { afterWindow, openWindow, readChanges } from '../../../shared/flow/incremental-read';
import { readPagesSideBySide } from '../../../shared/flow/paginate-parallel';
import { cacheKey } from '../cache';
import { customFunctionCell } from '../cells';
import { recordRow } from '../sheet-io';
import type { Answering } from './answer';
import { SHARD_MAX_BYTES, shardOf, toShards, utf8Bytes, type Shard } from './lookup-shards';
import { windowOf } from './org';

/**
 * The look-up index of a column of cells, kept in the user's cache in shards (lookup-shards.ts) and built once for all
 * of them: Sheets runs up to 30 cells side by side, and the first to find no index marks it "being built" (under the
 * user lock) and reads the org; the others wait for it within their 30 s instead of each reading the org again.
 * Once built, the index is refreshed by the keyset read of what changed since (one execution, the others answer
 * from the index they have), never read whole again until the cache drops it.
 */
/** What a look-up reads and how its keys are found in a record (contacts, companies: lookup.ts). */
export interface LookupKind {
  op: AnyOperation;
  /** The record's id: the incremental refresh reads by it (shared/flow/incremental-read.ts). */
  idField: string;
  known: readonly string[];
  defaults: readonly string[];
  /** The index keys one record answers to. */
  keysOf(record: Record<string, unknown>): string[];
  normalize(key: string): string;
}

interface Head {
  shards: number;
  /** End (inclusive) of the window read so far: the next refresh reads what changed after it. */
  end: string;
  /** When the index was last read or refreshed (ms). */
  at: number;
  records: number;
}

/** Shards live as long as the cache allows (6 h): the per-cell answers, shorter-lived, are evicted first. */
const SHARD_TTL_S = 21600;
/** A "being built" mark older than this is from an execution that died: another may take over. */
const MARK_MS = 28000;
const WAIT_STEP_MS = 200;
const LOCK_WAIT_MS = 10000;
const PUT_BATCH = 50;

export const STILL_BUILDING = 'Still reading your saved records for the look-up; recalculate in a minute.';

function cache(): GoogleAppsScript.Cache.Cache {
  return CacheService.getUserCache();
}

function parsed<T>(text: string | null | undefined): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

const headKey = (base: string) => `${base}.h`;
const markKey = (base: string) => `${base}.b`;
const shardKey = (base: string, i: number) => `${base}.s${i}`;

function putAll(entries: Record<string, string>): void {
  const names = Object.keys(entries);
  for (let i = 0; i < names.length; i += PUT_BATCH) {
    cache().putAll(Object.fromEntries(names.slice(i, i + PUT_BATCH).map((k) => [k, entries[k]])), SHARD_TTL_S);
  }
}

/** The rows of `keys` from the index, or null when a shard is gone (the cache dropped it: the index is rebuilt). */
function readKeys(base: string, head: Head, keys: readonly string[]): Shard | null {
  const wanted = [...new Set(keys.map((k) => shardOf(k, head.shards)))].map((i) => shardKey(base, i));
  const got = cache().getAll(wanted);
  const rows: Shard = {};
  for (const name of wanted) {
    const shard = parsed<Shard>(got[name]);
    if (!shard) return null;
    Object.assign(rows, shard);
  }
  return Object.fromEntries(keys.filter((k) => k in rows).map((k) => [k, rows[k]]));
}

type Claim = 'mine' | 'ready' | 'busy';

/** Under the user lock: an index fresh enough is ready; a live mark means another execution builds; else we do. */
function claim(base: string, freshMs: number): Claim {
  const lock = LockService.getUserLock();
  lock.waitLock(LOCK_WAIT_MS);
  try {
    const head = parsed<Head>(cache().get(headKey(base)));
    if (head && Date.now() - head.at < freshMs) return 'ready';
    const mark = parsed<{ until: number }>(cache().get(markKey(base)));
    if (mark && mark.until > Date.now()) return 'busy';
    cache().put(markKey(base), JSON.stringify({ until: Date.now() + MARK_MS }), Math.ceil(MARK_MS / 1000));
    return 'mine';
  } finally {
    lock.releaseLock();
  }
}

/** Reads the whole window side by side and stores it in shards. */
function build(base: string, kind: LookupKind, a: Answering, days: number, columns: string[], expected: number): void {
  const window = windowOf(days);
  const pages = a.run(readPagesSideBySide<Record<string, unknown>>(a.client, kind.op, window, { expectedItems: expected }));
  const entries: Shard = {};
  // Records come oldest change first: a later record of the same key wins.
  for (const record of pages.items) for (const k of kind.keysOf(record)) entries[k] = recordRow(record, columns, customFunctionCell);
  const shards = toShards(entries);
  const values: Record<string, string> = {};
  shards.forEach((s, i) => (values[shardKey(base, i)] = JSON.stringify(s)));
  putAll(values);
  const head: Head = { shards: shards.length, end: window.endDate, at: Date.now(), records: pages.items.length };
  cache().put(headKey(base), JSON.stringify(head), SHARD_TTL_S);
}

/** Reads what changed after the index's window (keyset by updatedAt) into the shards it touches. */
function refresh(base: string, head: Head, kind: LookupKind, a: Answering, columns: string[]): boolean {
  const read = a.run(
    (function* () {
      const cursor = yield* openWindow(afterWindow({ windowEnd: head.end }), 0);
      const changes = yield* readChanges<Record<string, unknown>>(a.client, kind.op, cursor, kind.idField);
      return { changes, end: cursor.windowEnd };
    })(),
  );
  const entries: Shard = {};
  for (const record of read.changes.records) for (const k of kind.keysOf(record)) entries[k] = recordRow(record, columns, customFunctionCell);
  const touched = [...new Set(Object.keys(entries).map((k) => shardOf(k, head.shards)))];
  const got = cache().getAll(touched.map((i) => shardKey(base, i)));
  const values: Record<string, string> = {};
  for (const i of touched) {
    const shard = parsed<Shard>(got[shardKey(base, i)]);
    if (!shard) return false;
    for (const k of Object.keys(entries)) if (shardOf(k, head.shards) === i) shard[k] = entries[k];
    const text = JSON.stringify(shard);
    if (utf8Bytes(text) > SHARD_MAX_BYTES) return false;
    values[shardKey(base, i)] = text;
  }
  putAll(values);
  const next: Head = { ...head, end: read.end, at: Date.now(), records: head.records + read.changes.records.length };
  cache().put(headKey(base), JSON.stringify(next), SHARD_TTL_S);
  return true;
}

/** A refresh that fails (the rate limit, the network) keeps the index it had: it is tried again after the TTL. */
function refreshOrKeep(base: string, head: Head, kind: LookupKind, a: Answering, columns: string[]): boolean {
  try {
    return refresh(base, head, kind, a, columns);
  } catch {
    cache().put(headKey(base), JSON.stringify({ ...head, at: Date.now() }), SHARD_TTL_S);
    return true;
  }
}

/**
 * key -> row of the asked fields for `keys` (normalized), from the shared index: built once across executions,
 * refreshed incrementally once it is older than the cache TTL. `deadlineMs`: the latest this cell may wait.
 */
export function lookupRows(kind: LookupKind, a: Answering, days: number, columns: string[], keys: readonly string[], deadlineMs: number): Shard {
  const base = cacheKey(`${a.fn}.index`, [a.client.identity, days, columns]);
  const freshMs = a.client.addOn.cacheTtlS * 1000;
  for (;;) {
    const head = parsed<Head>(cache().get(headKey(base)));
    if (head && Date.now() - head.at < freshMs) {
      const rows = readKeys(base, head, keys);
      if (rows) return rows;
      cache().remove(headKey(base));
      continue;
    }
    const claimed = claim(base, freshMs);
    if (claimed === 'ready') continue;
    if (claimed === 'mine') {
      try {
        if (!head || !refreshOrKeep(base, head, kind, a, columns)) build(base, kind, a, days, columns, Math.max(keys.length, head?.records ?? 0));
      } finally {
        cache().remove(markKey(base));
      }
      continue;
    }
    // Another execution builds or refreshes: a stale index answers now; without one, wait for it.
    if (head) {
      const rows = readKeys(base, head, keys);
      if (rows) return rows;
    }
    if (Date.now() + WAIT_STEP_MS > deadlineMs) throw new Error(STILL_BUILDING);
    Utilities.sleep(WAIT_STEP_MS);
  }
}
