/** JSON Schemas of the MCP tools' inputs and outputs. */
import { FILTERS } from '../domain/search';

const stringArray = { type: 'array', items: { type: 'string' } };

function filterProps(kind: 'contacts' | 'companies'): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const key of FILTERS[kind]) props[key] = stringArray;
  props.companyNameSearchType = { type: 'string', enum: ['default', 'related', 'exact'] };
  props.lastModifiedAfter = { type: 'string', format: 'date-time' };
  props.lastModifiedBefore = { type: 'string', format: 'date-time' };
  if (kind === 'contacts') props.locationType = { type: 'string', enum: ['bothOR', 'bothAND', 'company', 'contact'] };
  return props;
}

const paging = {
  limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
  page: { type: 'integer', minimum: 1 },
  nextToken: { type: ['string', 'null'] },
  savedSearchId: { type: 'string' },
};

export const searchInput = (kind: 'contacts' | 'companies') => ({ type: 'object', properties: { ...filterProps(kind), ...paging }, additionalProperties: false });

export const searchOutput = {
  type: 'object',
  properties: {
    results: { type: 'array', items: { type: 'object' } },
    pagination: { type: 'object', properties: { page: { type: 'integer' }, perPage: { type: 'integer' }, total: { type: 'integer' }, isMore: { type: 'boolean' }, nextToken: { type: ['string', 'null'] } } },
  },
  required: ['results'],
};

const contactItem = {
  type: 'object',
  properties: { contactName: { type: 'string' }, companyName: { type: 'string' }, title: { type: 'string' }, domain: { type: 'string' }, email: { type: 'string' }, liProfileUrl: { type: 'string' }, liSalesNavUrl: { type: 'string' }, liRecruiterUrl: { type: 'string' } },
  additionalProperties: false,
};

export const researchContactsInput = {
  type: 'object',
  properties: {
    searchResultIds: { ...stringArray, minItems: 1, maxItems: 500 },
    contacts: { type: 'array', items: contactItem, minItems: 1, maxItems: 500 },
    isJobChange: { type: 'boolean' },
    skipDeduplicationCheck: { type: 'boolean' },
    waitForResults: { type: 'boolean', description: 'Wait until every item reaches a final status (bounded) and return the results.' },
  },
  additionalProperties: false,
};

export const researchCompaniesInput = {
  type: 'object',
  properties: {
    searchResultIds: { ...stringArray, minItems: 1, maxItems: 500 },
    companies: { type: 'array', items: { type: 'object', properties: { domain: { type: 'string' }, companyName: { type: 'string' } }, additionalProperties: false }, minItems: 1, maxItems: 500 },
    skipDeduplicationCheck: { type: 'boolean' },
    waitForResults: { type: 'boolean' },
  },
  additionalProperties: false,
};

export const researchOutput = {
  type: 'object',
  properties: { requestIds: stringArray, results: { type: 'array', items: { type: 'object' } }, complete: { type: 'boolean' } },
  required: ['requestIds'],
};

export const pollInput = { type: 'object', properties: { requestIds: { ...stringArray, minItems: 1, maxItems: 100 } }, required: ['requestIds'], additionalProperties: false };
export const pollOutput = { type: 'object', properties: { results: { type: 'array', items: { type: 'object' } } }, required: ['results'] };

export const creditsInput = { type: 'object', properties: {}, additionalProperties: false };
export const creditsOutput = { type: 'object', properties: { balance: { type: 'integer' } }, required: ['balance'] };

export const orgReadInput = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 500 },
    startDate: { type: 'string', format: 'date-time', description: 'Default: the epoch (everything).' },
    endDate: { type: 'string', format: 'date-time', description: 'Default: now.' },
  },
  additionalProperties: false,
};
export const orgReadOutput = {
  type: 'object',
  properties: { results: { type: 'array', items: { type: 'object' } }, pagination: { type: 'object', properties: { page: { type: 'integer' }, limit: { type: 'integer' }, isMore: { type: 'boolean' } } } },
  required: ['results'],
};
