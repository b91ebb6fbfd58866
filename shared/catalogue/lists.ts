import { campaignContactsChangeSchema, listSchema, v2ListOf, v2Of } from '../records';
import { nameText, pathId } from '../validation/fields';
import { picks } from './pickers';
import { contactIdsBatch, deleteBase, keyedById, defineOperation, v2Base, getBase } from './types';
import { lazySchema, lazyStrictObject } from '../validation/lazy-schema';
import { contactIds, noInput } from './inputs';

const base = { ...v2Base, resource: 'lists' } as const;
const byId = { path: '/lists/{id}' } as const;

/** A list of the user's, picked from their lists. */
const listId = /* @__PURE__ */ lazySchema(() => picks(pathId, 'lists'));
const listIdInput = /* @__PURE__ */ lazyStrictObject({ id: listId });

export const listListsOperation = defineOperation({
  ...base,
  method: 'GET',
  action: 'getAll',
  returns: 'list',
  title: 'Get lists',
  description: 'Gets all your lists.',
  path: '/lists',
  input: noInput,
  output: v2ListOf(listSchema),
});

export const getListOperation = defineOperation({
  ...base,
  ...byId,
  ...getBase,
  title: 'Get list',
  description: 'Gets one of your lists.',
  input: listIdInput,
  output: v2Of(listSchema),
});

export const createListOperation = defineOperation({
  ...base,
  action: 'create',
  title: 'Create list',
  description: 'Creates a list to group contacts.',
  method: 'POST',
  path: '/lists',
  input: lazyStrictObject(() => ({ name: nameText('list name') })),
  output: v2Of(listSchema),
});

export const renameListOperation = defineOperation({
  ...base,
  ...byId,
  action: 'rename',
  title: 'Rename list',
  description: 'Gives one of your lists a new name.',
  method: 'PUT',
  input: lazyStrictObject(() => ({ id: listId, name: nameText('list name') })),
  output: v2Of(listSchema),
  // Safe to repeat (a PUT): setting the same name twice changes nothing more.
});

export const deleteListOperation = defineOperation({
  ...base,
  ...byId,
  ...deleteBase,
  title: 'Delete list',
  description: 'Deletes one of your lists (the contacts stay).',
  input: listIdInput,
  // A lost answer to a delete is surfaced, not repeated: a repeat would answer 404 and hide that it worked.
});

export const addListContactsOperation = defineOperation({
  ...base,
  action: 'addContacts',
  title: 'Add contacts to list',
  description: 'Adds saved contacts to one of your lists.',
  method: 'POST',
  path: '/lists/{id}/contacts',
  input: lazyStrictObject({ id: listId, contactIds }),
  output: v2Of(campaignContactsChangeSchema),
  // Adding a contact that is already on the list changes nothing.
  retry: 'safe',
  countsUncertainAfterRepeat: ['contactsAdded'],
  batch: contactIdsBatch,
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const listOperations = keyedById([
  listListsOperation,
  getListOperation,
  createListOperation,
  renameListOperation,
  deleteListOperation,
  addListContactsOperation,
]);
