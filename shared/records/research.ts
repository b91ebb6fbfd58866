import * as z from '../validation/zod';
import { orgCompanySchema } from './org-company';
import { orgContactSchema } from './org-contact';
import { anyText, idText, lenient, looseBoolean, looseText } from './lenient';
import { lazySchema, lazyLooseObject } from '../validation/lazy-schema';

/**
 * Research submit and poll (spec 2.9, 3.5, 4.10, 4.12; public reference; DECISIONS "Research (v1)").
 * Poll statuses arrive in a 200 and the set is open, so `status` is any string and the helpers classify it.
 */

/**
 * 202 answer of `POST /v1/{contacts|companies}/research`: one request id per item, in item order. The request
 * ids are what the connector acts on (it polls them), so they are required; a numeric id is read as its text.
 */
export const researchSubmitResponseSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  success: looseBoolean,
  requestIds: z.array(idText),
}));
export type ResearchSubmitResponse = z.output<typeof researchSubmitResponseSchema>;

/** Statuses seen so far; more may appear. */
export const knownContactResearchStatuses = [
  'queued',
  'researching',
  'done',
  'error',
  'missing',
  'duplicate',
  'not found',
  'contact-already-researched',
  'No license or credits available',
] as const;
export const knownCompanyResearchStatuses = ['missing', 'researching', 'done', 'error'] as const;

/**
 * Every field is optional, as published: an item without a requestId or a status is still read (the poll sweep makes
 * it that item's error, named by its request id or its position), so one odd item never sinks the answer.
 * searchResultId is absent (or null) for items given by details rather than search results. Extra item fields (the
 * published `additionalData`) are kept.
 */
const pollItemBase = {
  requestId: lazySchema(() => lenient(z.optional(idText))),
  searchResultId: looseText,
  status: lazySchema(() => lenient(z.optional(z.string().check(z.minLength(1))))),
  message: anyText,
};

// The record is read tolerantly, and if it is not even an object it is kept as sent: a paid result is never dropped.
const contactRecord = /* @__PURE__ */ lazySchema(() => lenient(z.optional(orgContactSchema)));
const companyRecord = /* @__PURE__ */ lazySchema(() => lenient(z.optional(orgCompanySchema)));

/** Contact poll item; `contact` is present for done and duplicate. */
export const contactPollItemSchema = /* @__PURE__ */ lazyLooseObject({ ...pollItemBase, contact: contactRecord });
export type ContactPollItem = z.output<typeof contactPollItemSchema>;

/** Company poll item; `company` is present for done and duplicate. */
export const companyPollItemSchema = /* @__PURE__ */ lazyLooseObject({ ...pollItemBase, company: companyRecord });
export type CompanyPollItem = z.output<typeof companyPollItemSchema>;

/** Either kind of poll item, for code that handles both endpoints alike. */
// Its shape is made on first use (a function): a shape spread at load would stay in a bundle that never reads it.
export const researchPollItemSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  ...pollItemBase,
  contact: contactRecord,
  company: companyRecord,
}));
export type ResearchPollItem = z.output<typeof researchPollItemSchema>;

/**
 * Whole poll answers `{success, data: [item]}`, items in the order asked; nothing is required (published). An absent
 * `data` means the answer reported no item (each id asked counts as left out); an item that is not even an object
 * is kept as sent, for the sweep to name.
 */
export const contactPollResponseSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  success: looseBoolean,
  data: z._default(z.array(lenient(contactPollItemSchema)), []),
}));
export type ContactPollResponse = z.output<typeof contactPollResponseSchema>;
export const companyPollResponseSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  success: looseBoolean,
  data: z._default(z.array(lenient(companyPollItemSchema)), []),
}));
export type CompanyPollResponse = z.output<typeof companyPollResponseSchema>;

export type ResearchOutcome = 'pending' | 'done' | 'duplicate' | 'not-found' | 'error';

// Compared trimmed and lower-cased: the vocabulary mixes cases ("No license or credits available").
const key = (status: string): string => status.trim().toLowerCase();

const outcomes: Readonly<Record<string, ResearchOutcome>> = {
  queued: 'pending',
  researching: 'pending',
  done: 'done',
  duplicate: 'duplicate',
  // Already researched: same meaning as duplicate (spec 3.5: do not resubmit).
  'contact-already-researched': 'duplicate',
  'not found': 'not-found',
  // `missing` is the answer for a request id the service does not know: nothing will ever arrive for it.
  missing: 'error',
  error: 'error',
  'no license or credits available': 'error',
};

/** Terminal = everything but queued and researching; an unknown status is terminal (public reference). */
export function isTerminalResearchStatus(status: string): boolean {
  return researchOutcome(status) !== 'pending';
}

/** Classifies a poll status; an unknown status is an error (the caller keeps the text, see researchVerdict). */
export function researchOutcome(status: string): ResearchOutcome {
  return Object.prototype.hasOwnProperty.call(outcomes, key(status)) ? outcomes[key(status)] : 'error';
}

/** Outcome plus the text to show: the item's message, else the raw status (so an unknown status is not lost). */
export interface ResearchVerdict {
  outcome: ResearchOutcome;
  status: string;
  known: boolean;
  detail: string;
}

export function researchVerdict(item: { status: string; message?: string | null }): ResearchVerdict {
  const known = Object.prototype.hasOwnProperty.call(outcomes, key(item.status));
  const detail = typeof item.message === 'string' && item.message.trim() !== '' ? item.message : item.status;
  return { outcome: researchOutcome(item.status), status: item.status, known, detail };
}

/**
 * The id text of a record's `apiResearchId`: published as text, but any other form the service sends (a number, an
 * object or list) is the same id read as its JSON text (issue 30); empty text, null, false and empty values are none.
 */
export function researchIdText(id: unknown): string | null {
  if (typeof id === 'string') return id.trim() !== '' ? id : null;
  if (typeof id === 'number') return Number.isFinite(id) ? String(id) : null;
  if (id === null || id === undefined || id === false) return null;
  const text = JSON.stringify(id);
  return text === '{}' || text === '[]' || text === '""' ? null : text;
}

/** Whether a saved record was researched through the API: its `apiResearchId` holds a request id in any form. */
export function hasResearchId(record: { apiResearchId?: unknown }): boolean {
  return researchIdText(record.apiResearchId) !== null;
}
