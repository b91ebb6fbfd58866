import { bulkEmailOperations } from './bulk-email';
import { campaignStepOperations } from './campaign-steps';
import { activityOperations } from './activity';
import { callOperations } from './calls';
import { campaignOperations } from './campaigns';
import { emailDraftOperations } from './email-drafts';
import { emailOperations } from './emails';
import { listOperations } from './lists';
import { mcpOperations } from './mcp';
import { oauthOperations } from './oauth';
import { orgOperations } from './org';
import { referenceOperations } from './reference';
import { researchOperations } from './research';
import { savedSearchOperations } from './saved-searches';
import { searchOperations } from './search';
import { templateOperations } from './templates';
import { taskOperations } from './tasks';
import type { AnyOperation } from './types';

export * from './types';
export * from './pickers';
export * from './oauth';
export * from './search';
export { companyFilterFacts, contactFilterFacts, filterChoices, filterFacts, type FilterChoice, type FilterFact } from './search-filters';
export * from './research';
export * from './org';
export * from './campaigns';
export * from './emails';
export * from './campaign-steps';
export * from './templates';
export * from './email-drafts';
export * from './bulk-email';
export * from './lists';
export * from './saved-searches';
export * from './reference';
export * from './mcp';
export * from './tasks';
export * from './calls';
export * from './activity';
export { suggestValue as suggestFilterValue } from '../validation/search-fields';

/**
 * The registry: every operation keyed by id, built by spreading each catalogue file's own keyed object (an
 * operation added to a file is picked up here with no list to update). Spread order is the order the README
 * and the n8n node list them.
 */
export const registry: Readonly<Record<string, AnyOperation>> = {
  ...searchOperations,
  ...researchOperations,
  ...orgOperations,
  ...campaignOperations,
  ...campaignStepOperations,
  ...emailOperations,
  ...emailDraftOperations,
  ...bulkEmailOperations,
  ...templateOperations,
  ...listOperations,
  ...savedSearchOperations,
  ...referenceOperations,
  ...taskOperations,
  ...callOperations,
  ...activityOperations,
  ...oauthOperations,
  ...mcpOperations,
};

/** Every operation, in the order the README and the n8n node list them. */
export const catalogue: readonly AnyOperation[] = Object.values(registry);

export const operationsById: ReadonlyMap<string, AnyOperation> = new Map(catalogue.map((op) => [op.id, op]));

export function operation(id: string): AnyOperation {
  const op = operationsById.get(id);
  if (!op) throw new Error(`Unknown operation "${id}"`);
  return op;
}
