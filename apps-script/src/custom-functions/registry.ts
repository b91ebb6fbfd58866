/**
 * Every Sheets custom function, keyed by the name a cell types: its JSDoc (summary, params, return), and its body.
 * This object is the only list: build.mjs generates each global `function NAME(...)` with its `@customfunction`
 * JSDoc from it. Bodies run inside `answer` (see define.ts) and may only call free operations.
 */
import {
  getCreditsOperation,
  listContactStatusesOperation,
  listListsOperation,
  listSavedSearchesOperation,
  orgCompaniesOperation,
  orgContactsOperation,
  searchCompaniesOperation,
  searchContactsOperation,
  call,
} from '../../../shared';
import * as records from '../../../shared/records';
import { customFunctionCell } from '../cells';
import { customFunction, customFunctionsOf, param, stringParam } from './define';
import { engagementFunctions } from './engagement';
import { recordReadFunctions } from './records-reads';
import { companyKind, contactKind, lookupTable } from './lookup';
import { orgTable } from './org';
import { listFunction, readTable } from './read-table';
import { listColumns, savedSearchColumns, savedSearchesInput, statusColumns } from './reference';
import { searchTable } from './search';
import { templatesFunction } from './templates';

const RANGE = 'string|Array<Array<string>>';
const limitOfSearch = param('limit', 'number', 'Most results (default 50, up to 2000); with a column of searches, per row (default 1).');
/** When to use a column of searches or the sidebar's job: cells answer 60 searches a minute at most, all of them together. */
const searchFilters = (example: string) =>
  param(
    'filters',
    RANGE,
    `Filters as "${example}", a two-column range (name | value), or a column of such texts: one search per row. Over 60 searches: use that, or the sidebar's job.`,
  );
const days = param('days', 'number', 'Lookback window in days (default 365).');
const limitOfOrg = param('limit', 'number', 'Most rows to return (default 1000, up to 20000).');

/** Every custom function's declaration, by the name a cell types (the README parity table reads their operations). */
export const customFunctionDeclarations = {
  PDS_SEARCH_CONTACTS: customFunction({
    summary: 'Searches contacts (free: uses no credits). Returns a header row and one row per contact.',
    params: [searchFilters('jobTitle=CTO; seniority=VP,Director'), limitOfSearch],
    returns: 'A table of contacts with a header row.',
    operations: [searchContactsOperation],
    body: (a, filters, limit) => searchTable(a, searchContactsOperation, records.contactSearchColumns, filters, limit),
  }),
  PDS_SEARCH_COMPANIES: customFunction({
    summary: 'Searches companies (free: uses no credits). Returns a header row and one row per company.',
    params: [searchFilters('industry=Software; companyCountry=US'), limitOfSearch],
    returns: 'A table of companies with a header row.',
    operations: [searchCompaniesOperation],
    body: (a, filters, limit) => searchTable(a, searchCompaniesOperation, records.companySearchColumns, filters, limit),
  }),
  PDS_ORG_CONTACTS: customFunction({
    summary: "Lists your organization's saved contacts changed in the last days (free).",
    params: [days, limitOfOrg, stringParam('fields', 'Optional comma-separated fields, e.g. "contactId,fullName,email".')],
    returns: 'A table of saved contacts with a header row.',
    operations: [orgContactsOperation],
    body: (a, d, limit, fields) => orgTable(a, orgContactsOperation, records.orgContactColumns, d, limit, fields),
  }),
  PDS_ORG_COMPANIES: customFunction({
    summary: "Lists your organization's saved companies changed in the last days (free).",
    params: [days, limitOfOrg, stringParam('fields', 'Optional comma-separated fields, e.g. "companyId,name,domain".')],
    returns: 'A table of saved companies with a header row.',
    operations: [orgCompaniesOperation],
    body: (a, d, limit, fields) => orgTable(a, orgCompaniesOperation, records.orgCompanyColumns, d, limit, fields),
  }),
  PDS_LISTS: listFunction({ summary: 'Lists your lists (free).', returns: 'A table of lists with a header row.' }, listListsOperation, listColumns),
  PDS_SAVED_SEARCHES: customFunction({
    summary: 'Lists your saved searches (free).',
    params: [stringParam('type', 'Optional: contacts or companies.')],
    returns: 'A table of saved searches with a header row.',
    operations: [listSavedSearchesOperation],
    body: (a, type) => readTable(a, listSavedSearchesOperation, savedSearchesInput(type), savedSearchColumns),
  }),
  PDS_CONTACT_STATUSES: listFunction(
    { summary: "Lists your organization's contact statuses (free).", returns: 'A table of statuses with a header row.' },
    listContactStatusesOperation,
    statusColumns,
  ),
  PDS_TEMPLATES: templatesFunction,
  PDS_CREDITS: customFunction({
    summary: "Shows the organization's remaining research credits (free).",
    params: [],
    returns: 'The balance under a header.',
    operations: [getCreditsOperation],
    body: ({ client, run }) => [['balance'], [customFunctionCell(run(call(client, getCreditsOperation, {})).balance)]],
  }),
  PDS_LOOKUP_CONTACT: customFunction({
    summary: 'Looks up already researched contacts by contactId or email; a whole range is answered in one call (free).',
    params: [
      param('keys', RANGE, 'A contactId or email, or a range of them.'),
      stringParam('fields', 'Optional comma-separated fields (default contactId, fullName, email, title, company, ...).'),
      days,
      param('header', 'boolean', 'FALSE to leave out the header row (to line results up with the keys).'),
    ],
    returns: 'One row per key, "(not found)" where no saved contact matches.',
    operations: [contactKind.op],
    body: (a, keys, fields, d, header) => lookupTable(a, contactKind, keys, fields, d, header),
  }),
  PDS_LOOKUP_COMPANY: customFunction({
    summary: 'Looks up already researched companies by domain; a whole range is answered in one call (free).',
    params: [
      param('domains', RANGE, 'A domain such as acme.com, or a range of them.'),
      stringParam('fields', 'Optional comma-separated fields (default companyId, name, domain, industry, ...).'),
      days,
      param('header', 'boolean', 'FALSE to leave out the header row (to line results up with the domains).'),
    ],
    returns: 'One row per domain, "(not found)" where no saved company matches.',
    operations: [companyKind.op],
    body: (a, domains, fields, d, header) => lookupTable(a, companyKind, domains, fields, d, header),
  }),
  ...engagementFunctions,
  ...recordReadFunctions,
};

export const customFunctions = customFunctionsOf(customFunctionDeclarations);
