import * as z from '../validation/zod';
import { savedSearchSchema, v2ListOf, v2Of } from '../records';
import { integerId, nameText, pathId, shortText } from '../validation/fields';
import { acceptedKeysAt } from '../validation/format';
import { searchFiltersSchema } from './search';
import { picks } from './pickers';
import { deleteBase, keyedById, defineOperation, v2Base, getBase, listBase } from './types';
import { lazySchema, lazyStrictObject } from '../validation/lazy-schema';
import { jsonObject } from '../validation/json-object';
import { refuseInTransform } from '../validation/transform-issue';

const base = { ...v2Base, resource: 'savedSearches' } as const;
const byId = { path: '/saved-searches/{id}' } as const;

/**
 * Spec 4.8 gives sortOrder only by example ("e.g. desc"); the connector takes asc or desc, in any case, and
 * sends it in lower case (docs/DECISIONS.md, "Input validation").
 */
const sortOrder = /* @__PURE__ */ lazySchema(() =>
  z
    .pipe(z.string({ message: 'must be asc or desc' }).check(z.trim(), z.toLowerCase()), z.enum(['asc', 'desc'], { message: 'must be asc or desc' }))
    .check(z.meta({ type: 'string', enum: ['asc', 'desc'] })),
);

/** Which search a saved search runs. */
const searchType = /* @__PURE__ */ lazySchema(() => z.enum(['contacts', 'companies'], { message: 'must be contacts or companies' }));

/** Spec 4.8 fields; numResultsApproved is at least 0 (spec 8). */
const editable = {
  name: lazySchema(() => nameText('name')),
  values: lazySchema(() => jsonObject('must be an object of search filters')),
  sortColumn: lazySchema(() => z.pipe(shortText(), z.string().check(z.trim(), z.minLength(1, 'is empty: name a column, or leave it out')))),
  sortOrder: sortOrder,
  tagIds: lazySchema(() => z.array(integerId)),
  numResultsApproved: lazySchema(() =>
    z.number({ message: 'must be a whole number, 0 or more' }).check(z.int('must be a whole number'), z.minimum(0, 'must be 0 or more (spec 8)')),
  ),
};

/** Each field optional, as `z.partial` makes them (which would keep zod's whole partial helper in Code.js). */
function allOptional<S extends Record<string, z.ZodMiniType>>(shape: S): { [K in keyof S]: z.ZodMiniOptional<S[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, z.optional(field)])) as { [K in keyof S]: z.ZodMiniOptional<S[K]> };
}

/**
 * The values of a saved search are the filters of its type's search, checked by the same rules (an empty or
 * unknown filter saved today would make a wrong search every time it runs) and stored in their parsed form.
 */
function checkedValues<T extends { type: 'contacts' | 'companies'; values: Record<string, unknown> }>(input: T, ctx: z.core.ParsePayload): T {
  const schema = searchFiltersSchema[input.type];
  const parsed = schema.safeParse(input.values);
  if (parsed.success) return { ...input, values: parsed.data };
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const accepted = acceptedKeysAt(schema, []).join(', ');
      for (const key of issue.keys)
        refuseInTransform(ctx, { path: ['values', key], message: `is not a filter of a ${input.type} search; accepted: ${accepted}` });
    } else {
      refuseInTransform(ctx, { path: ['values', ...issue.path], message: issue.message });
    }
  }
  return z.NEVER;
}

/** An update does not say its type: the values must be the filters of one of the two searches. */
function checkedUpdateValues<T extends { values?: Record<string, unknown> }>(input: T, ctx: z.core.ParsePayload): T {
  if (input.values === undefined) return input;
  const asContacts = searchFiltersSchema.contacts.safeParse(input.values);
  if (asContacts.success) return { ...input, values: asContacts.data };
  const asCompanies = searchFiltersSchema.companies.safeParse(input.values);
  if (asCompanies.success) return { ...input, values: asCompanies.data };
  const type = asCompanies.error.issues.length < asContacts.error.issues.length ? 'companies' : 'contacts';
  return checkedValues({ ...input, type, values: input.values }, ctx) as unknown as T;
}

/** A saved search of the user's, picked from their saved searches. */
const savedSearchPathId = /* @__PURE__ */ lazySchema(() => picks(pathId, 'savedSearches'));
const savedSearchIdInput = /* @__PURE__ */ lazyStrictObject({ id: savedSearchPathId });

export const listSavedSearchesOperation = defineOperation({
  ...base,
  ...listBase,
  title: 'List saved searches',
  description: 'Lists your saved searches, of contacts or of companies.',
  path: '/saved-searches',
  queryFields: ['type'],
  input: lazyStrictObject(() => ({ type: z.optional(searchType) })),
  output: v2ListOf(savedSearchSchema),
});

export const getSavedSearchOperation = defineOperation({
  ...base,
  ...byId,
  ...getBase,
  title: 'Get saved search',
  description: 'Gets one of your saved searches.',
  input: savedSearchIdInput,
  output: v2Of(savedSearchSchema),
});

export const createSavedSearchOperation = defineOperation({
  ...base,
  action: 'create',
  title: 'Create saved search',
  description: 'Saves search filters under a name so you can run them again.',
  method: 'POST',
  path: '/saved-searches',
  input: lazySchema(() =>
    z.pipe(
      z.strictObject({
        name: editable.name,
        type: searchType,
        values: editable.values,
        sortColumn: z.optional(editable.sortColumn),
        sortOrder: z.optional(editable.sortOrder),
        tagIds: z.optional(editable.tagIds),
        numResultsApproved: z.optional(editable.numResultsApproved),
      }),
      z.transform(checkedValues),
    ),
  ),
  output: v2Of(savedSearchSchema),
});

export const updateSavedSearchOperation = defineOperation({
  ...base,
  ...byId,
  action: 'update',
  title: 'Update saved search',
  description: 'Changes the given fields of one of your saved searches; the others stay.',
  method: 'PUT',
  input: lazySchema(() =>
    z.pipe(
      z.strictObject({ ...allOptional(editable), id: savedSearchPathId }).check(
        z.refine((v) => Object.entries(v).some(([k, value]) => k !== 'id' && value !== undefined), {
          message: 'give at least one field to change',
          path: ['name'],
        }),
      ),
      z.transform(checkedUpdateValues),
    ),
  ),
  output: v2Of(savedSearchSchema),
});

export const deleteSavedSearchOperation = defineOperation({
  ...base,
  ...byId,
  ...deleteBase,
  title: 'Delete saved search',
  description: 'Deletes one of your saved searches.',
  input: savedSearchIdInput,
  // A lost answer to a delete is surfaced, not repeated: a repeat would answer 404 and hide that it worked.
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const savedSearchOperations = keyedById([
  listSavedSearchesOperation,
  getSavedSearchOperation,
  createSavedSearchOperation,
  updateSavedSearchOperation,
  deleteSavedSearchOperation,
]);
