import { z } from 'zod';
import { emailSchema, v2Envelope } from '../records';
import { emailAddress, emailList, integerId, isoDateTimeInput, pathId } from '../validation/fields';
import { emailSubject, subjectAndBodyUnlessTemplate } from './email-fields';
import { picks } from './pickers';
import { keyedById, defineOperation } from './types';
import { lazySchema } from '../validation/lazy-schema';

/** Email drafts (public reference, "Email drafts"): write, read and change a draft; emails.sendDraft sends it. */

const base = { version: 'v2', resource: 'emails', pathFields: [], queryFields: [], credits: 'none', pagination: { style: 'none' }, auth: 'required' } as const;
const byId = { path: '/emails/{id}', pathFields: ['id'] } as const;

const draftFields = {
  contactId: integerId,
  from: lazySchema(() => picks(emailAddress, 'emailAccounts')),
  to: emailAddress,
  subject: lazySchema(() => emailSubject.optional()),
  body: lazySchema(() => z.string().optional()),
  cc: lazySchema(() => emailList.optional()),
  bcc: lazySchema(() => emailList.optional()),
  scheduleAt: lazySchema(() => isoDateTimeInput.optional()),
  templateId: lazySchema(() => picks(integerId, 'templates').optional()),
};

export const createDraftOperation = defineOperation({
  ...base,
  id: 'emails.createDraft',
  action: 'createDraft',
  title: 'Create draft',
  description: 'Writes an email draft to a saved contact without sending it; send it later with Send Draft.',
  method: 'POST',
  path: '/emails',
  input: lazySchema(() => z.strictObject(draftFields).superRefine(subjectAndBodyUnlessTemplate)),
  output: lazySchema(() => v2Envelope(emailSchema)),
  result: (body) => body.data,
  // A repeated create would write a second draft, which a later "send all drafts" would send twice.
  retry: 'unsafe',
});

export const getEmailOperation = defineOperation({
  ...base,
  ...byId,
  id: 'emails.get',
  action: 'get',
  title: 'Get email',
  description: 'Reads one of your emails: a draft, a scheduled or a sent email.',
  method: 'GET',
  input: lazySchema(() => z.strictObject({ id: pathId })),
  output: lazySchema(() => v2Envelope(emailSchema)),
  result: (body) => body.data,
  retry: 'safe',
});

const changeable = ['contactId', 'from', 'to', 'subject', 'body', 'cc', 'bcc', 'scheduleAt', 'templateId'] as const;

export const updateDraftOperation = defineOperation({
  ...base,
  ...byId,
  id: 'emails.updateDraft',
  action: 'updateDraft',
  changesRecord: true,
  title: 'Update draft',
  description: 'Changes a draft that has not been sent; fields left out stay as they are.',
  method: 'PUT',
  input: lazySchema(() =>
    z
      .strictObject({
        id: pathId,
        contactId: draftFields.contactId.optional(),
        from: draftFields.from.optional(),
        to: draftFields.to.optional(),
        // A change to an empty subject or body is a mistake, not a way to clear it (the draft could no longer be sent).
        subject: emailSubject.refine((v) => v.trim() !== '', 'must not be empty').optional(),
        body: z
          .string()
          .refine((v) => v.trim() !== '', 'must not be empty')
          .optional(),
        cc: draftFields.cc,
        bcc: draftFields.bcc,
        scheduleAt: draftFields.scheduleAt,
        templateId: draftFields.templateId,
      })
      .refine((v) => changeable.some((k) => v[k] !== undefined), {
        message: `give at least one field to change (${changeable.join(', ')})`,
        path: ['subject'],
      }),
  ),
  output: lazySchema(() => v2Envelope(emailSchema)),
  result: (body) => body.data,
  // Writing the same fields twice leaves the draft as once.
  retry: 'safe',
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const emailDraftOperations = keyedById([createDraftOperation, getEmailOperation, updateDraftOperation]);
