import * as z from '../validation/zod';
import { emailAccountSchema, emailSchema, v2ListOf, v2Of } from '../records';
import { textCaps } from '../validation/limits';
import { emailAddress, emailList, integerId, pathId, shortText } from '../validation/fields';
import { picks } from './pickers';
import { keyedById, defineOperation, v2Base } from './types';
import { lazySchema } from '../validation/lazy-schema';

const base = v2Base;

export const sendEmailOperation = defineOperation({
  ...base,
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
        subject: z.optional(shortText(textCaps.subject).check(z.refine((v) => !/[\r\n]/.test(v), 'must be one line (no line breaks)'))),
        body: z.optional(z.string()),
        cc: z.optional(emailList),
        bcc: z.optional(emailList),
        templateId: z.optional(picks(integerId, 'templates')),
      })
      .check(
        z.superRefine((v, ctx) => {
          if (v.templateId !== undefined) return;
          if (!v.subject?.trim()) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'is required unless a templateId is given' });
          if (!v.body?.trim()) ctx.addIssue({ code: 'custom', path: ['body'], message: 'is required unless a templateId is given' });
        }),
      ),
  ),
  output: v2Of(emailSchema),
  // Never repeat a send after an ambiguous failure: the contact would get the email twice.
});

export const sendDraftOperation = defineOperation({
  ...base,
  resource: 'emails',
  action: 'sendDraft',
  title: 'Send draft',
  description: 'Sends an email draft you prepared earlier.',
  method: 'POST',
  path: '/emails/{id}/send',
  input: lazySchema(() => z.strictObject({ id: pathId, from: z.optional(picks(emailAddress, 'emailAccounts')) })),
  output: v2Of(emailSchema),
});

export const listDraftsOperation = defineOperation({
  ...base,
  resource: 'emails',
  action: 'listDrafts',
  returns: 'list',
  title: 'List drafts',
  description: 'Lists your email drafts that have not been sent.',
  method: 'GET',
  path: '/emails',
  queryFields: ['status'],
  input: lazySchema(() => z.strictObject({ status: z._default(z.literal('draft'), 'draft') })),
  output: v2ListOf(emailSchema),
});

export const listEmailAccountsOperation = defineOperation({
  ...base,
  resource: 'emailAccounts',
  action: 'list',
  returns: 'list',
  title: 'List email accounts',
  description: 'Lists the email accounts you connected for sending.',
  method: 'GET',
  path: '/email-accounts',
  input: lazySchema(() => z.strictObject({})),
  output: v2ListOf(emailAccountSchema),
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const emailOperations = keyedById([sendEmailOperation, sendDraftOperation, listDraftsOperation, listEmailAccountsOperation]);
