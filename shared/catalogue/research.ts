import { z } from 'zod';
import { companyPollResponseSchema, contactPollResponseSchema, researchSubmitResponseSchema } from '../records';
import { emailAddress, stringList } from '../validation/fields';
import { defineOperation } from './types';

const text = z.string().trim().min(1, 'must not be empty');
const url = z.string().trim().regex(/^https?:\/\/\S+$/, 'must be a URL starting with http:// or https://');

/** A contact given by identifiers: one of the forms of the public reference. */
export const contactResearchItem = z
  .strictObject({
    contactName: text.optional(),
    companyName: text.optional(),
    title: text.optional(),
    domain: text.optional(),
    email: emailAddress.optional(),
    liProfileUrl: url.optional(),
    liSalesNavUrl: url.optional(),
    liRecruiterUrl: url.optional(),
  })
  .refine(
    (c) => Boolean(c.email || c.liProfileUrl || c.liSalesNavUrl || c.liRecruiterUrl || (c.contactName && (c.companyName || c.domain))),
    'needs one of: contactName with companyName or domain; email; liProfileUrl; liSalesNavUrl; liRecruiterUrl',
  );

/** Spec 4.10: each company needs at least one of domain, companyName. */
export const companyResearchItem = z
  .strictObject({ domain: text.optional(), companyName: text.optional() })
  .refine((c) => Boolean(c.domain || c.companyName), 'needs at least one of domain or companyName (spec 4.10)');

const searchResultIds = z.array(text);

export const contactResearchInput = z
  .strictObject({
    searchResultIds: searchResultIds.optional(),
    contacts: z.array(contactResearchItem).optional(),
    isJobChange: z.boolean().optional(),
    skipDeduplicationCheck: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const ids = v.searchResultIds?.length ?? 0;
    const contacts = v.contacts?.length ?? 0;
    if (ids > 0 && contacts > 0) ctx.addIssue({ code: 'custom', path: ['contacts'], message: 'give searchResultIds or contacts, not both in one request' });
    if (ids === 0 && contacts === 0) ctx.addIssue({ code: 'custom', path: ['searchResultIds'], message: 'give at least one searchResultId or contact' });
    if (v.isJobChange !== undefined && contacts === 0) ctx.addIssue({ code: 'custom', path: ['isJobChange'], message: 'applies only with contacts' });
  });

export const companyResearchInput = z
  .strictObject({
    searchResultIds: searchResultIds.optional(),
    companies: z.array(companyResearchItem).optional(),
    skipDeduplicationCheck: z.boolean().optional(),
  })
  .refine((v) => (v.searchResultIds?.length ?? 0) + (v.companies?.length ?? 0) > 0, { message: 'give at least one searchResultId or company', path: ['searchResultIds'] });

/** Poll ids: an array or a comma-separated string; sent as one comma list (spec 4.12). */
export const pollInput = z.strictObject({ requestIds: stringList().pipe(z.array(z.string()).min(1, 'give at least one request id')) });

const submitCommon = {
  version: 'v1',
  method: 'POST',
  pathFields: [],
  queryFields: [],
  output: researchSubmitResponseSchema,
  result: (body: z.output<typeof researchSubmitResponseSchema>) => body.requestIds,
  credits: 'perItem',
  // A repeat after a lost answer could research (and charge) twice: surface it instead.
  retry: 'unsafe',
  pagination: { style: 'none' },
  auth: 'required',
} as const;

const pollCommon = {
  version: 'v1',
  method: 'GET',
  pathFields: [],
  queryFields: ['requestIds'],
  input: pollInput,
  credits: 'none',
  retry: 'safe',
  pagination: { style: 'none' },
  batch: { fields: ['requestIds'], setting: 'pollIdsLimit' },
  auth: 'required',
} as const;

export const researchContactsOperation = defineOperation({
  ...submitCommon,
  id: 'contacts.research',
  resource: 'contacts',
  action: 'research',
  title: 'Research contacts',
  description: 'Finds emails, phones and details for people. Spends one credit per person, except duplicates.',
  path: '/contacts/research',
  input: contactResearchInput,
  batch: { fields: ['searchResultIds', 'contacts'], setting: 'researchBatchLimit' },
});

export const researchCompaniesOperation = defineOperation({
  ...submitCommon,
  id: 'companies.research',
  resource: 'companies',
  action: 'research',
  title: 'Research companies',
  description: 'Finds details for companies by search result, domain or name. Spends one credit per company, except duplicates.',
  path: '/companies/research',
  input: companyResearchInput,
  batch: { fields: ['searchResultIds', 'companies'], setting: 'researchBatchLimit' },
});

export const pollContactResearchOperation = defineOperation({
  ...pollCommon,
  id: 'contacts.pollResearch',
  resource: 'contacts',
  action: 'pollResearch',
  title: 'Get contact research results',
  description: 'Reads the status and results of contact research by request id. Free.',
  path: '/contacts/research/poll',
  output: contactPollResponseSchema,
  result: (body) => body.data,
});

export const pollCompanyResearchOperation = defineOperation({
  ...pollCommon,
  id: 'companies.pollResearch',
  resource: 'companies',
  action: 'pollResearch',
  title: 'Get company research results',
  description: 'Reads the status and results of company research by request id. Free.',
  path: '/companies/research/poll',
  output: companyPollResponseSchema,
  result: (body) => body.data,
});
