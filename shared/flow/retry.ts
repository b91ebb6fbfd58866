import type { HttpResponse } from '../effects';

/** Whether repeating the request can do harm. A send, a create or a research spends or acts: never repeat those blindly. */
export type RetrySafety = 'safe' | 'unsafe';

export type RetryDecision =
  | { action: 'accept' }
  | { action: 'retry'; reason: 'rateLimited' | 'notSent' | 'serverError' | 'lostAnswer' }
  | { action: 'fail'; reason: 'rateLimited' | 'rateLimitTooLong' | 'serverError' | 'lostAnswer' | 'notSent' | 'status' };

/** The wait a 429 asks for, against the time the run may spend waiting out rate limits. */
export interface RateLimitWait {
  /** From now until the reset the 429 named (plus margin and jitter). */
  waitMs: number;
  /** Already spent waiting since this request met its first 429. */
  waitedMs: number;
  /** The run's limit on that waiting in all (the sender's maxRateLimitWaitMs). */
  maxWaitMs: number;
}

export interface RetryInput {
  response: HttpResponse;
  safety: RetrySafety;
  /** 1 for the first try. */
  attempt: number;
  /** A cap on the 429s one request may meet in all (a run that must end soon, such as a Sheets cell); undefined: no cap by count. */
  maxRateLimitTries?: number;
  /** For a 429: how long its reset is away. Without it a 429 is retried (bounded only by maxRateLimitTries). */
  rateLimitWait?: RateLimitWait;
  maxRetryTries: number;
}

/**
 * The whole retry policy, pure and table-tested:
 * - 429: the service did not act, so any request is tried again after the reset, however many 429s came before:
 *   processes sharing one organization's budget meet 429s in window after window, and that is not "stuck". It
 *   gives up only when the reset falls beyond the run's time limit (rateLimitTooLong), or at maxRateLimitTries if set;
 * - no connection (request never left): any request, bounded;
 * - 5xx or a lost answer (timeout, reset): only where a repeat is harmless; otherwise surface it.
 */
export function decideRetry(input: RetryInput): RetryDecision {
  const { response, safety, attempt } = input;
  const { status, failure } = response;
  const triesLeft = attempt < input.maxRetryTries;
  if (failure) {
    if (!failure.maybeSent) return retryIf(triesLeft, 'notSent');
    return retryIf(safety === 'safe' && triesLeft, 'lostAnswer');
  }
  if (status === 429) {
    const wait = input.rateLimitWait;
    if (wait && (wait.waitMs > wait.maxWaitMs || wait.waitedMs + wait.waitMs > wait.maxWaitMs)) return { action: 'fail', reason: 'rateLimitTooLong' };
    const capped = input.maxRateLimitTries !== undefined && attempt >= input.maxRateLimitTries;
    return retryIf(!capped, 'rateLimited');
  }
  if (status >= 500) return retryIf(safety === 'safe' && triesLeft, 'serverError');
  if (status >= 400) return { action: 'fail', reason: 'status' };
  return { action: 'accept' };
}

/** Try again for this reason when `again`, else fail for it. */
function retryIf(again: boolean, reason: 'rateLimited' | 'notSent' | 'serverError' | 'lostAnswer'): RetryDecision {
  return again ? { action: 'retry', reason } : { action: 'fail', reason };
}

/** Exponential backoff for 5xx and network retries: base, 2·base, 4·base … */
export function backoffMs(attempt: number, baseMs: number): number {
  return baseMs * 2 ** Math.max(0, attempt - 1);
}
