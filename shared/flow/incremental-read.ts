import type { AnyOperation } from '../catalogue/types';
import type { Client } from '../client';
import { nowMs, type Flow } from '../effects';
import { allOf } from './parallel';
import { send } from './send';

/**
 * Where an incremental read of records changed in a window stands (org contacts or companies, oldest change
 * first). Plain JSON, so a target can keep it between runs (n8n static data, Apps Script user properties).
 *
 * Keyset paging: `from` moves to the updatedAt of the last record read, so a record changed during the read
 * (its updatedAt jumps past the window) cannot shift the later pages and make another record be skipped.
 * The records at `from` itself are read again on the next page; the pass's `seen` memory drops them.
 */
export interface ChangeCursor {
  /** Start of the unread part of the window (ISO, inclusive). */
  from: string;
  /** End of the window (ISO, inclusive), fixed when the pass started. */
  windowEnd: string;
  /** Page within `from`: above 1 only when a whole page shares one updatedAt. */
  page: number;
}

/** What a pass has read so far: record id -> the updatedAt it was read with (a record changed again is new). */
export type SeenChanges = Map<string, string>;

export interface ChangedPage<T> {
  /** Records of this page not read earlier in the pass. */
  records: T[];
  /** Where the pass continues, or null when the window was read to its end. */
  next: ChangeCursor | null;
}

export interface ChangedRead<T> {
  records: T[];
  next: ChangeCursor | null;
  requests: number;
}

/** A window opened now: from where the last pass ended (`after`), or `lookbackMs` back when there was none. */
export function* openWindow(after: string | null, lookbackMs: number): Flow<ChangeCursor> {
  const now = yield* nowMs();
  const from = after && Number.isFinite(Date.parse(after)) ? after : new Date(now - lookbackMs).toISOString();
  return { from, windowEnd: new Date(now).toISOString(), page: 1 };
}

/** Where the pass after a complete one starts: just after its window, whose end (inclusive) was read. */
export function afterWindow(cursor: Pick<ChangeCursor, 'windowEnd'>): string {
  return new Date(Date.parse(cursor.windowEnd) + 1).toISOString();
}

const keyOf = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * Reads one page of the window at the cursor. `idField` names the record's id (contactId, companyId); `seen`
 * is the pass's memory, updated in place. A record without an id is passed on as it is (never dropped here).
 */
export function* readChangedPage<T extends Record<string, unknown>>(
  client: Client,
  op: AnyOperation,
  cursor: ChangeCursor,
  idField: string,
  seen: SeenChanges,
): Flow<ChangedPage<T>> {
  const p = op.pagination;
  if (p.style !== 'page') throw new Error(`${op.title} is not read by page and updatedAt`);
  // The page-size setting caps it too: if a deployment serves smaller pages, a "short" page must not end the read early.
  const limit = Math.min(p.maxLimit, client.settings.pageSizeLimit);
  const input = { startDate: cursor.from, endDate: cursor.windowEnd, [p.pageField]: cursor.page, [p.limitField]: limit };
  const rows = (yield* send(client, op, input)).data as T[];
  const records: T[] = [];
  for (const record of rows) {
    const id = keyOf(record[idField]);
    const changedAt = keyOf(record.updatedAt);
    if (id && seen.get(id) === changedAt) continue;
    if (id) seen.set(id, changedAt);
    records.push(record);
  }
  if (rows.length < limit) return { records, next: null };
  const lastAt = rows.length ? keyOf(rows[rows.length - 1].updatedAt) : '';
  const next = lastAt && lastAt !== cursor.from ? { ...cursor, from: lastAt, page: 1 } : { ...cursor, page: cursor.page + 1 };
  return { records, next };
}

