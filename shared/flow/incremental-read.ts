import type { AnyOperation } from '../catalogue/types';
import type { Client } from '../client';
import { nowMs, type Flow } from '../effects';
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

function pageSize(client: Client, op: AnyOperation): { pageField: string; limitField: string; limit: number } {
  const p = op.pagination;
  if (p.style !== 'page') throw new Error(`${op.title} is not read by page and updatedAt`);
  // The page-size setting caps it too: if a deployment serves smaller pages, a "short" page must not end the read early.
  return { pageField: p.pageField, limitField: p.limitField, limit: Math.min(p.maxLimit, client.settings.pageSizeLimit) };
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
  const { pageField, limitField, limit } = pageSize(client, op);
  const input = { startDate: cursor.from, endDate: cursor.windowEnd, [pageField]: cursor.page, [limitField]: limit };
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
