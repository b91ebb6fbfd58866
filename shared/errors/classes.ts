import type { RedactedRequest } from './redact';

/**
 * How an operation that did not succeed ended: surely not carried out ('failed'), or perhaps carried out without our
 * knowing ('unknown'). The model and its rules live in outcome.ts.
 */
export type FailureOutcome = 'failed' | 'unknown';

export interface ErrorDetails {
  status?: number;
  code?: string;
  /** The service's own words (`message` or `msg`), when it answered. */
  serviceMessage?: string;
  request?: RedactedRequest;
  /** What the user can do about it. */
  hint?: string;
}

const DETAIL_KEYS = ['status', 'code', 'serviceMessage', 'request', 'hint'] as const;

/** Base of every error the connector raises: status, code, the service's message, the redacted request. */
export class ProspectingError extends Error {
  readonly status?: number;
  readonly code?: string;
  readonly serviceMessage?: string;
  readonly request?: RedactedRequest;
  readonly hint?: string;
  /**
   * Set once the error leaves an operation (errors/outcome.ts `stateOutcome`): 'unknown' when an unsafe operation
   * may have acted, else 'failed'. Every target shows it (n8n's `outcome` field, the Sheets message).
   */
  outcome?: FailureOutcome;
  /** The operation that ended in this error (`emails.send`, or the title of a custom call). */
  operation?: string;

  constructor(message: string, details: ErrorDetails = {}) {
    super(message);
    this.name = new.target.name;
    // Each detail set, in this order, even when absent (undefined): the properties every error has.
    for (const key of DETAIL_KEYS) (this as Record<string, unknown>)[key] = details[key];
  }
}

/** Missing, invalid, expired or revoked credentials, or a scope the credential lacks (401, 403). */
export class AuthError extends ProspectingError {}

/** Input that breaks a rule: found before sending (no status) or reported by the service (400, 422). */
export class ValidationError extends ProspectingError {
  readonly issues: { field: string; rule: string }[];
  constructor(message: string, issues: { field: string; rule: string }[], details: ErrorDetails = {}) {
    super(message, { code: 'validation', ...details });
    this.issues = issues;
  }
}

/** 429 after the bounded number of tries. */
export class RateLimitError extends ProspectingError {
  readonly resetAtMs?: number;
  constructor(message: string, resetAtMs: number | undefined, details: ErrorDetails = {}) {
    super(message, details);
    this.resetAtMs = resetAtMs;
  }
}

/** 422 insufficientCredits or missingLicense (spec 7), or a client-side credit cap. */
export class CreditsError extends ProspectingError {
  readonly productCategory?: string;
  readonly additionalCreditsNeeded?: number;
  constructor(message: string, extra: { productCategory?: string; additionalCreditsNeeded?: number }, details: ErrorDetails = {}) {
    super(message, details);
    this.productCategory = extra.productCategory;
    this.additionalCreditsNeeded = extra.additionalCreditsNeeded;
  }
}

export class NotFoundError extends ProspectingError {}

/** The resource's state refuses the request (a campaign action, a draft already sent). */
export class ConflictError extends ProspectingError {}

/** 5xx. */
export class ServerError extends ProspectingError {}

/** No HTTP answer. `maybeSent`: the service may have acted on it, so it was not repeated. */
export class NetworkError extends ProspectingError {
  readonly maybeSent: boolean;
  constructor(message: string, maybeSent: boolean, details: ErrorDetails = {}) {
    super(message, details);
    this.maybeSent = maybeSent;
  }
}

/** A 2xx body that breaks the spec's rules for the operation. */
export class UnexpectedResponseError extends ProspectingError {}

/** A campaign create that succeeded, with some of its contacts not added. */
export class PartialCampaignError extends ProspectingError {
  constructor(
    readonly campaignId: string,
    readonly contactsAdded: number,
    readonly contactIdsNotAdded: unknown[],
    cause: Error,
  ) {
    super(
      `Create campaign: campaign ${campaignId} was created with ${contactsAdded} contacts, but adding the other ${contactIdsNotAdded.length} failed ` +
        `(${cause.message}). Add them to campaign ${campaignId}; do not create it again.`,
      { status: (cause as ProspectingError).status, code: 'partialCampaign', hint: `Use "Add contacts to campaign" with campaign ${campaignId}.` },
    );
  }
}

/**
 * Each class keeps its own name when a bundle is minified (the Apps Script bundle renames classes): errors name
 * themselves after their class (`new.target.name` above), and users and logs read that name.
 */
for (const [name, cls] of Object.entries({
  ProspectingError,
  AuthError,
  ValidationError,
  RateLimitError,
  CreditsError,
  NotFoundError,
  ConflictError,
  ServerError,
  NetworkError,
  UnexpectedResponseError,
  PartialCampaignError,
})) {
  Object.defineProperty(cls, 'name', { value: name });
}
