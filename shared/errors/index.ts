export * from './classes';
export { errorFromResponse, serviceMessageOf } from './from-response';
export { redactRequest, redactBody, REDACTED, type RedactedRequest } from './redact';
export { secretsOf, secretsOfAuth, redactValues } from './secrets';
export { redactor, MIN_SECRET_CHARS, MIN_PIECE_CHARS, type Redactor } from './redaction';
export { secretForms } from './secret-forms';
export { failureOutcome, mayHaveActed, stateOutcome, UNKNOWN_OUTCOME_ADVICE, UNKNOWN_OUTCOME_TEXT, type FailureOutcome } from './outcome';
