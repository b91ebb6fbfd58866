import * as z from '../validation/zod';
import { nonNegativeInt, text } from './primitives';
import { lazyLooseObject } from '../validation/lazy-schema';
import { jsonObject } from '../validation/json-object';

/** Saved search (spec 2.5, 4.7, 4.8). */

/** Type and sortOrder values beyond the examples are not shown (spec 2.10), so they stay plain strings. */
export const savedSearchSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  savedSearchId: text,
  name: text,
  type: z.nullish(text),
  /** Search criteria; their shape follows the search filters, not fixed here. */
  values: jsonObject(),
  sortColumn: z.nullish(text),
  sortOrder: z.nullish(text),
  /** Ids of lists (tags); integers, while a list record's own listId is a digit string. */
  tagIds: z.array(z.int()),
  numResultsApproved: nonNegativeInt,
  gptRequestIdNLS: z.nullish(text),
}));
export type SavedSearch = z.output<typeof savedSearchSchema>;
