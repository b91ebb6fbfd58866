import {
  addListContactsOperation,
  call,
  createListOperation,
  createSavedSearchOperation,
  deleteListOperation,
  deleteSavedSearchOperation,
  listListsOperation,
  listSavedSearchesOperation,
  renameListOperation,
  updateSavedSearchOperation,
  ValidationError,
  type AnyOperation,
} from '../../../shared';
import * as records from '../../../shared/records';
import { makeClient, run } from '../client';
import { replaceWithTable, sheetNamed, table } from '../sheet-io';
import { requestArg, sheetNameArg } from './inputs';
import { selectedContactIds } from './outreach';

/** One catalogue operation for the sidebar (its errors made readable where every sidebar function's are: entry-points.ts). */
function act(op: AnyOperation, input: unknown): unknown {
  const client = makeClient();
  return run(client, call(client, op, input));
}

export const getLists = () => act(listListsOperation, {});
export const createList = (name: string) => act(createListOperation, { name });
export const renameList = (id: string, name: string) => act(renameListOperation, { id, name });
export const deleteList = (id: string) => act(deleteListOperation, { id });

export function addSelectionToList(id: string): unknown {
  return act(addListContactsOperation, { id, contactIds: selectedContactIds() });
}

export const getSavedSearches = (type?: string) => act(listSavedSearchesOperation, type ? { type } : {});
export const createSavedSearch = (input: Record<string, unknown>) => act(createSavedSearchOperation, requestArg(input, 'input'));
export const updateSavedSearch = (input: Record<string, unknown>) => act(updateSavedSearchOperation, requestArg(input, 'input'));
export const deleteSavedSearch = (id: string) => act(deleteSavedSearchOperation, { id });

/** Writes the user's lists or saved searches to a sheet (names are user text: written injection-safe). */
export function exportToSheet(what: 'lists' | 'savedSearches', sheetName?: string): { sheetName: string; rows: number } {
  if (what !== 'lists' && what !== 'savedSearches')
    throw new ValidationError('what: must be lists or savedSearches.', [{ field: 'what', rule: 'lists or savedSearches' }]);
  const name = sheetNameArg(sheetName, what === 'lists' ? 'Lists' : 'Saved searches');
  const rows = (what === 'lists' ? getLists() : getSavedSearches()) as unknown[];
  const columns = records.describeRecordFields(what === 'lists' ? records.listSchema : records.savedSearchSchema);
  replaceWithTable(sheetNamed(name), table(rows, columns));
  return { sheetName: name, rows: rows.length };
}
