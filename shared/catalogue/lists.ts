import * as z from '../validation/zod';
import { campaignContactsChangeSchema, listSchema, v2ListOf, v2Of } from '../records';
import { integerId, nameText, pathId } from '../validation/fields';
import { picks } from './pickers';
import { deleteBase, keyedById, defineOperation, v2Base } from './types';
import { lazySchema } from '../validation/lazy-schema';

const base = { ...v2Base, resource: 'lists' } as const;
const byId = { path: '/lists/{id}' } as const;

/** A list of the user's, picked from their lists. */
const listId = /* @__PURE__ */ lazySchema(() => picks(pathId, 'lists'));

export const listListsOperation = defineOperation({
  ...base,
  action: 'getAll',
  returns: 'list',
  title: 'Get lists',
  description: 'Gets all your lists.',
  method: 'GET',
  path: '/lists',
  input: lazySchema(() => z.strictObject({})),
  output: v2ListOf(listSchema),
});

export const getListOperation = defineOperation({
  ...base,
  ...byId,
  action: 'get',
  title: 'Get list',
  description: 'Gets one of your lists.',
  method: 'GET',
  input: lazySchema(() => z.strictObject({ id: listId })),
  output: v2Of(listSchema),
});

export const createListOperation = defineOperation({
  ...base,
  action: 'create',
  title: 'Create list',
  description: 'Creates a list to group contacts.',
  method: 'POST',
  path: '/lists',
  input: lazySchema(() => z.strictObject({ name: nameText('list name') })),
  output: v2Of(listSchema),
});

export const renameListOperation = defineOperation({
  ...base,
  ...byId,
  action: 'rename',
  title: 'Rename list',
  description: 'Gives one of your lists a new name.',
  method: 'PUT',
  input: lazySchema(() => z.strictObject({ id: listId, name: nameText('list name') })),
  output: v2Of(listSchema),
  // Setting the same name twice changes nothing more.
  retry: 'safe',
});

export const deleteListOperation = defineOperation({
  ...base,
  ...byId,
  ...deleteBase,
  title: 'Delete list',
  description: 'Deletes one of your lists (the contacts stay).',
  input: lazySchema(() => z.strictObject({ id: listId })),
  // A lost answer to a delete is surfaced, not repeated: a repeat would answer 404 and hide that it worked.
});

export const addListContactsOperation = defineOperation({
  ...base,
  action: 'addContacts',
  title: 'Add contacts to list',
  description: 'Adds saved contacts to one of your lists.',
  method: 'POST',
  path: '/lists/{id}/contacts',
  input: lazySchema(() => z.strictObject({ id: listId, contactIds: z.array(integerId).check(z.minLength(1, 'give at least one contact id')) })),
  output: v2Of(campaignContactsChangeSchema),
  // Adding a contact that is already on the list changes nothing.
  retry: 'safe',
  countsUncertainAfterRepeat: ['contactsAdded'],
  batch: { fields: ['contactIds'], setting: 'contactIdsLimit' },
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
