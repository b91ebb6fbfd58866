import {
  addListContactsOperation,
  createListOperation,
  createSavedSearchOperation,
  deleteListOperation,
  deleteSavedSearchOperation,
  listListsOperation,
  listSavedSearchesOperation,
  renameListOperation,
  updateSavedSearchOperation,
} from '../../../shared';
import * as records from '../../../shared/records';
import { callOnce } from '../client';
import { replaceWithTable, sheetNamed, table } from '../sheet-io';
import { refuse, requestArg, sheetNameArg } from './inputs';
import { selectedContactIds } from './outreach';

export const getLists = () => callOnce(listListsOperation, {});
export const createList = (name: string) => callOnce(createListOperation, { name });
export const renameList = (id: string, name: string) => callOnce(renameListOperation, { id, name });
export const deleteList = (id: string) => callOnce(deleteListOperation, { id });

export function addSelectionToList(id: string): unknown {
  return callOnce(addListContactsOperation, { id, contactIds: selectedContactIds() });
}

export const getSavedSearches = (type?: string) => callOnce(listSavedSearchesOperation, type ? { type } : {});
export const createSavedSearch = (input: Record<string, unknown>) => callOnce(createSavedSearchOperation, requestArg(input, 'input'));
export const updateSavedSearch = (input: Record<string, unknown>) => callOnce(updateSavedSearchOperation, requestArg(input, 'input'));
export const deleteSavedSearch = (id: string) => callOnce(deleteSavedSearchOperation, { id });

/** Writes the user's lists or saved searches to a sheet (names are user text: written injection-safe). */
export function exportToSheet(what: 'lists' | 'savedSearches', sheetName?: string): { sheetName: string; rows: number } {
  if (what !== 'lists' && what !== 'savedSearches') refuse('what', 'must be lists or savedSearches');
  const name = sheetNameArg(sheetName, what === 'lists' ? 'Lists' : 'Saved searches');
  const rows = (what === 'lists' ? getLists() : getSavedSearches()) as unknown[];
  const columns = records.describeRecordFields(what === 'lists' ? records.listSchema : records.savedSearchSchema);
  replaceWithTable(sheetNamed(name), table(rows, columns));
  return { sheetName: name, rows: rows.length };
}
