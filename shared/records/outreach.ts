import * as z from '../validation/zod';
import { digitString, nonNegativeInt, text } from './primitives';
import { lazyLooseObject } from '../validation/lazy-schema';

/**
 * Records of the outreach operations the public reference lists without answer shapes ("The rest of the service"):
 * email footers, bulk sends, previews, template variables. The shapes are DECISIONS "Campaign steps, templates,
 * drafts, bulk email"; loose, so fields the service adds survive.
 */

/** Item of `GET /v2/email-footers`. */
export const emailFooterSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  emailFooterId: z.int(),
  name: text,
  body: text,
}));
export type EmailFooter = z.output<typeof emailFooterSchema>;

/** A contact the bulk send did not write to, and why (no email address, already emailed in this send ...). */
export const bulkSkipSchema = /* @__PURE__ */ lazyLooseObject({ contactId: digitString, reason: text });

/** Data of `POST /v2/emails/send-bulk`: how many contacts the filters matched, and the emails it scheduled. */
export const bulkSendResultSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  matched: nonNegativeInt,
  scheduled: nonNegativeInt,
  emailIds: z.array(text),
  skipped: z.array(bulkSkipSchema),
}));
export type BulkSendResult = z.output<typeof bulkSendResultSchema>;

/** Data of `POST /v2/emails/preview`: the rendered email (nothing is sent) and the variables it could not fill. */
export const emailPreviewSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  from: z.nullable(text),
  to: text,
  subject: text,
  body: text,
  contactId: z.nullable(digitString),
  missingVariables: z.array(text),
}));
export type EmailPreview = z.output<typeof emailPreviewSchema>;

/** A template variable as the MCP resource `templates/variables` lists it. */
export const templateVariableSchema = /* @__PURE__ */ lazyLooseObject({ name: text, description: text });
export type TemplateVariable = z.output<typeof templateVariableSchema>;
