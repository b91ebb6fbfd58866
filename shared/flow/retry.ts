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
  /** A cap on the 429s one request may meet in all (a run that must end soon); undefined: no cap by count. */
  maxRateLimitTries?: number;
  /** 429s met for the same reset epoch (or without one): the service keeps refusing past its own reset. */
  sameWindowTries?: number;
  maxRetryTries: number;
}

/** 429s allowed for one reset epoch before giving up: waiting out the reset did not help that many times. */
export const MAX_429_PER_WINDOW = 5;

/**
 * The whole retry policy, pure and table-tested:
 * - 429: the service did not act, so any request is tried again after the reset. Bounded by time (the sender
 *   refuses waits past maxRateLimitWaitMs), by 429s that repeat one reset epoch, and by maxRateLimitTries if set;
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
    const capped = input.maxRateLimitTries !== undefined && attempt >= input.maxRateLimitTries;
    const stuck = (input.sameWindowTries ?? attempt) >= MAX_429_PER_WINDOW;
    return capped || stuck ? { action: 'fail', reason: 'rateLimited' } : { action: 'retry', reason: 'rateLimited' };
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
