import { atMostChars, textCaps } from '../validation/limits';
import * as z from '../validation/zod';
import { bulkSendResultSchema, emailFooterSchema, emailPreviewSchema, v2ListOf, v2Of } from '../records';
import { emailAddress, idAsText, integerId, isoDateTimeInput, oneOf, pageFields, stringList, optionalText, optionalShortText } from '../validation/fields';
import { emailSubject, subjectAndBodyUnlessTemplate } from './email-fields';
import { companySizes, departments, moneyRanges, seniorities } from './search-filters';
import { keyedById, defineOperation, v2Base, pagePaging } from './types';
import { lazySchema, lazyStrictObject } from '../validation/lazy-schema';
import { optionalTemplateId, emailAccount } from './inputs';

/** Bulk email, preview and footers (public reference, "Bulk email", "Preview", "Email footers"). */

const base = { ...v2Base, resource: 'emails' } as const;

/** At most this many values in one filter list (DECISIONS "Campaign steps, templates, drafts, bulk email"). */
const filterListMax = 100;

const textValues = /* @__PURE__ */ lazySchema(() => z.pipe(stringList(filterListMax), z.array(z.string().check(atMostChars(textCaps.filterValue)))));

/** A list of values from a published set (the search filters' sets), a comma text too. */
function valuesFrom(set: readonly string[]) {
  return z.pipe(stringList(filterListMax), z.array(oneOf(set as [string, ...string[]])));
}

const idText = /* @__PURE__ */ lazySchema(() =>
  z.pipe(idAsText, z.string().check(z.regex(/^[A-Za-z0-9_.:~-]{1,128}$/, 'must be an id without spaces or punctuation'))),
);

/** Who receives a bulk email: the saved contacts matching every filter given (the reference's filter names). */
export const bulkFilters = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      contactIds: z.optional(z.array(integerId).check(z.maxLength(500, 'at most 500 contact ids'))),
      lists: z.optional(z.array(integerId).check(z.maxLength(filterListMax, `at most ${filterListMax} lists`))),
      campaignIds: z.optional(z.array(idText).check(z.maxLength(filterListMax, `at most ${filterListMax} campaigns`))),
      queryText: optionalShortText,
      industryFilters: z.optional(textValues),
      companyFilters: z.optional(textValues),
      seniorities: z.optional(valuesFrom(seniorities)),
      departments: z.optional(valuesFrom(departments)),
      prospectStatuses: z.optional(textValues),
      engagementStatuses: z.optional(textValues),
      employeeSizeFilters: z.optional(valuesFrom(companySizes)),
      revenueFilters: z.optional(valuesFrom(moneyRanges)),
      technologies: z.optional(textValues),
    })
    .check(
      z.refine(
        (f) => Object.values(f).some((v) => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v.trim() !== '')),
        'give at least one filter (contactIds, lists, campaignIds, queryText ...); an empty filter would email every saved contact',
      ),
    ),
);

export const sendBulkOperation = defineOperation({
  ...base,
  action: 'sendBulk',
  title: 'Send bulk email',
  description: 'Sends one email, or a template filled in per contact, to every saved contact matching the filters.',
  method: 'POST',
  path: '/emails/send-bulk',
  input: lazySchema(() =>
    z
      .strictObject({
        from: emailAccount,
        subject: z.optional(emailSubject),
        body: optionalText,
        scheduleAt: z.optional(isoDateTimeInput),
        templateId: optionalTemplateId,
        filters: bulkFilters,
      })
      .check(z.superRefine(subjectAndBodyUnlessTemplate)),
  ),
  output: v2Of(bulkSendResultSchema),
  // Never repeat a send after an ambiguous failure: every matched contact would get the email twice.
});

export const previewEmailOperation = defineOperation({
  ...base,
  action: 'preview',
  title: 'Preview email',
  description: 'Shows an email as the recipient would get it, with template variables filled in; sends nothing.',
  method: 'POST',
  path: '/emails/preview',
  input: lazySchema(() =>
    z
      .strictObject({
        to: emailAddress,
        subject: z.optional(emailSubject),
        body: optionalText,
        from: z.optional(emailAccount),
        templateId: optionalTemplateId,
      })
      .check(z.superRefine(subjectAndBodyUnlessTemplate)),
  ),
  output: v2Of(emailPreviewSchema),
  // A preview sends nothing and changes nothing.
  retry: 'safe',
});

export const listEmailFootersOperation = defineOperation({
  ...base,
  method: 'GET',
  resource: 'emailFooters',
  action: 'list',
  title: 'List email footers',
  description: 'Lists the footers (signature, unsubscribe text) that templates can add to emails.',
  path: '/email-footers',
  queryFields: ['page', 'limit'],
  input: lazyStrictObject({
    ...pageFields,
  }),
  output: v2ListOf(emailFooterSchema),
  pagination: pagePaging,
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const bulkEmailOperations = keyedById([sendBulkOperation, previewEmailOperation, listEmailFootersOperation]);