/** Reads the window from the cursor to its end, or until `maxRequests` pages were read (then `next` says where to go on). */
export function* readChanges<T extends Record<string, unknown>>(
  client: Client,
  op: AnyOperation,
  cursor: ChangeCursor,
  idField: string,
  options: { maxRequests?: number; seen?: SeenChanges } = {},
): Flow<ChangedRead<T>> {
  const seen = options.seen ?? new Map<string, string>();
  const maxRequests = options.maxRequests ?? Infinity;
  const records: T[] = [];
  let next: ChangeCursor | null = cursor;
  let requests = 0;
  while (next && requests < maxRequests) {
    const page: ChangedPage<T> = yield* readChangedPage<T>(client, op, next, idField, seen);
    requests++;
    records.push(...page.records);
    next = page.next;
  }
  return { records, next, requests };
}

/**
 * Splits the unread part of a window into up to `n` slices of equal time, read side by side. The slices are
 * disjoint (each end inclusive, the next slice starts 1 ms later), and each is read by keyset on its own, so a
 * record changed during the read still leaves every slice (its updatedAt moves past the window) and moves no
 * other record between pages: none is skipped, none read twice. A cursor inside a page run of one updatedAt is
 * not split.
 */
export function splitWindow(cursor: ChangeCursor, n: number): ChangeCursor[] {
  const from = Date.parse(cursor.from);
  const end = Date.parse(cursor.windowEnd);
  const span = end - from + 1;
  if (cursor.page > 1 || n <= 1 || !Number.isFinite(span) || span < 2) return [cursor];
  const count = Math.min(Math.floor(n), span);
  const iso = (ms: number) => new Date(ms).toISOString();
  return Array.from({ length: count }, (_, i) => ({
    from: i === 0 ? cursor.from : iso(from + Math.floor((i * span) / count)),
    windowEnd: i === count - 1 ? cursor.windowEnd : iso(from + Math.floor(((i + 1) * span) / count) - 1),
    page: 1,
  }));
}

export interface SlicedRound<T> {
  /** New records of this round, slice by slice (each slice oldest change first). */
  records: T[];
  /** The slices not read to their end yet, in window order; empty when the whole window is read. */
  next: ChangeCursor[];
}

/** Reads one page of every slice, the requests side by side. `seen` is the pass's memory, shared by the slices. */
export function* readSlicesOnce<T extends Record<string, unknown>>(
  client: Client,
  op: AnyOperation,
  slices: readonly ChangeCursor[],
  idField: string,
  seen: SeenChanges,
): Flow<SlicedRound<T>> {
  const pages = yield* allOf(
    slices.map((slice) => () => readChangedPage<T>(client, op, slice, idField, seen)),
    client.settings.parallelRequests,
  );
  return { records: pages.flatMap((p) => p.records), next: pages.flatMap((p) => (p.next ? [p.next] : [])) };
}

/**
 * Reads the window in slices side by side (as many as `parallelRequests`) until every slice is read. Each slice
 * goes on with its next page as soon as it has one, so a round sends one request per unfinished slice.
 */
export function* readChangesSliced<T extends Record<string, unknown>>(
  client: Client,
  op: AnyOperation,
  cursor: ChangeCursor,
  idField: string,
  options: { seen?: SeenChanges } = {},
): Flow<ChangedRead<T>> {
  const seen = options.seen ?? new Map<string, string>();
  const bySlice = splitWindow(cursor, client.settings.parallelRequests).map(() => [] as T[]);
  let open = splitWindow(cursor, client.settings.parallelRequests).map((slice, i) => ({ slice, i }));
  let requests = 0;
  while (open.length > 0) {
    const pages = yield* allOf(
      open.map(
        ({ slice }) =>
          () =>
            readChangedPage<T>(client, op, slice, idField, seen),
      ),
      client.settings.parallelRequests,
    );
    requests += pages.length;
    pages.forEach((page, k) => bySlice[open[k].i].push(...page.records));
    open = open.flatMap((o, k) => (pages[k].next ? [{ slice: pages[k].next as ChangeCursor, i: o.i }] : []));
  }
  return { records: bySlice.flat(), next: null, requests };
}
