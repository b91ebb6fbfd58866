import * as z from '../validation/zod';
import { emailAccountSchema, emailSchema, v2ListOf, v2Of } from '../records';
import { emailAddress, emailList, integerId, pathId, optionalText } from '../validation/fields';
import { keyedById, defineOperation, v2Base } from './types';
import { lazySchema, lazyStrictObject } from '../validation/lazy-schema';
import { emailSubject, subjectAndBodyUnlessTemplate } from './email-fields';
import { noInput, optionalTemplateId, emailAccount } from './inputs';

const base = { ...v2Base, resource: 'emails' } as const;

export const sendEmailOperation = defineOperation({
  ...base,
  action: 'send',
  title: 'Send email',
  description: 'Sends an email to a saved contact from one of your connected email accounts.',
  method: 'POST',
  path: '/emails/send',
  input: lazySchema(() =>
    z
      .strictObject({
        contactId: integerId,
        from: emailAccount,
        to: emailAddress,
        subject: z.optional(emailSubject),
        body: optionalText,
        cc: z.optional(emailList),
        bcc: z.optional(emailList),
        templateId: optionalTemplateId,
      })
      .check(z.superRefine(subjectAndBodyUnlessTemplate)),
  ),
  output: v2Of(emailSchema),
  // Never repeat a send after an ambiguous failure: the contact would get the email twice.
});

export const sendDraftOperation = defineOperation({
  ...base,
  action: 'sendDraft',
  title: 'Send draft',
  description: 'Sends an email draft you prepared earlier.',
  method: 'POST',
  path: '/emails/{id}/send',
  input: lazyStrictObject(() => ({ id: pathId, from: z.optional(emailAccount) })),
  output: v2Of(emailSchema),
});

export const listDraftsOperation = defineOperation({
  ...base,
  method: 'GET',
  action: 'listDrafts',
  title: 'List drafts',
  description: 'Lists your email drafts that have not been sent.',
  path: '/emails',
  queryFields: ['status'],
  input: lazyStrictObject(() => ({ status: z._default(z.literal('draft'), 'draft') })),
  output: v2ListOf(emailSchema),
});

export const listEmailAccountsOperation = defineOperation({
  ...base,
  method: 'GET',
  resource: 'emailAccounts',
  action: 'list',
  title: 'List email accounts',
  description: 'Lists the email accounts you connected for sending.',
  path: '/email-accounts',
  input: noInput,
  output: v2ListOf(emailAccountSchema),
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const emailOperations = keyedById([sendEmailOperation, sendDraftOperation, listDraftsOperation, listEmailAccountsOperation]);
