import type { Client, Flow } from '../../../shared';
import { readSlicesOnce, type ChangeCursor } from '../../../shared/flow/incremental-read';
import { allOf } from '../../../shared/flow/parallel';
import { send } from '../../../shared/flow/send';
import { endpointKey } from '../../../shared/request/build';
import { orgPageSize, refillSlices } from '../imports/slices';
import type { Answering } from './answer';
import { entriesOf, type LookupKind } from './lookup-kind';
import type { Shard } from './lookup-shards';
import { addRound, buildKey, cache, headKey, parsed, putJson, type BuildState, type Head } from './lookup-store';
import { putMark, underUserLock } from './lookup-lease';
import { windowOf } from './org';
import { fail } from '../errors';

/**
 * Builds the look-up index by a keyset read of the org window in time slices side by side (the imports' slicing,
 * imports/slices.ts), in parts: an org of 50,000 saved records is 100 pages, more than one cell's 30 s may read at
 * the service's 60 a minute. After every round the part stores what it read (a chunk) and where the slices stand, so
 * a part cut at its limit loses one round at most, the next cell that claims the build goes on from there (no page
 * is read twice), and cells waiting for the index find their keys in the chunks as they come (lookup-partial.ts).
 * The part that reads the last slice stores the head: the rounds stored are the index (lookup-store.ts).
 *
 * A round is sized to the time the part has left: reading a page is its fetch, its decode (an org page of 500 records
 * is ~2.8 MB) and storing its entries, which cost CPU that the other cells of the column share, so the time per page
 * is measured on the part's own whole rounds (starting small and at most doubling) and a round starts only if it is
 * expected to end, stored, before `stopAt`.
 * A round that outlasts the cell is lost whole; one that fits is stored.
 */
export function buildPart(job: BuildJob, expected: number, stopAt: number): boolean {
  const { base, token, kind, a, columns } = job;
  const pageSize = orgPageSize(a.client, kind.op);
  const parallel = a.client.settings.parallelRequests;
  const resumed = resume(base);
  // A part that goes on starts at the pace the last part measured (a first guess of 1 s a page started rounds that a
  // loaded host took 7 s a page to read, past the cell's 30 s), one page wide.
  let pace: Pace = { perPageMs: resumed?.pageMs ?? FIRST_GUESS_MS, width: FIRST_WIDTH / 2 };
  let state: BuildState;
  if (resumed) state = resumed;
  else {
    const started = Date.now();
    // As many pages as hold what is expected (a range of 2,000 keys: 4 at once), as far as the time left allows.
    const count = Math.max(1, Math.min(parallel, Math.ceil(expected / pageSize), roundFits({ ...pace, width: Infinity }, stopAt)));
    const first = firstPages(job, count, pageSize, stopAt);
    if (!first) return false;
    state = first;
    pace = { perPageMs: (Date.now() - started) / count, width: count };
  }
  let rounds = 0;
  for (;;) {
    const open = state.open;
    // No more slices side by side than the window has left: a round is read whole or not at all, so a round that
    // must wait for the next windows could outlast the cell and lose what it read. No more than the time left holds.
    const width = Math.min(open.length, parallel, Math.max(1, leftInWindow(a, kind)), roundFits(pace, stopAt));
    if (width < 1) break;
    let round: { records: Record<string, unknown>[]; next: ChangeCursor[] };
    const started = Date.now();
    try {
      // A rate wait that would end after `stopAt` is refused: the round would outlast the part.
      round = a.run(readSlicesOnce<Record<string, unknown>>(a.client, kind.op, open.slice(0, width), kind.idField, new Map()), stopAt);
    } catch (error) {
      // The round's slices stay where they were: the next part reads them again. A part that stored nothing says why.
      if (rounds === 0 && resumed) throw error;
      break;
    }
    const rest = open.slice(width);
    const next = [...refillSlices(open.slice(0, width), round.next, round.records, parallel - rest.length, pageSize), ...rest];
    const entries = entriesOf(kind, round.records, columns);
    const saved = saveRound(base, token, state, entries, round.records.length, next, (Date.now() - started) / width);
    if (!saved) return false;
    // The pace counts the whole round: fetch, decode and storing what it read (under load, storing is a third of it).
    pace = { perPageMs: (Date.now() - started) / width, width };
    state = saved;
    rounds++;
  }
  return state.open.length === 0 ? finish(base, state) : false;
}

/** What one build part works on: the index's base key, the lease it holds, what it reads and for which cell. */
export interface BuildJob {
  base: string;
  token: string;
  kind: LookupKind;
  a: Answering;
  days: number;
  columns: string[];
}

