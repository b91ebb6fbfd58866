import { z } from 'zod';
import { companySearchResponseSchema, contactSearchResponseSchema } from '../records';
import { isoDateTimeInput, stringList } from '../validation/fields';
import { defineOperation } from './types';

const seniorities = ['C-Level', 'VP', 'Director', 'Manager', 'Senior', 'Entry Level', 'Mid-Level', 'Other'] as const;

/** Paging fields shared by both searches (public reference: limit 1..500 on v2, page or nextToken). */
const paging = {
  limit: z.number().int().min(1, 'must be at least 1').max(500, 'at most 500 results per page').optional(),
  page: z.number().int().min(1, 'pages start at 1').optional(),
  nextToken: z.string().nullish(),
  savedSearchId: z.union([z.string(), z.number()]).transform(String).optional(),
};

const notBothCursors = (v: { page?: number; nextToken?: string | null }) => !(v.page !== undefined && v.nextToken);

/** Contact filters of the public reference; unknown filters pass through (the service adds some). */
export const contactSearchInput = z
  .looseObject({
    companyName: stringList().optional(),
    companyNameSearchType: z.enum(['default', 'related', 'exact']).optional(),
    companyDomain: stringList().optional(),
    fullName: stringList().optional(),
    contactState: stringList().optional(),
    contactCountry: stringList().optional(),
    contactZipCode: stringList().optional(),
    locationType: z.enum(['bothOR', 'bothAND', 'company', 'contact']).optional(),
    department: stringList(5, 'departments').optional(),
    seniority: z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v), z.array(z.enum(seniorities, { message: `must be one of ${seniorities.join(', ')}` }))).optional(),
    jobTitle: stringList().optional(),
    contactKeyword: stringList().optional(),
    industry: stringList(5, 'industries').optional(),
    companySize: stringList().optional(),
    companyRevenue: stringList().optional(),
    technologies: stringList().optional(),
    lastModifiedAfter: isoDateTimeInput.optional(),
    lastModifiedBefore: isoDateTimeInput.optional(),
    ...paging,
  })
  .refine(notBothCursors, { message: 'give page or nextToken, not both', path: ['nextToken'] });

/** Company filters (docs/DECISIONS.md, "Search filters"). */
export const companySearchInput = z
  .looseObject({
    companyName: stringList().optional(),
    companyNameSearchType: z.enum(['default', 'related', 'exact']).optional(),
    companyDomain: stringList().optional(),
    industry: stringList(5, 'industries').optional(),
    companySize: stringList().optional(),
    companyRevenue: stringList().optional(),
    technologies: stringList().optional(),
    companyState: stringList().optional(),
    companyCountry: stringList().optional(),
    companyZipCode: stringList().optional(),
    companyKeyword: stringList().optional(),
    lastModifiedAfter: isoDateTimeInput.optional(),
    lastModifiedBefore: isoDateTimeInput.optional(),
    ...paging,
  })
  .refine(notBothCursors, { message: 'give page or nextToken, not both', path: ['nextToken'] });

const searchCommon = {
  version: 'v2',
  method: 'POST',
  pathFields: [],
  queryFields: [],
  credits: 'none',
  // A search changes nothing: repeating it is harmless.
  retry: 'safe',
  pagination: { style: 'nextToken', tokenField: 'nextToken', limitField: 'limit', maxLimit: 500 },
  auth: 'required',
} as const;

export const searchContactsOperation = defineOperation({
  ...searchCommon,
  id: 'contacts.search',
  resource: 'contacts',
  action: 'search',
  title: 'Search contacts',
  description: 'Finds people by company, title, seniority, location and more. Free: uses no credits.',
  path: '/search/contacts',
  input: contactSearchInput,
  output: contactSearchResponseSchema,
  result: (body) => body.data,
});

export const searchCompaniesOperation = defineOperation({
  ...searchCommon,
  id: 'companies.search',
  resource: 'companies',
  action: 'search',
  title: 'Search companies',
  description: 'Finds companies by name, domain, industry, size and more. Free: uses no credits.',
  path: '/search/companies',
  input: companySearchInput,
  output: companySearchResponseSchema,
  result: (body) => body.data,
});
