import { RateLimitError, type Flow } from '../../../shared';

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

/** How long a search cell may wait for the rate budget: what is left of its 30 s is for the request and the answer. */
export const WAIT_LIMIT_MS = 20000;

/** Runs `flow`, but a wait (pacing, a 429's reset) that would end after `stopAt` ends it as beyond the budget. */
export function* waitingUntil<T>(flow: Flow<T>, stopAt: number): Flow<T> {
  let step = flow.next();
  while (!step.done) {
    const effect = step.value;
    if (effect.kind === 'sleep' && Date.now() + effect.ms > stopAt) {
      step = flow.throw(new Error('The rate limit asks to wait past what this cell may run.'));
      continue;
    }
    let answer: unknown;
    try {
      answer = yield effect;
    } catch (error) {
      step = flow.throw(error);
      continue;
    }
    step = flow.next(answer);
  }
  return step.value;
}