/** The first round's guess of the time per page (measured from then on), and its width: small, to measure. */
const FIRST_GUESS_MS = 1000;
const FIRST_WIDTH = 2;
/** A round is started when this many times its expected length still fits: CPU shared with 30 cells varies. */
const SAFETY = 1.5;

interface Pace {
  perPageMs: number;
  width: number;
}

/** Slices the next round may read: at most twice the last round, and only as many as fit before `stopAt`. */
function roundFits(pace: Pace, stopAt: number): number {
  return Math.min(pace.width * 2, Math.floor((stopAt - Date.now()) / (pace.perPageMs * SAFETY)));
}

/**
 * Under the user lock, stores a round's entries as the next chunk(s), then where the build stands (chunks first: the
 * state names them), and renews the lease; or stores nothing and says null when another part stored since `state` was
 * read (a lease that ran out while its round was read: that round is dropped, the other part's chunks stand).
 */
function saveRound(base: string, token: string, state: BuildState, entries: Shard, records: number, open: ChangeCursor[], pageMs?: number): BuildState | null {
  return underUserLock(() => {
    const stored = resume(base);
    if ((stored?.chunks ?? 0) !== state.chunks || (stored?.records ?? 0) !== state.records) return null;
    const next: BuildState = { open, end: state.end, ...addRound(base, entries, state), records: state.records + records, pageMs };
    putJson(buildKey(base), next);
    putMark(base, token);
    return next;
  }, null);
}

/**
 * Requests the org endpoint's rate window has left, as the shared pacing state knows it: a window past its reset has
 * its whole limit (not more: a round wider than that would wait mid-round, and a wait refused there loses the pages
 * already read); unknown: as many as run side by side.
 */
function leftInWindow(a: Answering, kind: LookupKind): number {
  const w = a.client.state.pacing[`${a.client.identity}|${endpointKey(kind.op)}`];
  return w ? (w.resetAtMs > Date.now() ? w.remaining : w.limit) : a.client.settings.parallelRequests;
}

/**
 * The stored build to go on with, or null. Its chunks are not fetched to check them here (that is the size of the
 * index read at every take-over): a chunk the cache dropped is found when the build is put together, which then
 * starts over.
 */
function resume(base: string): BuildState | null {
  return parsed<BuildState>(cache().get(buildKey(base)));
}

/**
 * A new build's first round: `count` pages (as many as could hold what is expected, the keys asked or the records the
 * last index held, and the time left allows), by page number side by side, so a range of 2,000 keys sends its 4 pages
 * at once and a small org is read in one round. If every page was full, the rest of the window is read by keyset from
 * the last record's time (records at that time are read again: the index keeps one row per key).
 */
function firstPages({ base, token, kind, a, days, columns }: BuildJob, count: number, pageSize: number, stopAt: number): BuildState | null {
  const window = windowOf(days);
  const pages = a.run(pagesAtOnce(a.client, kind, window, count, pageSize), stopAt);
  const read = pages.flat();
  const last = read[read.length - 1]?.updatedAt;
  const full = pages.every((page) => page.length === pageSize) && typeof last === 'string';
  const first: ChangeCursor = { from: window.startDate, windowEnd: window.endDate, page: 1 };
  const open = full ? refillSlices([first], [{ from: last, windowEnd: window.endDate, page: 1 }], read, a.client.settings.parallelRequests, pageSize) : [];
  return saveRound(base, token, { open: [], end: window.endDate, chunks: 0, records: 0, rounds: [] }, entriesOf(kind, read, columns), read.length, open);
}

function* pagesAtOnce(
  client: Client,
  kind: LookupKind,
  window: { startDate: string; endDate: string },
  count: number,
  pageSize: number,
): Flow<Record<string, unknown>[][]> {
  const p = kind.op.pagination;
  if (p.style !== 'page') fail(`${kind.op.title} is not read by page`);
  const tasks = Array.from({ length: count }, (_, i) => () => pageOf(client, kind, { ...window, [p.pageField]: i + 1, [p.limitField]: pageSize }));
  return yield* allOf(tasks, client.settings.parallelRequests);
}

function* pageOf(client: Client, kind: LookupKind, input: Record<string, unknown>): Flow<Record<string, unknown>[]> {
  return (yield* send(client, kind.op, input)).data as Record<string, unknown>[];
}

/** The build's rounds become the index: only the head is written (a chunk the cache dropped is found by a read). */
function finish(base: string, state: BuildState): boolean {
  const head: Head = { rounds: state.rounds, chunks: state.chunks, end: state.end, at: Date.now(), records: state.records };
  putJson(headKey(base), head);
  cache().remove(buildKey(base));
  return true;
}
