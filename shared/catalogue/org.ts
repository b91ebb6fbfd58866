import * as z from '../validation/zod';
import { orgCompanySchema, orgContactSchema, v1DataList } from '../records';
import { isoDateTimeInput } from '../validation/fields';
import { keyedById, defineOperation } from './types';
import { lazySchema } from '../validation/lazy-schema';

/** Public reference: page (from 1), limit (1..500, spec 8), startDate and endDate required. */
export const orgReadInput = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      page: z._default(z.number().check(z.int(), z.minimum(1, 'pages start at 1')), 1),
      limit: z._default(z.number().check(z.int(), z.minimum(1, 'must be at least 1'), z.maximum(500, 'at most 500 results per page (spec 8)')), 500),
      startDate: isoDateTimeInput,
      endDate: isoDateTimeInput,
    })
    .check(z.refine((v) => Date.parse(v.startDate) <= Date.parse(v.endDate), { message: 'must not be before startDate', path: ['endDate'] })),
);

const orgCommon = {
  version: 'v1',
  method: 'GET',
  queryFields: ['page', 'limit', 'startDate', 'endDate'],
  input: orgReadInput,
  credits: 'none',
  retry: 'safe',
  pagination: { style: 'page', pageField: 'page', limitField: 'limit', maxLimit: 500 },
  auth: 'required',
} as const;

export const orgContactsOperation = defineOperation({
  ...orgCommon,
  resource: 'orgContacts',
  action: 'list',
  returns: 'list',
  title: 'Get saved contacts',
  description: "Reads the organization's saved (already researched) contacts changed within a period. Free.",
  path: '/contacts',
  output: lazySchema(() => v1DataList(orgContactSchema)),
});

export const orgCompaniesOperation = defineOperation({
  ...orgCommon,
  resource: 'orgCompanies',
  action: 'list',
  returns: 'list',
  title: 'Get saved companies',
  description: "Reads the organization's saved companies changed within a period. Free.",
  path: '/companies',
  output: lazySchema(() => v1DataList(orgCompanySchema)),
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const orgOperations = keyedById([orgContactsOperation, orgCompaniesOperation]);
