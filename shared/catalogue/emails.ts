import { z } from 'zod';
import { emailAccountSchema, emailSchema, v2Envelope } from '../records';
import { textCaps } from '../validation/limits';
import { emailAddress, emailList, integerId, pathId, shortText } from '../validation/fields';
import { picks } from './pickers';
import { keyedById, defineOperation } from './types';
import { lazySchema } from '../validation/lazy-schema';

const base = { version: 'v2', pathFields: [], queryFields: [], credits: 'none', pagination: { style: 'none' }, auth: 'required' } as const;

export const sendEmailOperation = defineOperation({
  ...base,
  id: 'emails.send',
  resource: 'emails',
  action: 'send',
  title: 'Send email',
  description: 'Sends an email to a saved contact from one of your connected email accounts.',
  method: 'POST',
  path: '/emails/send',
  input: lazySchema(() =>
    z
      .strictObject({
        contactId: integerId,
        from: picks(emailAddress, 'emailAccounts'),
        to: emailAddress,
        subject: shortText(textCaps.subject)
          .refine((v) => !/[\r\n]/.test(v), 'must be one line (no line breaks)')
          .optional(),
        body: z.string().optional(),
        cc: emailList.optional(),
        bcc: emailList.optional(),
        templateId: picks(integerId, 'templates').optional(),
      })
      .superRefine((v, ctx) => {
        if (v.templateId !== undefined) return;
        if (!v.subject?.trim()) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'is required unless a templateId is given' });
        if (!v.body?.trim()) ctx.addIssue({ code: 'custom', path: ['body'], message: 'is required unless a templateId is given' });
      }),
  ),
  output: lazySchema(() => v2Envelope(emailSchema)),
  result: (body) => body.data,
  // Never repeat a send after an ambiguous failure: the contact would get the email twice.
  retry: 'unsafe',
});

export const sendDraftOperation = defineOperation({
  ...base,
  id: 'emails.sendDraft',
  resource: 'emails',
  action: 'sendDraft',
  title: 'Send draft',
  description: 'Sends an email draft you prepared earlier.',
  method: 'POST',
  path: '/emails/{id}/send',
  pathFields: ['id'],
  input: lazySchema(() => z.strictObject({ id: pathId, from: picks(emailAddress, 'emailAccounts').optional() })),
  output: lazySchema(() => v2Envelope(emailSchema)),
  result: (body) => body.data,
  retry: 'unsafe',
});

export const listDraftsOperation = defineOperation({
  ...base,
  id: 'emails.listDrafts',
  resource: 'emails',
  action: 'listDrafts',
  returns: 'list',
  title: 'List drafts',
  description: 'Lists your email drafts that have not been sent.',
  method: 'GET',
  path: '/emails',
  queryFields: ['status'],
  input: lazySchema(() => z.strictObject({ status: z.literal('draft').default('draft') })),
  output: lazySchema(() => v2Envelope(z.array(emailSchema))),
  result: (body) => body.data,
  retry: 'safe',
});

export const listEmailAccountsOperation = defineOperation({
  ...base,
  id: 'emailAccounts.list',
  resource: 'emailAccounts',
  action: 'list',
  returns: 'list',
  title: 'List email accounts',
  description: 'Lists the email accounts you connected for sending.',
  method: 'GET',
  path: '/email-accounts',
  input: lazySchema(() => z.strictObject({})),
  output: lazySchema(() => v2Envelope(z.array(emailAccountSchema))),
  result: (body) => body.data,
  retry: 'safe',
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const emailOperations = keyedById([sendEmailOperation, sendDraftOperation, listDraftsOperation, listEmailAccountsOperation]);
