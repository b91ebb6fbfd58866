import * as z from '../validation/zod';
import { digitString, isoDateTime, text } from './primitives';
import { lazyLooseObject } from '../validation/lazy-schema';

/** List (tag), spec 2.6. listId is a digit string because saved searches refer to lists by integer tagIds (DECISIONS). */
export const listSchema = /* @__PURE__ */ lazyLooseObject({
  listId: digitString,
  name: text,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type List = z.output<typeof listSchema>;
