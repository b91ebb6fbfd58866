import { afterWindow, openWindow, readChanges } from '../../../shared/flow/incremental-read';
import { cacheKey } from '../cache';
import type { Answering } from './answer';
import { buildPart } from './lookup-build';
import { entriesOf, type LookupKind } from './lookup-kind';
import { SHARD_MAX_BYTES, shardOf, utf8Bytes, type Shard } from './lookup-shards';
import { partialRows } from './lookup-partial';
import { claim, holder, release, type Claim } from './lookup-lease';
import { buildKey, cache, headKey, markKey, parsed, putAll, putJson, shardKey, type BuildState, type Head } from './lookup-store';

export type { LookupKind } from './lookup-kind';

/**
 * The look-up index of a column of cells, kept in the user's cache in shards (lookup-shards.ts) and built once for all
 * of them: Sheets runs up to 30 cells side by side, and the first to find no index marks it "being built" (under the
 * user lock) and reads the org (lookup-build.ts, in parts when it is larger than one cell can read); the others wait
 * for it within their 30 s instead of each reading the org again. Once built, the index is refreshed by the keyset
 * read of what changed since (one execution; the others answer from the index they have), never read whole again
 * until the cache drops it.
 */

/** A waiting cell looks again this often: each look is a few service calls, which the building cell's CPU shares. */
const WAIT_STEP_MS = 700;
/**
 * A build part's rounds must end this long before the cell's deadline (storing what it read takes time too); rounds
 * are sized to the time left (lookup-build.ts).
 */
const STORE_MARGIN_MS = 3000;
/** Less time left than this: a cell does not take the build on, it would store nothing. */
const MIN_PART_MS = 9000;

export const STILL_BUILDING = 'Still reading your saved records for the look-up; recalculate in a minute.';

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

/** Reads what changed after the index's window (keyset by updatedAt) into the shards it touches. */
function refresh(base: string, head: Head, kind: LookupKind, a: Answering, columns: string[]): boolean {
  const read = a.run(
    (function* () {
      const cursor = yield* openWindow(afterWindow({ windowEnd: head.end }), 0);
      const changes = yield* readChanges<Record<string, unknown>>(a.client, kind.op, cursor, kind.idField);
      return { changes, end: cursor.windowEnd };
    })(),
  );
  const entries = entriesOf(kind, read.changes.records, columns);
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
  putJson(headKey(base), { ...head, end: read.end, at: Date.now(), records: head.records + read.changes.records.length });
  return true;
}

/** A refresh that fails (the rate limit, the network) keeps the index it had: it is tried again after the TTL. */
function refreshOrKeep(base: string, head: Head, kind: LookupKind, a: Answering, columns: string[]): boolean {
  try {
    return refresh(base, head, kind, a, columns);
  } catch {
    putJson(headKey(base), { ...head, at: Date.now() });
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
  const partial = partialRows(base, keys);
  for (;;) {
    // One look: the head, the "being built" mark and where a build stands; the lock only to claim.
    const got = cache().getAll([headKey(base), markKey(base), buildKey(base)]);
    const head = parsed<Head>(got[headKey(base)]);
    if (head && Date.now() - head.at < freshMs) {
      const rows = readKeys(base, head, keys);
      if (rows) return rows;
      cache().remove(headKey(base));
      continue;
    }
    const claimed: Claim = !holder(got[markKey(base)]) && Date.now() + MIN_PART_MS < deadlineMs ? claim(base, freshMs) : { kind: 'busy' };
    if (claimed.kind === 'ready') continue;
    if (claimed.kind === 'mine') {
      try {
        if (!head || !refreshOrKeep(base, head, kind, a, columns))
          buildPart({ base, token: claimed.token, kind, a, days, columns }, Math.max(keys.length, head?.records ?? 0), deadlineMs - STORE_MARGIN_MS);
      } finally {
        release(base, claimed.token);
      }
      continue;
    }
    // Another execution builds or refreshes: a stale index answers now; without one, the build's chunks so far.
    const rows = head ? readKeys(base, head, keys) : partial(parsed<BuildState>(got[buildKey(base)]));
    if (rows) return rows;
    if (Date.now() + WAIT_STEP_MS > deadlineMs) throw new Error(STILL_BUILDING);
    Utilities.sleep(WAIT_STEP_MS);
  }
}
