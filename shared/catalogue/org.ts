import * as z from '../validation/zod';
import { orgCompanySchema, orgContactSchema, v1DataList } from '../records';
import { isoDateTimeInput } from '../validation/fields';
import { keyedById, defineOperation, v2Base } from './types';
import { lazySchema } from '../validation/lazy-schema';
import { pageNumber } from './inputs';

/** Public reference: page (from 1), limit (1..500, spec 8), startDate and endDate required. */
export const orgReadInput = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      page: z._default(pageNumber, 1),
      limit: z._default(z.number().check(z.int(), z.minimum(1, 'must be at least 1'), z.maximum(500, 'at most 500 results per page (spec 8)')), 500),
      startDate: isoDateTimeInput,
      endDate: isoDateTimeInput,
    })
    .check(z.refine((v) => Date.parse(v.startDate) <= Date.parse(v.endDate), { message: 'must not be before startDate', path: ['endDate'] })),
);

const orgCommon = {
  ...v2Base,
  version: 'v1',
  queryFields: ['page', 'limit', 'startDate', 'endDate'],
  input: orgReadInput,
  pagination: { style: 'page', pageField: 'page', limitField: 'limit', maxLimit: 500 },
} as const;

export const orgContactsOperation = defineOperation({
  ...orgCommon,
  method: 'GET',
  resource: 'orgContacts',
  action: 'list',
  title: 'Get saved contacts',
  description: "Reads the organization's saved (already researched) contacts changed within a period. Free.",
  path: '/contacts',
  output: lazySchema(() => v1DataList(orgContactSchema)),
});

export const orgCompaniesOperation = defineOperation({
  ...orgCommon,
  method: 'GET',
  resource: 'orgCompanies',
  action: 'list',
  title: 'Get saved companies',
  description: "Reads the organization's saved companies changed within a period. Free.",
  path: '/companies',
  output: lazySchema(() => v1DataList(orgCompanySchema)),
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const orgOperations = keyedById([orgContactsOperation, orgCompaniesOperation]);
