import type { AnyOperation } from '../catalogue/types';
import type { Client } from '../client';
import type { Flow } from '../effects';
import { send } from './send';

/**
 * Reading what is new in a newest-first feed paged by offset (the activity feed), for a poll trigger.
 *
 * The feed only grows, at its head. An event added while a poll reads pushes the older events one place
 * down, so the next page repeats an event already read (dropped by id here) and never skips one. The read
 * goes on until it meets an event already emitted (id at or below `afterId`) or the end of the feed; events
 * added at the head after the first page have larger ids and are read by the next poll, which starts after
 * the largest id this one returns.
 */
export interface FeedReadOptions {
  /** The largest id the previous poll emitted; null on the first poll. */
  afterId: string | null;
  /** On the first poll: only events at or after this instant (ISO); older ones end the read. */
  since?: string;
  /** The field holding each event's id and the one holding its time. */
  idField: string;
  timeField: string;
  /** Filters passed to every page (e.g. a contactId). */
  filters?: Record<string, unknown>;
}

export interface FeedRead<T> {
  /** New events, oldest first, each once. */
  events: T[];
  /** Where the next poll starts: the largest id seen, or `afterId` when nothing was new. */
  newestId: string | null;
  requests: number;
}

const idOf = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** Ids compare as whole numbers when both are digits (an id of 10 is newer than 9), otherwise as text. */
export function compareFeedIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const x = a.replace(/^0+(?=\d)/, '');
    const y = b.replace(/^0+(?=\d)/, '');
    return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

function pageSize(client: Client, op: AnyOperation): { offsetField: string; limitField: string; limit: number } {
  const p = op.pagination;
  if (p.style !== 'offset') throw new Error(`${op.title} is not a feed read by offset`);
  // The page-size setting caps it too: a "short" page must not end the read early.
  return { offsetField: p.offsetField, limitField: p.limitField, limit: Math.min(p.maxLimit, client.settings.pageSizeLimit) };
}

export function* readNewFeedEvents<T extends Record<string, unknown>>(client: Client, op: AnyOperation, options: FeedReadOptions): Flow<FeedRead<T>> {
  const { offsetField, limitField, limit } = pageSize(client, op);
  const since = options.since !== undefined ? Date.parse(options.since) : NaN;
  const seen = new Set<string>();
  const events: T[] = [];
  let newestId = options.afterId;
  let offset = 0;
  let requests = 0;
  for (;;) {
    const rows = (yield* send(client, op, { ...(options.filters ?? {}), [offsetField]: offset, [limitField]: limit })).data as T[];
    requests++;
    let reachedRead = false;
    for (const event of rows) {
      const id = idOf(event[options.idField]);
      // An event without an id cannot be deduplicated or ordered: it cannot be emitted exactly once, so it is not emitted.
      if (!id) continue;
      if (options.afterId !== null && compareFeedIds(id, options.afterId) <= 0) {
        reachedRead = true;
        continue;
      }
      if (options.afterId === null && Number.isFinite(since) && Date.parse(String(event[options.timeField])) < since) {
        reachedRead = true;
        continue;
      }
      if (seen.has(id)) continue;
      seen.add(id);
      events.push(event);
      if (newestId === null || compareFeedIds(id, newestId) > 0) newestId = id;
    }
    if (reachedRead || rows.length < limit) break;
    offset += rows.length;
  }
  events.sort((a, b) => compareFeedIds(idOf(a[options.idField]), idOf(b[options.idField])));
  return { events, newestId, requests };
}
