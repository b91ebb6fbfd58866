import { z } from 'zod';
import { savedSearchSchema, successOnlySchema, v2Envelope } from '../records';
import { integerId, nameText, pathId, shortText } from '../validation/fields';
import { acceptedKeysAt } from '../validation/format';
import { searchFiltersSchema } from './search';
import { picks } from './pickers';
import { keyedById, defineOperation } from './types';
import { lazySchema } from '../validation/lazy-schema';

const base = {
  version: 'v2',
  resource: 'savedSearches',
  pathFields: [],
  queryFields: [],
  credits: 'none',
  pagination: { style: 'none' },
  auth: 'required',
} as const;
const byId = { path: '/saved-searches/{id}', pathFields: ['id'] } as const;

/**
 * Spec 4.8 gives sortOrder only by example ("e.g. desc"); the connector takes asc or desc, in any case, and
 * sends it in lower case (docs/DECISIONS.md, "Input validation").
 */
const sortOrder = lazySchema(() =>
  z
    .string({ message: 'must be asc or desc' })
    .trim()
    .toLowerCase()
    .pipe(z.enum(['asc', 'desc'], { message: 'must be asc or desc' }))
    .meta({ type: 'string', enum: ['asc', 'desc'] }),
);

/** Spec 4.8 fields; numResultsApproved is at least 0 (spec 8). */
const editable = {
  name: lazySchema(() => nameText('name')),
  values: lazySchema(() => z.record(z.string(), z.unknown(), { message: 'must be an object of search filters' })),
  sortColumn: lazySchema(() => shortText().pipe(z.string().trim().min(1, 'is empty: name a column, or leave it out'))),
  sortOrder: sortOrder,
  tagIds: lazySchema(() => z.array(integerId)),
  numResultsApproved: lazySchema(() =>
    z.number({ message: 'must be a whole number, 0 or more' }).int('must be a whole number').min(0, 'must be 0 or more (spec 8)'),
  ),
};

/**
 * The values of a saved search are the filters of its type's search, checked by the same rules (an empty or
 * unknown filter saved today would make a wrong search every time it runs) and stored in their parsed form.
 */
function checkedValues<T extends { type: 'contacts' | 'companies'; values: Record<string, unknown> }>(input: T, ctx: z.RefinementCtx): T {
  const schema = searchFiltersSchema[input.type];
  const parsed = schema.safeParse(input.values);
  if (parsed.success) return { ...input, values: parsed.data };
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const accepted = acceptedKeysAt(schema, []).join(', ');
      for (const key of issue.keys)
        ctx.addIssue({ code: 'custom', path: ['values', key], message: `is not a filter of a ${input.type} search; accepted: ${accepted}` });
    } else {
      ctx.addIssue({ code: 'custom', path: ['values', ...issue.path], message: issue.message });
    }
  }
  return z.NEVER;
}

/** An update does not say its type: the values must be the filters of one of the two searches. */
function checkedUpdateValues<T extends { values?: Record<string, unknown> }>(input: T, ctx: z.RefinementCtx): T {
  if (input.values === undefined) return input;
  const asContacts = searchFiltersSchema.contacts.safeParse(input.values);
  if (asContacts.success) return { ...input, values: asContacts.data };
  const asCompanies = searchFiltersSchema.companies.safeParse(input.values);
  if (asCompanies.success) return { ...input, values: asCompanies.data };
  const type = asCompanies.error.issues.length < asContacts.error.issues.length ? 'companies' : 'contacts';
  return checkedValues({ ...input, type, values: input.values }, ctx) as unknown as T;
}

/** A saved search of the user's, picked from their saved searches. */
const savedSearchPathId = lazySchema(() => picks(pathId, 'savedSearches'));

export const listSavedSearchesOperation = defineOperation({
  ...base,
  id: 'savedSearches.list',
  action: 'list',
  returns: 'list',
  title: 'List saved searches',
  description: 'Lists your saved searches, of contacts or of companies.',
  method: 'GET',
  path: '/saved-searches',
  queryFields: ['type'],
  input: lazySchema(() => z.strictObject({ type: z.enum(['contacts', 'companies'], { message: 'must be contacts or companies' }).optional() })),
  output: lazySchema(() => v2Envelope(z.array(savedSearchSchema))),
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
  input: lazySchema(() => z.strictObject({ id: savedSearchPathId })),
  output: lazySchema(() => v2Envelope(savedSearchSchema)),
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
  input: lazySchema(() =>
    z
      .strictObject({
        name: editable.name,
        type: z.enum(['contacts', 'companies'], { message: 'must be contacts or companies' }),
        values: editable.values,
        sortColumn: editable.sortColumn.optional(),
        sortOrder: editable.sortOrder.optional(),
        tagIds: editable.tagIds.optional(),
        numResultsApproved: editable.numResultsApproved.optional(),
      })
      .transform(checkedValues),
  ),
  output: lazySchema(() => v2Envelope(savedSearchSchema)),
  result: (body) => body.data,
  retry: 'unsafe',
});

export const updateSavedSearchOperation = defineOperation({
  ...base,
  ...byId,
  id: 'savedSearches.update',
  action: 'update',
  changesRecord: true,
  title: 'Update saved search',
  description: 'Changes the given fields of one of your saved searches; the others stay.',
  method: 'PUT',
  input: lazySchema(() =>
    z
      .strictObject(editable)
      .partial()
      .extend({ id: savedSearchPathId })
      .refine((v) => Object.entries(v).some(([k, value]) => k !== 'id' && value !== undefined), {
        message: 'give at least one field to change',
        path: ['name'],
      })
      .transform(checkedUpdateValues),
  ),
  output: lazySchema(() => v2Envelope(savedSearchSchema)),
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
  input: lazySchema(() => z.strictObject({ id: savedSearchPathId })),
  output: successOnlySchema,
  result: (body) => body,
  // A lost answer to a delete is surfaced, not repeated: a repeat would answer 404 and hide that it worked.
  retry: 'unsafe',
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const savedSearchOperations = keyedById([
  listSavedSearchesOperation,
  getSavedSearchOperation,
  createSavedSearchOperation,
  updateSavedSearchOperation,
  deleteSavedSearchOperation,
]);
