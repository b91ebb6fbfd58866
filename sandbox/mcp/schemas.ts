/** JSON Schemas of the MCP tools' inputs and outputs. Search filters follow the published v1 description. */
import { LIST_FILTERS } from '../domain/search-filters';
import * as P from '../seed/published-values';

const stringArray = { type: 'array', items: { type: 'string' } };
const dateTime = { type: 'string', format: 'date-time' };

function filterProps(kind: 'contacts' | 'companies'): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(LIST_FILTERS[kind])) {
    props[key] = { type: 'array', items: spec.values ? { type: 'string', enum: [...spec.values] } : { type: 'string' }, maxItems: spec.max };
  }
  props.companyNameSearchType = { type: 'string', enum: [...P.NAME_SEARCH_TYPES], default: 'default' };
  props.technologiesIsOr = { type: 'boolean', default: true };
  props.companyType = { type: ['string', 'null'], enum: [...P.COMPANY_TYPES, null] };
  props.lastModifiedAfter = dateTime;
  props.lastModifiedBefore = dateTime;
  if (kind === 'contacts') {
    // The name the service's integration sends (DECISIONS "The service's own client"); the same filter as fullName.
    props.fullname = { ...(props.fullName as object), description: 'The same as fullName.' };
    props.locationType = { type: 'string', enum: [...P.LOCATION_TYPES], default: 'bothOR' };
    props.jobChanges = {
      type: ['object', 'null'],
      properties: {
        changeType: { type: ['string', 'null'], enum: [...P.JOB_CHANGE_TYPES, null] },
        dayRange: { type: ['string', 'null'], enum: [...P.JOB_CHANGE_DAY_RANGES, null] },
      },
      additionalProperties: false,
    };
    props.pastCompany = {
      type: ['object', 'null'],
      properties: { names: { ...stringArray, minItems: 1, maxItems: 100 }, onlyMostRecentDeparture: { type: 'boolean', default: false } },
      required: ['names'],
      additionalProperties: false,
    };
  }
  return props;
}

const paging = {
  limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
  page: { type: 'integer', minimum: 1 },
  nextToken: { type: ['string', 'null'] },
  savedSearchId: { type: 'string' },
};

export const searchInput = (kind: 'contacts' | 'companies') => ({
  type: 'object',
  properties: { ...filterProps(kind), ...paging },
  additionalProperties: false,
});

export const searchOutput = {
  type: 'object',
  properties: {
    results: { type: 'array', items: { type: 'object' } },
    nextToken: { type: ['string', 'null'], description: 'The next page (the same as pagination.nextToken); null on the last page.' },
    pagination: {
      type: 'object',
      properties: {
        page: { type: 'integer' },
        perPage: { type: 'integer' },
        total: { type: 'integer' },
        isMore: { type: 'boolean' },
        nextToken: { type: ['string', 'null'] },
      },
    },
  },
  required: ['results'],
};

const contactItem = {
  type: 'object',
  properties: {
    contactName: { type: 'string' },
    companyName: { type: 'string' },
    title: { type: 'string' },
    domain: { type: 'string' },
    email: { type: 'string' },
    liProfileUrl: { type: 'string' },
    liSalesNavUrl: { type: 'string' },
    liRecruiterUrl: { type: 'string' },
  },
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
    companies: {
      type: 'array',
      items: { type: 'object', properties: { domain: { type: 'string' }, companyName: { type: 'string' } }, additionalProperties: false },
      minItems: 1,
      maxItems: 500,
    },
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

export const pollInput = {
  type: 'object',
  properties: { requestIds: { ...stringArray, minItems: 1, maxItems: 100 } },
  required: ['requestIds'],
  additionalProperties: false,
};
export const pollOutput = { type: 'object', properties: { results: { type: 'array', items: { type: 'object' } } }, required: ['results'] };

export const creditsInput = { type: 'object', properties: {}, additionalProperties: false };
export const creditsOutput = { type: 'object', properties: { balance: { type: 'integer' } }, required: ['balance'] };

export const orgReadInput = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 500 },
    startDate: { type: 'string', format: 'date-time', description: 'Default: 30 days before endDate. At most 30 days before endDate.' },
    endDate: { type: 'string', format: 'date-time', description: 'Default: now.' },
    orgIds: { type: 'string', description: "Comma-separated organization ids; records of the caller's organization only when it is among them." },
  },
  additionalProperties: false,
};
export const orgReadOutput = {
  type: 'object',
  properties: {
    results: { type: 'array', items: { type: 'object' } },
    pagination: { type: 'object', properties: { page: { type: 'integer' }, limit: { type: 'integer' }, isMore: { type: 'boolean' } } },
  },
  required: ['results'],
};
