import * as z from '../validation/zod';
import { digitString, isoDateTime, text } from './primitives';
import { lazyLooseObject } from '../validation/lazy-schema';

/** Email records (spec 2.4, 4.5, 4.6) plus email accounts and templates (DECISIONS "Emails, accounts, templates"). */

/** Statuses shown so far (spec 3); the full set is not shown, so the schema keeps `status` a plain string. */
export const knownEmailStatuses = ['SCHEDULED', 'sent', 'draft'] as const;

/**
 * Spec 2.4. cc/bcc are optional on send and may hold several addresses, so they are not checked as one
 * address and may be absent or null. A scheduled email has no sentAt yet and a draft neither time, so both accept null.
 */
export const emailSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  emailId: text,
  contactId: digitString,
  /** Addresses may come with a display name ("Ana <ana@x.com>"), so only presence is checked. */
  from: text.check(z.minLength(1)),
  to: text.check(z.minLength(1)),
  cc: z.nullish(text),
  bcc: z.nullish(text),
  subject: text,
  body: text,
  status: text,
  scheduledAt: z.nullish(isoDateTime),
  sentAt: z.nullish(isoDateTime),
  createdAt: isoDateTime,
}));
export type Email = z.output<typeof emailSchema>;

/** Item of `GET /v2/email-accounts`: the user's connected sending accounts. */
export const emailAccountSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  emailAccountId: text,
  email: z.email(),
  name: text,
}));
export type EmailAccount = z.output<typeof emailAccountSchema>;

/** Item of `GET /v2/templates`; templateId is an integer because email and step bodies take it so. */
export const templateSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  templateId: z.int(),
  name: text,
  subject: text,
  body: text,
}));
export type Template = z.output<typeof templateSchema>;
