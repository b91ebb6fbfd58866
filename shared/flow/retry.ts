import type { HttpResponse } from '../effects';

/** Whether repeating the request can do harm. A send, a create or a research spends or acts: never repeat those blindly. */
export type RetrySafety = 'safe' | 'unsafe';

export type RetryDecision =
  | { action: 'accept' }
  | { action: 'retry'; reason: 'rateLimited' | 'notSent' | 'serverError' | 'lostAnswer' }
  | { action: 'fail'; reason: 'rateLimited' | 'serverError' | 'lostAnswer' | 'notSent' | 'status' };

export interface RetryInput {
  response: HttpResponse;
  safety: RetrySafety;
  /** 1 for the first try. */
  attempt: number;
  maxRateLimitTries: number;
  maxRetryTries: number;
}

/**
 * The whole retry policy, pure and table-tested:
 * - 429: the service did not act, so any request is tried again after the reset, a bounded number of times;
 * - no connection (request never left): any request, bounded;
 * - 5xx or a lost answer (timeout, reset): only where a repeat is harmless; otherwise surface it.
 */
export function decideRetry(input: RetryInput): RetryDecision {
  const { response, safety, attempt } = input;
  if (response.failure) {
    if (!response.failure.maybeSent) return attempt < input.maxRetryTries ? { action: 'retry', reason: 'notSent' } : { action: 'fail', reason: 'notSent' };
    return safety === 'safe' && attempt < input.maxRetryTries ? { action: 'retry', reason: 'lostAnswer' } : { action: 'fail', reason: 'lostAnswer' };
  }
  if (response.status === 429) {
    return attempt < input.maxRateLimitTries ? { action: 'retry', reason: 'rateLimited' } : { action: 'fail', reason: 'rateLimited' };
  }
  if (response.status >= 500) {
    return safety === 'safe' && attempt < input.maxRetryTries ? { action: 'retry', reason: 'serverError' } : { action: 'fail', reason: 'serverError' };
  }
  if (response.status >= 400) return { action: 'fail', reason: 'status' };
  return { action: 'accept' };
}

/** Exponential backoff for 5xx and network retries: base, 2·base, 4·base … */
export function backoffMs(attempt: number, baseMs: number): number {
  return baseMs * 2 ** Math.max(0, attempt - 1);
}
