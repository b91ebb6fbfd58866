import * as z from '../validation/zod';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Small reusable field schemas shared by the record families.
 * Kept here so every record validates dates, ids and links the same way.
 */

/** Text of any form (one schema shared by the strict records). */
export const text = /* @__PURE__ */ lazySchema(() => z.string());

/** ISO 8601 date-time with `Z` or a numeric offset; a zone-less time is ambiguous, so it is refused. */
export const isoDateTime = /* @__PURE__ */ lazySchema(() => z.iso.datetime({ offset: true }));

/** Calendar date `YYYY-MM-DD` (spec 2.8 history and funding dates). */
export const isoDate = /* @__PURE__ */ lazySchema(() => z.iso.date());

/** Ids that request bodies take as integers travel as digit strings in responses (DECISIONS: contactId, listId). */
export const digitString = /* @__PURE__ */ lazySchema(() => z.string().check(z.regex(/^\d+$/, 'expected a string of digits')));

/**
 * Absolute http(s) URL (spec 2.8 research link fields are "a URL string"). A regex, not z.url(): zod's
 * check calls `new URL`, which Apps Script's V8 runtime does not have.
 */
export const urlString = /* @__PURE__ */ lazySchema(() => z.string().check(z.regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, 'expected an http(s) URL')));

/** Counts: integers >= 0. */
export const nonNegativeInt = /* @__PURE__ */ lazySchema(() => z.int().check(z.minimum(0)));
