/**
 * Custom functions for the free reads that fit a range (issue 22): campaigns, a campaign's contacts and metrics, the
 * sending accounts, and the results of a saved search. Declared once here and
 * spread into the registry; a bad argument shows in the cell, naming it and the rule, before anything is sent.
 */
import {
  listCampaignContactsOperation,
  campaignMetricsOperation,
  getSavedSearchOperation,
  listCampaignsOperation,
  listEmailAccountsOperation,
  call,
  searchCompaniesOperation,
  searchContactsOperation,
} from '../../../shared';
import * as records from '../../../shared/records';
import { intArg, isBlank } from '../args';
import { customFunction, param, stringParam, type CustomFunction } from './define';
import { listFunction, pagedTable, readTable } from './read-table';
import { columnsOf } from './reference';
import { fail } from '../errors';

const campaignColumns = /* @__PURE__ */ columnsOf(records.campaignSchema);
const campaignContactColumns = /* @__PURE__ */ columnsOf(records.campaignContactSchema);
const metricsColumns = /* @__PURE__ */ columnsOf(records.campaignMetricsSchema);
const accountColumns = /* @__PURE__ */ columnsOf(records.emailAccountSchema);

/** One value typed in a cell (a number or text), not a range. */
function oneValue(value: unknown, name: string): string {
  if (typeof value === 'object' && value !== null) fail(`${name}: must be one value, not a range.`);
  return String(value).trim();
}

/** A record id typed in a cell; blank is refused by name. */
function idArg(value: unknown, name: string): string {
  if (isBlank(value)) fail(`${name}: required (the id, e.g. from PDS_CAMPAIGNS or PDS_SAVED_SEARCHES).`);
  return oneValue(value, name);
}

const campaignId = stringParam('campaignId', 'The campaign id (from PDS_CAMPAIGNS).');

export const recordReadFunctions: Record<string, CustomFunction> = {
  PDS_CAMPAIGNS: customFunction({
    summary: "Lists your organization's campaigns (free), optionally only those whose name contains a text.",
    params: [stringParam('searchText', 'Optional text in the campaign name.')],
    returns: 'A table of campaigns with a header row.',
    operations: [listCampaignsOperation],
    body: (a, searchText) =>
      readTable(a, listCampaignsOperation, isBlank(searchText) ? {} : { searchText: oneValue(searchText, 'searchText') }, campaignColumns),
  }),
  PDS_CAMPAIGN_CONTACTS: customFunction({
    summary: 'Lists the contacts enrolled in a campaign, with their state in it (free).',
    params: [campaignId],
    returns: 'A table of campaign contacts with a header row.',
    operations: [listCampaignContactsOperation],
    body: (a, id) => readTable(a, listCampaignContactsOperation, { id: idArg(id, 'campaignId') }, campaignContactColumns),
  }),
  PDS_CAMPAIGN_METRICS: customFunction({
    summary: "Shows a campaign's counts: contacts, emails sent, opens, clicks, replies, bounces (free).",
    params: [campaignId],
    returns: 'One row of metrics under a header.',
    operations: [campaignMetricsOperation],
    body: (a, id) => readTable(a, campaignMetricsOperation, { id: idArg(id, 'campaignId') }, metricsColumns, true),
  }),
  PDS_EMAIL_ACCOUNTS: listFunction(
    { summary: 'Lists your connected sending accounts (free).', returns: 'A table of email accounts with a header row.' },
    listEmailAccountsOperation,
    accountColumns,
  ),
  PDS_SAVED_SEARCH_RESULTS: customFunction({
    summary: 'Runs a saved search (free: uses no credits) and returns its results.',
    params: [
      stringParam('savedSearchId', 'The saved search id (from PDS_SAVED_SEARCHES).'),
      param('limit', 'number', 'Most results to return (default 50, up to 2000).'),
    ],
    returns: 'A table of contacts or companies with a header row.',
    operations: [getSavedSearchOperation, searchContactsOperation, searchCompaniesOperation],
    body: (a, savedSearchId, limit) => {
      const id = idArg(savedSearchId, 'savedSearchId');
      const max = intArg(limit, 'limit', 50, 1, 2000);
      const saved = a.run(call(a.client, getSavedSearchOperation, { id }));
      const companies = saved.type === 'companies';
      const op = companies ? searchCompaniesOperation : searchContactsOperation;
      return pagedTable(a, op, { savedSearchId: id }, companies ? records.companySearchColumns : records.contactSearchColumns, max, Math.min(max, 500));
    },
  }),
};
