export * from './classes';
export { errorFromResponse, serviceMessageOf } from './from-response';
export { redactRequest, redactBody, REDACTED, type RedactedRequest } from './redact';
export { secretsOf, redactValues } from './secrets';
export { failureOutcome, mayHaveActed, stateOutcome, UNKNOWN_OUTCOME_ADVICE, UNKNOWN_OUTCOME_TEXT, type FailureOutcome } from './outcome';
