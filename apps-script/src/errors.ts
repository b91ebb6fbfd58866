import { ProspectingError, UNKNOWN_OUTCOME_ADVICE, UNKNOWN_OUTCOME_TEXT, ValidationError } from '../../shared';

/**
 * One readable sentence for a cell's #ERROR! tooltip or the sidebar: what went wrong, then what to do.
 * Core errors already carry the service's message with the request redacted, so no secret can appear here.
 */
export function userMessage(error: unknown): string {
  if (error instanceof ValidationError) return `${error.message} Fix the argument and try again.`;
  if (error instanceof ProspectingError && error.outcome === 'unknown') return unknownOutcomeMessage(error);
  if (error instanceof ProspectingError) {
    const hint = error.hint && !error.message.includes(error.hint) ? ` What to do: ${error.hint}` : '';
    return `${error.message}${hint}`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * An unsafe operation that may have acted (a lost answer, a 5xx): the same words as the core and n8n, and what to do
 * (look in the service before running it again), never a plain "try again".
 */
function unknownOutcomeMessage(error: ProspectingError): string {
  // The core states it in the message (errors/outcome.ts); an error marked elsewhere gets the same words.
  return error.message.includes(UNKNOWN_OUTCOME_TEXT) ? error.message : `${error.message} Outcome ${UNKNOWN_OUTCOME_TEXT}. ${UNKNOWN_OUTCOME_ADVICE}`;
}

/** A refusal by the service (4xx but 429) or by the checks: nothing was done, the next row may still work. */
export function refused(error: unknown): boolean {
  return (
    error instanceof ValidationError ||
    (error instanceof ProspectingError && !!error.status && error.status >= 400 && error.status < 500 && error.status !== 429)
  );
}

/** Ends the run with an Error of this message (what a cell or the sidebar shows). */
export function fail(message: string): never {
  throw new Error(message);
}

/** Apps Script's "Exceeded maximum execution time": the run is out of time (see host.ts rethrowTimeUp). */
export function isTimeUp(error: unknown): error is Error {
  return error instanceof Error && /Exceeded maximum execution time/i.test(error.message);
}

/** An Error whose message is the user message (Apps Script shows `message` in the cell and to failure handlers). */
export function userError(error: unknown): Error {
  if (isTimeUp(error)) return error;
  return new Error(userMessage(error));
}
