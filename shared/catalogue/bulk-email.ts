import { z } from 'zod';
import { bulkSendResultSchema, emailFooterSchema, emailPreviewSchema, v2Envelope } from '../records';
import { textCaps } from '../validation/limits';
import { emailAddress, integerId, isoDateTimeInput, shortText, stringList } from '../validation/fields';
import { emailSubject, subjectAndBodyUnlessTemplate } from './email-fields';
import { companySizes, departments, moneyRanges, seniorities } from './search-filters';
import { picks } from './pickers';
import { keyedById, defineOperation } from './types';
import { lazySchema } from '../validation/lazy-schema';

/** Bulk email, preview and footers (public reference, "Bulk email", "Preview", "Email footers"). */

const base = { version: 'v2', pathFields: [], queryFields: [], credits: 'none', pagination: { style: 'none' }, auth: 'required' } as const;

/** At most this many values in one filter list (DECISIONS "Campaign steps, templates, drafts, bulk email"). */
const filterListMax = 100;

const textValues = lazySchema(() =>
  stringList(filterListMax).pipe(z.array(z.string().max(textCaps.filterValue, `must be at most ${textCaps.filterValue} characters`))),
);

/** A list of values from a published set (the search filters' sets), a comma text too. */
function valuesFrom(set: readonly string[]) {
  return stringList(filterListMax).pipe(z.array(z.enum(set as [string, ...string[]], { message: `must be one of ${set.join(', ')}` })));
}

const idText = lazySchema(() =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^[A-Za-z0-9_.:~-]{1,128}$/, 'must be an id without spaces or punctuation')),
);

/** Who receives a bulk email: the saved contacts matching every filter given (the reference's filter names). */
export const bulkFilters = lazySchema(() =>
  z
    .strictObject({
      contactIds: z.array(integerId).max(500, 'at most 500 contact ids').optional(),
      lists: z.array(integerId).max(filterListMax, `at most ${filterListMax} lists`).optional(),
      campaignIds: z.array(idText).max(filterListMax, `at most ${filterListMax} campaigns`).optional(),
      queryText: shortText().optional(),
      industryFilters: textValues.optional(),
      companyFilters: textValues.optional(),
      seniorities: valuesFrom(seniorities).optional(),
      departments: valuesFrom(departments).optional(),
      prospectStatuses: textValues.optional(),
      engagementStatuses: textValues.optional(),
      employeeSizeFilters: valuesFrom(companySizes).optional(),
      revenueFilters: valuesFrom(moneyRanges).optional(),
      technologies: textValues.optional(),
    })
    // An empty filter would match every saved contact of the organization: a send that large is never what was meant.
    .refine(
      (f) => Object.values(f).some((v) => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v.trim() !== '')),
      'give at least one filter (contactIds, lists, campaignIds, queryText ...); an empty filter would email every saved contact',
    ),
);

export const sendBulkOperation = defineOperation({
  ...base,
  id: 'emails.sendBulk',
  resource: 'emails',
  action: 'sendBulk',
  title: 'Send bulk email',
  description: 'Sends one email, or a template filled in per contact, to every saved contact matching the filters.',
  method: 'POST',
  path: '/emails/send-bulk',
  input: lazySchema(() =>
    z
      .strictObject({
        from: picks(emailAddress, 'emailAccounts'),
        subject: emailSubject.optional(),
        body: z.string().optional(),
        scheduleAt: isoDateTimeInput.optional(),
        templateId: picks(integerId, 'templates').optional(),
        filters: bulkFilters,
      })
      .superRefine(subjectAndBodyUnlessTemplate),
  ),
  output: lazySchema(() => v2Envelope(bulkSendResultSchema)),
  result: (body) => body.data,
  // Never repeat a send after an ambiguous failure: every matched contact would get the email twice.
  retry: 'unsafe',
});

export const previewEmailOperation = defineOperation({
  ...base,
  id: 'emails.preview',
  resource: 'emails',
  action: 'preview',
  title: 'Preview email',
  description: 'Shows an email as the recipient would get it, with template variables filled in; sends nothing.',
  method: 'POST',
  path: '/emails/preview',
  input: lazySchema(() =>
    z
      .strictObject({
        to: emailAddress,
        subject: emailSubject.optional(),
        body: z.string().optional(),
        from: picks(emailAddress, 'emailAccounts').optional(),
        templateId: picks(integerId, 'templates').optional(),
      })
      .superRefine(subjectAndBodyUnlessTemplate),
  ),
  output: lazySchema(() => v2Envelope(emailPreviewSchema)),
  result: (body) => body.data,
  // A preview sends nothing and changes nothing.
  retry: 'safe',
});

export const listEmailFootersOperation = defineOperation({
  ...base,
  id: 'emailFooters.list',
  resource: 'emailFooters',
  action: 'list',
  returns: 'list',
  title: 'List email footers',
  description: 'Lists the footers (signature, unsubscribe text) that templates can add to emails.',
  method: 'GET',
  path: '/email-footers',
  queryFields: ['page', 'limit'],
  input: lazySchema(() =>
    z.strictObject({
      page: z.number().int('must be a whole number').min(1, 'must be at least 1').optional(),
      limit: z.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').optional(),
    }),
  ),
  output: lazySchema(() => v2Envelope(z.array(emailFooterSchema))),
  result: (body) => body.data,
  retry: 'safe',
  pagination: { style: 'page', pageField: 'page', limitField: 'limit', maxLimit: 100 },
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const bulkEmailOperations = keyedById([sendBulkOperation, previewEmailOperation, listEmailFootersOperation]);
