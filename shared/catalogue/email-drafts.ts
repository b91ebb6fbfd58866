import * as z from '../validation/zod';
import { emailSchema, v2Of } from '../records';
import { emailAddress, emailList, integerId, isoDateTimeInput, pathId, optionalText } from '../validation/fields';
import { emailSubject, subjectAndBodyUnlessTemplate } from './email-fields';
import { keyedById, defineOperation, v2Base, getBase } from './types';
import { lazySchema } from '../validation/lazy-schema';
import { idInput, optionalTemplateId, emailAccount } from './inputs';

/** Email drafts (public reference, "Email drafts"): write, read and change a draft; emails.sendDraft sends it. */

const base = { ...v2Base, resource: 'emails' } as const;
const byId = { path: '/emails/{id}' } as const;

const draftFields = {
  contactId: integerId,
  from: emailAccount,
  to: emailAddress,
  subject: lazySchema(() => z.optional(emailSubject)),
  body: optionalText,
  cc: lazySchema(() => z.optional(emailList)),
  bcc: lazySchema(() => z.optional(emailList)),
  scheduleAt: lazySchema(() => z.optional(isoDateTimeInput)),
  templateId: optionalTemplateId,
};

export const createDraftOperation = defineOperation({
  ...base,
  action: 'createDraft',
  title: 'Create draft',
  description: 'Writes an email draft to a saved contact without sending it; send it later with Send Draft.',
  method: 'POST',
  path: '/emails',
  input: lazySchema(() => z.strictObject(draftFields).check(z.superRefine(subjectAndBodyUnlessTemplate))),
  output: v2Of(emailSchema),
  // A repeated create would write a second draft, which a later "send all drafts" would send twice.
});

export const getEmailOperation = defineOperation({
  ...base,
  ...byId,
  ...getBase,
  title: 'Get email',
  description: 'Reads one of your emails: a draft, a scheduled or a sent email.',
  input: idInput,
  output: v2Of(emailSchema),
});

const changeable = ['contactId', 'from', 'to', 'subject', 'body', 'cc', 'bcc', 'scheduleAt', 'templateId'] as const;

export const updateDraftOperation = defineOperation({
  ...base,
  ...byId,
  action: 'updateDraft',
  title: 'Update draft',
  description: 'Changes a draft that has not been sent; fields left out stay as they are.',
  method: 'PUT',
  input: lazySchema(() =>
    z
      .strictObject({
        id: pathId,
        contactId: z.optional(draftFields.contactId),
        from: z.optional(draftFields.from),
        to: z.optional(draftFields.to),
        // A change to an empty subject or body is a mistake, not a way to clear it (the draft could no longer be sent).
        subject: z.optional(emailSubject.check(z.refine((v) => v.trim() !== '', 'must not be empty'))),
        body: z.optional(z.string().check(z.refine((v) => v.trim() !== '', 'must not be empty'))),
        cc: draftFields.cc,
        bcc: draftFields.bcc,
        scheduleAt: draftFields.scheduleAt,
        templateId: draftFields.templateId,
      })
      .check(
        z.refine((v) => changeable.some((k) => v[k] !== undefined), {
          message: `give at least one field to change (${changeable.join(', ')})`,
          path: ['subject'],
        }),
      ),
  ),
  output: v2Of(emailSchema),
  // Safe to repeat (a PUT): writing the same fields twice leaves the draft as once.
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const emailDraftOperations = keyedById([createDraftOperation, getEmailOperation, updateDraftOperation]);
