import { NetworkError, ProspectingError, ServerError, UnexpectedResponseError, type FailureOutcome } from './classes';
import type { RetrySafety } from '../flow/retry';

/**
 * The one outcome model every target states: an operation either did what it was asked, surely did not
 * ('failed'), or may have acted without our knowing ('unknown'). Only an unsafe operation (send, create, start,
 * research submit, add) can end 'unknown': a safe one was either repeated or changed nothing.
 */
export type { FailureOutcome };

/** The words every target uses for an unknown outcome, so that a cell, an n8n item and a log line agree. */
export const UNKNOWN_OUTCOME_TEXT = 'unknown: may have been carried out';

/** What to do about an unknown outcome: look, then decide (README "Reconciling an unknown outcome"). */
export const UNKNOWN_OUTCOME_ADVICE = 'It was not repeated. Check in the service (the email, the campaign, the activity feed) before trying again.';

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

/** The operation as errors name it. */
export interface OutcomeOperation {
  id?: string;
  title: string;
  retry: RetrySafety;
}

/**
 * Marks an error leaving an operation with its outcome and the operation's name, once (the innermost operation
 * decides). `beforeSending`: the error came before the request left (signing, a refused token refresh, pacing),
 * so nothing can have acted whatever its class. An unknown outcome is also said in the message, in the words every
 * target uses, so a log line or a cell that shows only the text states it too.
 */
export function stateOutcome<E>(error: E, op: OutcomeOperation, beforeSending = false): E {
  if (!(error instanceof ProspectingError) || error.outcome !== undefined) return error;
  error.outcome = beforeSending ? 'failed' : failureOutcome(error, op.retry);
  error.operation = op.id ?? op.title;
  if (error.outcome === 'unknown' && !error.message.includes(UNKNOWN_OUTCOME_TEXT)) {
    const advice = /not repeated|not sent again/.test(error.message) ? '' : ` ${UNKNOWN_OUTCOME_ADVICE}`;
    error.message = `${error.message.replace(/\s*$/, '')} Outcome ${UNKNOWN_OUTCOME_TEXT}.${advice}`;
  }
  return error;
}
