import * as z from '../validation/zod';
import { nonNegativeInt } from './primitives';
import { lazySchema } from '../validation/lazy-schema';
import { jsonObject } from '../validation/json-object';

/** Saved search (spec 2.5, 4.7, 4.8). */

/** Type and sortOrder values beyond the examples are not shown (spec 2.10), so they stay plain strings. */
export const savedSearchSchema = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    savedSearchId: z.string(),
    name: z.string(),
    type: z.nullish(z.string()),
    /** Search criteria; their shape follows the search filters, not fixed here. */
    values: jsonObject(),
    sortColumn: z.nullish(z.string()),
    sortOrder: z.nullish(z.string()),
    /** Ids of lists (tags); integers, while a list record's own listId is a digit string. */
    tagIds: z.array(z.int()),
    numResultsApproved: nonNegativeInt,
    gptRequestIdNLS: z.nullish(z.string()),
  }),
);
export type SavedSearch = z.output<typeof savedSearchSchema>;
