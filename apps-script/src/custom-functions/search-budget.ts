import { RateLimitError } from '../../../shared';

/**
 * What a search cell (or a row of a column of searches) says when the searches asked at once pass the rate budget
 * (60 a minute per endpoint, shared by every cell of the user): a custom function has 30 s, so the rest can only be
 * answered later or by a paced job. Shown as the cell's value, not as an error.
 */
export const BEYOND_RATE_BUDGET =
  'More searches at once than the rate limit allows (60 a minute). Recalculate later, or run these searches from the sidebar as a job that fills a sheet.';

/** The wait the rate budget asks for is longer than this cell may run (host.ts sleepUntil, or the core's own bound). */
export function isBeyondBudget(error: unknown): boolean {
  return error instanceof RateLimitError || (error instanceof Error && /rate limit asks to wait/.test(error.message));
}

/**
 * How long a search cell may wait for the rate budget; the rest of its 30 s is for the request, the answer and the
 * shared pacing's lock waits (up to 5 s each, before and after the request) when 30 cells run at once.
 */
export const CELL_WAIT_MS = 15000;
/** A range formula is one execution: its searches take the pacing lock in turn, so it may wait longer. */
export const RANGE_WAIT_MS = 20000;
