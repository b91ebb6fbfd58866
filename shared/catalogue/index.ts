import * as campaigns from './campaigns';
import * as custom from './custom';
import * as emails from './emails';
import * as lists from './lists';
import * as oauth from './oauth';
import * as org from './org';
import * as reference from './reference';
import * as research from './research';
import * as savedSearches from './saved-searches';
import * as search from './search';
import type { AnyOperation } from './types';

export * from './types';
export * from './oauth';
export * from './search';
export * from './research';
export * from './org';
export * from './campaigns';
export * from './emails';
export * from './lists';
export * from './saved-searches';
export * from './reference';
export * from './custom';

function operationsOf(module: Record<string, unknown>): AnyOperation[] {
  return Object.values(module).filter((v): v is AnyOperation => typeof v === 'object' && v !== null && 'id' in v && 'method' in v && 'path' in v);
}

/** Every operation, in the order the README and the n8n node list them. */
export const catalogue: readonly AnyOperation[] = [search, research, org, campaigns, emails, lists, savedSearches, reference, oauth, custom].flatMap(operationsOf);

export const operationsById: ReadonlyMap<string, AnyOperation> = new Map(catalogue.map((op) => [op.id, op]));

export function operation(id: string): AnyOperation {
  const op = operationsById.get(id);
  if (!op) throw new Error(`Unknown operation "${id}"`);
  return op;
}
