import * as c from './campaigns';
import { customCallOperation } from './custom';
import * as e from './emails';
import * as l from './lists';
import * as o from './oauth';
import { orgCompaniesOperation, orgContactsOperation } from './org';
import { getCreditsOperation, listContactStatusesOperation } from './reference';
import * as r from './research';
import * as ss from './saved-searches';
import { searchCompaniesOperation, searchContactsOperation } from './search';
import type { AnyOperation } from './types';

export * from './types';
export * from './oauth';
export * from './search';
export { companyFilterFacts, contactFilterFacts, filterChoices, filterFacts, type FilterChoice, type FilterFact } from './search-filters';
export * from './research';
export * from './org';
export * from './campaigns';
export * from './emails';
export * from './lists';
export * from './saved-searches';
export * from './reference';
export * from './custom';
export { suggestValue as suggestFilterValue } from '../validation/search-fields';

/** Every operation, in the order the README and the n8n node list them. */
export const catalogue: readonly AnyOperation[] = [
  searchContactsOperation,
  searchCompaniesOperation,
  r.researchContactsOperation,
  r.pollContactResearchOperation,
  r.researchCompaniesOperation,
  r.pollCompanyResearchOperation,
  orgContactsOperation,
  orgCompaniesOperation,
  c.createCampaignOperation,
  c.getCampaignOperation,
  c.listCampaignsOperation,
  c.campaignActionOperation,
  c.deleteCampaignOperation,
  c.campaignMetricsOperation,
  c.listCampaignContactsOperation,
  c.addCampaignContactsOperation,
  c.removeCampaignContactsOperation,
  e.sendEmailOperation,
  e.sendDraftOperation,
  e.listDraftsOperation,
  e.listEmailAccountsOperation,
  e.listTemplatesOperation,
  l.listListsOperation,
  l.getListOperation,
  l.createListOperation,
  l.renameListOperation,
  l.deleteListOperation,
  l.addListContactsOperation,
  ss.listSavedSearchesOperation,
  ss.getSavedSearchOperation,
  ss.createSavedSearchOperation,
  ss.updateSavedSearchOperation,
  ss.deleteSavedSearchOperation,
  listContactStatusesOperation,
  getCreditsOperation,
  o.meOperation,
  o.tokenOperation,
  o.tokenV1Operation,
  customCallOperation,
] as AnyOperation[];

export const operationsById: ReadonlyMap<string, AnyOperation> = new Map(catalogue.map((op) => [op.id, op]));

export function operation(id: string): AnyOperation {
  const op = operationsById.get(id);
  if (!op) throw new Error(`Unknown operation "${id}"`);
  return op;
}
