import { NetworkError, ServerError, UnexpectedResponseError } from './classes';
import type { RetrySafety } from '../flow/retry';

/**
 * The one outcome model every target states: an operation either did what it was asked, surely did not
 * ('failed'), or may have acted without our knowing ('unknown'). Only an unsafe operation (send, create, start,
 * research submit, add) can end 'unknown': a safe one was either repeated or changed nothing.
 */
export type FailureOutcome = 'failed' | 'unknown';

/** The words every target uses for an unknown outcome, so that a cell, an n8n item and a log line agree. */
export const UNKNOWN_OUTCOME_TEXT = 'unknown: may have been carried out';

/**
 * Whether the service may have acted on a request that ended in this error: the request may have left and no
 * answer came (a lost answer, a timeout after sending), the service failed while handling it (5xx), or it answered
 * with a 2xx we could not read.
 */
export function mayHaveActed(error: unknown): boolean {
  return (error instanceof NetworkError && error.maybeSent) || error instanceof ServerError || error instanceof UnexpectedResponseError;
}

/** The outcome of an operation of this safety that ended in this error. */
export function failureOutcome(error: unknown, safety: RetrySafety): FailureOutcome {
  return safety === 'unsafe' && mayHaveActed(error) ? 'unknown' : 'failed';
}
