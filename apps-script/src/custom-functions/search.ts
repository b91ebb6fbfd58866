import { paginate, RateLimitError, type AnyOperation } from '../../../shared';
import { filtersArg, intArg } from '../args';
import { customFunctionCell, type CellValue } from '../cells';
import { table } from '../sheet-io';
import type { Answering } from './answer';

/**
 * What a search cell says when the searches asked at once pass the rate budget (60 a minute per endpoint, shared by
 * every cell of the user): a custom function has 30 s, so the rest can only be answered later or by a paced job.
 */
export const BEYOND_RATE_BUDGET =
  'More searches at once than the rate limit allows (60 a minute). Recalculate later, or run these searches from the sidebar as a job that fills a sheet.';

/** The wait the rate budget asks for is longer than this cell may run (host.ts sleepUntil, or the core's own bound). */
function isBeyondBudget(error: unknown): boolean {
  return error instanceof RateLimitError || (error instanceof Error && /rate limit asks to wait/.test(error.message));
}

/** PDS_SEARCH_CONTACTS / PDS_SEARCH_COMPANIES: a free search, up to `limit` rows under a header. */
export function searchTable({ client, run }: Answering, op: AnyOperation, columns: readonly string[], filters: unknown, limit: unknown): CellValue[][] {
  const max = intArg(limit, 'limit', 50, 1, 2000);
  const input = filtersArg(filters);
  try {
    const pages = run(paginate<Record<string, unknown>>(client, op, input, { maxItems: max, limit: Math.min(max, 500) }));
    return table(pages.items.slice(0, max), columns, customFunctionCell);
  } catch (error) {
    if (isBeyondBudget(error)) throw new Error(BEYOND_RATE_BUDGET);
    throw error;
  }
}
