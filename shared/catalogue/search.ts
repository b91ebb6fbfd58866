import * as z from '../validation/zod';
import { companySearchResponseSchema, contactSearchResponseSchema } from '../records';
import { isoDateTimeInput, pathId } from '../validation/fields';
import { enumList, enumValue, flag, nextTokenField, textList } from '../validation/search-fields';
import {
  companyFilterFacts,
  contactFilterFacts,
  jobChangeDayRanges,
  jobChangeTypes,
  pastCompanyNamesMax,
  type FilterFact,
  type SearchTarget,
} from './search-filters';
import { picks } from './pickers';
import { keyedById, defineOperation, v2Base } from './types';
import { lazySchema, lazyStrictObject } from '../validation/lazy-schema';
import { pageNumber } from './inputs';

/** Paging fields shared by both searches (public reference: limit 1..500 on v2, page or nextToken). */
const paging = {
  limit: lazySchema(() => z.optional(z.number().check(z.int(), z.minimum(1, 'must be at least 1'), z.maximum(500, 'at most 500 results per page')))),
  page: lazySchema(() => z.optional(pageNumber)),
  nextToken: nextTokenField,
  savedSearchId: lazySchema(() => z.optional(picks(z.pipe(z.union([z.string(), z.number()]), pathId), 'savedSearches'))),
};

const notBothCursors = (v: { page?: number; nextToken?: string | null }) => !(v.page !== undefined && v.nextToken);

/** The zod field of one published filter. */
function filterField(fact: FilterFact): z.ZodMiniType {
  switch (fact.kind) {
    case 'textList':
      return textList(fact.max);
    case 'enumList':
      return enumList(fact.values, fact.max);
    case 'enum': {
      const one = enumValue(fact.values);
      // The published default is the service's, shown by forms; the connector sends nothing when left out.
      const shown = fact.default === undefined ? one : one.check(z.meta({ type: 'string', enum: [...fact.values], default: fact.default }));
      return fact.nullable ? z.nullable(shown) : shown;
    }
    case 'boolean':
      return flag;
    case 'dateTime':
      return isoDateTimeInput;
    case 'jobChanges':
      return z.nullable(
        z
          .strictObject(
            { changeType: z.nullish(enumValue(jobChangeTypes)), dayRange: z.nullish(enumValue(jobChangeDayRanges)) },
            { message: 'must be an object {changeType, dayRange}' },
          )
          .check(z.refine((v) => Boolean(v.changeType || v.dayRange), 'is empty: give changeType or dayRange, or leave the filter out')),
      );
    case 'pastCompany':
      return z.nullable(
        z.strictObject(
          { names: textList(pastCompanyNamesMax), onlyMostRecentDeparture: z.optional(flag) },
          { message: 'must be an object {names, onlyMostRecentDeparture}' },
        ),
      );
  }
}

function filtersOf(facts: Readonly<Record<string, FilterFact>>): Record<string, z.ZodMiniType> {
  return Object.fromEntries(Object.entries(facts).map(([name, fact]) => [name, z.optional(filterField(fact))]));
}

// Built once and shared by the saved-search filters and the search inputs (about 230 zod schemas each kind, built on
// every Apps Script execution); zod schemas are immutable, so sharing them changes no validation.
// Built on first use (shared/validation/lazy-schema.ts), once.
let filters: Record<SearchTarget, Record<string, z.ZodMiniType>> | undefined;
const filtersFor = (target: SearchTarget) => (filters ??= { contacts: filtersOf(contactFilterFacts), companies: filtersOf(companyFilterFacts) })[target];

/** The filters alone (no paging), as a saved search stores them in `values`. */
export const searchFiltersSchema = {
  contacts: lazyStrictObject(() => filtersFor('contacts')),
  companies: lazyStrictObject(() => filtersFor('companies')),
} as const;

/** A search's input: its filters and the paging fields, with page or nextToken but not both. */
function searchInput(target: SearchTarget) {
  return lazySchema(() =>
    z.strictObject({ ...filtersFor(target), ...paging }).check(z.refine(notBothCursors, { message: 'give page or nextToken, not both', path: ['nextToken'] })),
  );
}

/**
 * Contact filters: exactly the published list (published-v1-schemas.json, "POST /search/contacts"). An
 * unknown filter is refused by name: passed through, a misspelt filter would silently widen the search.
 */
export const contactSearchInput = /* @__PURE__ */ searchInput('contacts');

/** Company filters: the published list ("POST /search/companies"), plus lastModifiedAfter / Before (DECISIONS). */
export const companySearchInput = /* @__PURE__ */ searchInput('companies');

const searchCommon = {
  ...v2Base,
  returns: 'list',
  method: 'POST',
  // A search changes nothing: repeating it is harmless.
  retry: 'safe',
  pagination: { style: 'nextToken', tokenField: 'nextToken', limitField: 'limit', maxLimit: 500 },
} as const;

export const searchContactsOperation = defineOperation({
  ...searchCommon,
  resource: 'contacts',
  action: 'search',
  title: 'Search contacts',
  description: 'Finds people by company, title, seniority, location and more. Free: uses no credits.',
  path: '/search/contacts',
  input: contactSearchInput,
  output: contactSearchResponseSchema,
});

export const searchCompaniesOperation = defineOperation({
  ...searchCommon,
  resource: 'companies',
  action: 'search',
  title: 'Search companies',
  description: 'Finds companies by name, domain, industry, size and more. Free: uses no credits.',
  path: '/search/companies',
  input: companySearchInput,
  output: companySearchResponseSchema,
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const searchOperations = keyedById([searchContactsOperation, searchCompaniesOperation]);
