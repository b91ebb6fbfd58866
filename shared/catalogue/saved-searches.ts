import { z } from 'zod';
import { savedSearchSchema, successOnlySchema, v2Envelope } from '../records';
import { integerId, nonEmpty, pathId } from '../validation/fields';
import { defineOperation } from './types';

const base = { version: 'v2', resource: 'savedSearches', pathFields: [], queryFields: [], credits: 'none', pagination: { style: 'none' }, auth: 'required' } as const;
const byId = { path: '/saved-searches/{id}', pathFields: ['id'] } as const;

/** Spec 4.8 fields; numResultsApproved is at least 0 (spec 8). */
const editable = {
  name: nonEmpty('name'),
  values: z.record(z.string(), z.unknown(), { message: 'must be an object of search filters' }),
  sortColumn: z.string(),
  sortOrder: z.string(),
  tagIds: z.array(integerId),
  numResultsApproved: z.number({ message: 'must be a whole number, 0 or more' }).int('must be a whole number').min(0, 'must be 0 or more (spec 8)'),
};

export const listSavedSearchesOperation = defineOperation({
  ...base,
  id: 'savedSearches.list',
  action: 'list',
  title: 'List saved searches',
  description: 'Lists your saved searches, of contacts or of companies.',
  method: 'GET',
  path: '/saved-searches',
  queryFields: ['type'],
  input: z.object({ type: z.enum(['contacts', 'companies'], { message: 'must be contacts or companies' }).optional() }),
  output: v2Envelope(z.array(savedSearchSchema)),
  result: (body) => body.data,
  retry: 'safe',
});

export const getSavedSearchOperation = defineOperation({
  ...base,
  ...byId,
  id: 'savedSearches.get',
  action: 'get',
  title: 'Get saved search',
  description: 'Gets one of your saved searches.',
  method: 'GET',
  input: z.object({ id: pathId }),
  output: v2Envelope(savedSearchSchema),
  result: (body) => body.data,
  retry: 'safe',
});

export const createSavedSearchOperation = defineOperation({
  ...base,
  id: 'savedSearches.create',
  action: 'create',
  title: 'Create saved search',
  description: 'Saves search filters under a name so you can run them again.',
  method: 'POST',
  path: '/saved-searches',
  input: z.object({
    name: editable.name,
    type: z.enum(['contacts', 'companies'], { message: 'must be contacts or companies' }),
    values: editable.values,
    sortColumn: editable.sortColumn.optional(),
    sortOrder: editable.sortOrder.optional(),
    tagIds: editable.tagIds.optional(),
    numResultsApproved: editable.numResultsApproved.optional(),
  }),
  output: v2Envelope(savedSearchSchema),
  result: (body) => body.data,
  retry: 'unsafe',
});

export const updateSavedSearchOperation = defineOperation({
  ...base,
  ...byId,
  id: 'savedSearches.update',
  action: 'update',
  title: 'Update saved search',
  description: 'Changes the given fields of one of your saved searches; the others stay.',
  method: 'PUT',
  input: z
    .object(editable)
    .partial()
    .extend({ id: pathId })
    .refine((v) => Object.entries(v).some(([k, value]) => k !== 'id' && value !== undefined), {
      message: 'give at least one field to change',
      path: ['name'],
    }),
  output: v2Envelope(savedSearchSchema),
  result: (body) => body.data,
  retry: 'safe',
});

export const deleteSavedSearchOperation = defineOperation({
  ...base,
  ...byId,
  id: 'savedSearches.delete',
  action: 'delete',
  title: 'Delete saved search',
  description: 'Deletes one of your saved searches.',
  method: 'DELETE',
  input: z.object({ id: pathId }),
  output: successOnlySchema,
  result: (body) => body,
  // A lost answer to a delete is surfaced, not repeated: a repeat would answer 404 and hide that it worked.
  retry: 'unsafe',
});
