import type { AnyOperation } from '../catalogue/types';
import type { Client } from '../client';
import type { Flow } from '../effects';
import { send } from './send';

export interface PageRun<T> {
  items: T[];
  /** Where a later run continues (the next page number, offset or nextToken), or null when the end was reached. */
  next: { page: number } | { offset: number } | { nextToken: string } | null;
  requests: number;
}

export interface PageOptions {
  /** Stop once this many items were read. Whole pages are returned, so a resumed run skips nothing; a caller that wants exactly N slices. */
  maxItems?: number;
  /** Stop after this many requests, to stay inside a time budget (Apps Script's 6 minutes). */
  maxRequests?: number;
  /** Page size; defaults to the operation's maximum. */
  limit?: number;
}

/**
 * Reads page after page. Page style (org reads): page+limit until a page shorter than limit, since the
 * body carries no metadata. Offset style (tasks, activity): offset+limit, the same end rule. Token style
 * (searches): follows supplementalData.nextToken while isMore.
 * Returns a cursor so a run cut short continues where it stopped.
 */
export function* paginate<T>(client: Client, op: AnyOperation, input: Record<string, unknown>, options: PageOptions = {}): Flow<PageRun<T>> {
  const p = op.pagination;
  if (p.style === 'none') throw new Error(`${op.title} is not paginated`);
  // The page-size setting caps it too: if a deployment serves smaller pages, a "short" page must not end the read early.
  const cap = p.style === 'nextToken' ? p.maxLimit : Math.min(p.maxLimit, client.settings.pageSizeLimit);
  const limit = Math.min(options.limit ?? (input[p.limitField] as number | undefined) ?? cap, cap);
  const maxItems = options.maxItems ?? Infinity;
  const maxRequests = options.maxRequests ?? Infinity;
  const items: T[] = [];
  let requests = 0;
  // Where the next page starts, in the field the style reads it from: a page number, an offset or a nextToken.
  const atField = p.style === 'page' ? p.pageField : p.style === 'offset' ? p.offsetField : p.tokenField;
  let at = (input[atField] ?? (p.style === 'page' ? 1 : p.style === 'offset' ? 0 : null)) as number | string | null;
  // A cursor-paged search follows nextToken only; a page number given with it would be refused.
  const base = p.style === 'nextToken' ? Object.fromEntries(Object.entries(input).filter(([k]) => k !== 'page')) : input;

  for (;;) {
    const reply = yield* send(client, op, { ...base, [atField]: at, [p.limitField]: limit });
    requests++;
    const rows = reply.data as T[];
    items.push(...rows);
    let next: PageRun<T>['next'];
    if (p.style === 'nextToken') {
      const supplemental = (reply.body as { supplementalData?: { isMore?: boolean; nextToken?: string | null } }).supplementalData;
      const token = supplemental?.nextToken ?? null;
      at = token;
      next = supplemental?.isMore && token ? { nextToken: token } : null;
    } else if (p.style === 'page') {
      // Number(): a page given as text ("2") goes on to 3, not "21".
      at = Number(at) + 1;
      next = rows.length < limit ? null : { page: at };
    } else {
      at = (at as number) + rows.length;
      next = rows.length < limit ? null : { offset: at };
    }
    if (!next || items.length >= maxItems || requests >= maxRequests) return { items, next, requests };
  }
}
