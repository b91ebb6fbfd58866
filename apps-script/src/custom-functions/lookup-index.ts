import { afterWindow, openWindow, readChanges } from '../../../shared/flow/incremental-read';
import { cacheKey } from '../cache';
import { WAIT_REFUSED } from '../host';
import type { Answering } from './answer';
import { buildPart } from './lookup-build';
import { entriesOf, type LookupKind } from './lookup-kind';
import type { Shard } from './lookup-shards';
import { partialRows, rowsIn } from './lookup-partial';
import { BUSY, claim, holder, release, type Claim } from './lookup-lease';
import { want } from './lookup-wanted';
import { addRound, buildKey, cache, headKey, markKey, parsed, putJson, type BuildState, type Head } from './lookup-store';

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
const WAIT_STEP_MS = 1000;
/**
 * A build part's rounds must end this long before the cell's deadline (storing what it read takes time too); rounds
 * are sized to the time left (lookup-build.ts).
 */
const STORE_MARGIN_MS = 2500;
/** Less time left than this: a cell does not take the build on, it would store nothing. */
const MIN_PART_MS = 5000;

/**
 * The value of a key the unfinished index has not read yet, when the cell's time is up: in the add-on's words, never
 * an error (Sheets shows a cell's error as #ERROR!, and the recalculation would have nothing to show for it).
 */
export const STILL_BUILDING = '(still reading your saved records: recalculate in a minute)';

/** What a cell found: `done` when the index was whole, else the keys the build has read so far. */
export interface Found {
  rows: Shard;
  done: boolean;
}

/** Records an unfinished build has stored (-1: no build stored), to tell whether a part moved it on. */
function storedRecords(text: string | null | undefined): number {
  return parsed<BuildState>(text)?.records ?? -1;
}

/** The rows of `keys` from the index, or null when an item is gone (the cache dropped it: the index is rebuilt). */
function readKeys(base: string, head: Head, keys: readonly string[]): Shard | null {
  if (!Array.isArray(head.rounds)) return null;
  const { rows, whole } = rowsIn(base, head.rounds, keys);
  return whole ? rows : null;
}

/** Reads what changed after the index's window (keyset by updatedAt) and stores it as the index's next round. */
function refresh(base: string, head: Head, kind: LookupKind, a: Answering, columns: string[]): boolean {
  const read = a.run(
    (function* () {
      const cursor = yield* openWindow(afterWindow({ windowEnd: head.end }), 0);
      const changes = yield* readChanges<Record<string, unknown>>(a.client, kind.op, cursor, kind.idField);
      return { changes, end: cursor.windowEnd };
    })(),
  );
  const entries: Shard = entriesOf(kind, read.changes.records, columns);
  if (!Array.isArray(head.rounds)) return false;
  const next: Head = { ...addRound(base, entries, head), end: read.end, at: Date.now(), records: head.records + read.changes.records.length };
  putJson(headKey(base), next);
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
export function lookupRows(kind: LookupKind, a: Answering, days: number, columns: string[], keys: readonly string[], deadlineMs: number): Found {
  const base = cacheKey(`${a.fn}.index`, [a.client.identity, days, columns]);
  const freshMs = a.client.addOn.cacheTtlS * 1000;
  const partial = partialRows(base, keys);
  // A part that stored nothing (too little time left for one round at the measured pace) ends this cell's building:
  // claiming again would only spin on the lock and the cache until the deadline.
  let mayBuild = true;
  for (;;) {
    // One look: the head, the "being built" mark and where a build stands; the lock only to claim.
    const got = cache().getAll([headKey(base), markKey(base), buildKey(base)]);
    const head = parsed<Head>(got[headKey(base)]);
    if (head && Date.now() - head.at < freshMs) {
      const rows = readKeys(base, head, keys);
      if (rows) return { rows, done: true };
      cache().remove(headKey(base));
      continue;
    }
    const claimed: Claim = mayBuild && !holder(got[markKey(base)]) && Date.now() + MIN_PART_MS < deadlineMs ? claim(base, freshMs) : BUSY;
    if (claimed.kind === 'ready') continue;
    if (claimed.kind === 'mine') {
      const before = storedRecords(got[buildKey(base)]);
      try {
        if (!head || !refreshOrKeep(base, head, kind, a, columns))
          buildPart({ base, token: claimed.token, kind, a, days, columns }, Math.max(keys.length, head?.records ?? 0), deadlineMs - STORE_MARGIN_MS);
      } catch (error) {
        // The rate window or the lock would outlast this cell: what it stored stands, the next part goes on.
        if (!WAIT_REFUSED.test(String(error))) throw error;
      } finally {
        release(base, claimed.token);
      }
      mayBuild = storedRecords(cache().get(buildKey(base))) !== before;
      continue;
    }
    // Another execution builds or refreshes: a stale index answers now; without one, the build's chunks so far.
    const stale = head && readKeys(base, head, keys);
    if (stale) return { rows: stale, done: true };
    const rows = partial(parsed<BuildState>(got[buildKey(base)]));
    if (keys.every((k) => k in rows)) return { rows, done: false };
    if (Date.now() + WAIT_STEP_MS > deadlineMs) {
      // The sidebar's job may read this index at the rate bound: it finds it here.
      want(base, [a.fn, days, columns]);
      return { rows, done: false };
    }
    Utilities.sleep(WAIT_STEP_MS);
  }
}
