import * as z from '../validation/zod';
import { textCaps } from '../validation/limits';
import { shortText } from '../validation/fields';
import { lazySchema } from '../validation/lazy-schema';
import { refuseField } from '../validation/transform-issue';

/** Fields the email operations share (send, drafts, bulk send, preview), with the rules emails.send states. */

/** One line: a subject goes into a mail header, where a line break would inject another header. */
export const emailSubject = /* @__PURE__ */ lazySchema(() =>
  shortText(textCaps.subject).check(z.refine((v) => !/[\r\n]/.test(v), 'must be one line (no line breaks)')),
);

/**
 * Subject and body are required unless a template gives them (DECISIONS "Emails"): checked before sending, naming
 * each missing field, for the draft create, the bulk send and the preview as for emails.send.
 */
export function subjectAndBodyUnlessTemplate(v: { subject?: string; body?: string; templateId?: number }, ctx: z.core.$RefinementCtx): void {
  if (v.templateId !== undefined) return;
  if (!v.subject?.trim()) refuseField(ctx, 'subject', 'is required unless a templateId is given');
  if (!v.body?.trim()) refuseField(ctx, 'body', 'is required unless a templateId is given');
}
