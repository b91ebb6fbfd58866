import { z } from 'zod';
import { isoDate, isoDateTime, urlString } from './primitives';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Reading is tolerant (issue 15): strict on what the connector sends, tolerant on what it reads. A field that
 * looks different from the spec is coerced where the meaning is clear (text <-> number) and otherwise kept as
 * the service sent it, so one odd field never throws away a record (a paid research result above all).
 * Inferred types describe the usual form; a kept odd value is the raw JSON value the service sent.
 */

/** Keeps the raw input when `schema` refuses it; the field never fails its record. */
export function lenient<T extends z.ZodType>(schema: T) {
  return schema.catch((ctx) => ctx.input as z.output<T>);
}

/** Numbers and booleans sent where text is expected become their text ("750" stays "750", 750 becomes "750"). */
function scalarToText(value: unknown): unknown {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

/** Whole-number text ("750", " 42 ") becomes a number; other text ("1,000+") is kept as text. */
function digitsToNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
}

/** "true" / "false" (any case) become booleans. */
function wordToBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  return word === 'true' ? true : word === 'false' ? false : value;
}

/** Optional text; a number or boolean is read as its text. */
export const looseText = lazySchema(() => lenient(z.preprocess(scalarToText, z.string().nullish())));

/**
 * Optional text the connector shows or acts on (a poll item's message): always text, so code can trim it; a list
 * or object is read as its JSON text.
 */
export const anyText = lazySchema(() =>
  z.preprocess((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : scalarToText(v)), z.string().nullish()).catch(undefined),
);

/** Optional integer; whole-number text is read as the number, other text is kept. */
export const looseInt = lazySchema(() => lenient(z.preprocess(digitsToNumber, z.int().nullish())));

/** Optional boolean; "true" / "false" text is read as the boolean. */
export const looseBoolean = lazySchema(() => lenient(z.preprocess(wordToBoolean, z.boolean().nullish())));

/** Optional ISO date-time; any other text (a zone-less time, a plain date) is kept as sent. */
export const looseDateTime = lazySchema(() => lenient(isoDateTime.nullish()));

/** Optional calendar date; a date-time or other text is kept as sent. */
export const looseDate = lazySchema(() => lenient(isoDate.nullish()));

/** Optional link: an http(s) URL or "" (how a record says none); other text is kept as sent. */
export const looseLink = lazySchema(() => lenient(urlString.or(z.literal('')).nullish()));

/** Optional list of text; a single text value is kept as sent. */
export const looseTextList = lazySchema(() => lenient(z.array(z.preprocess(scalarToText, z.string())).nullish()));

/** An optional nested record (location, history item) whose own fields are tolerant; a non-object is kept. */
export function looseNested<T extends z.ZodObject>(schema: T) {
  return lenient(schema.nullish());
}

/** An optional list of nested records; anything else is kept as sent. */
export function looseList<T extends z.ZodType>(item: T) {
  return lenient(z.array(item).nullish());
}

/** A required id the connector acts on (request ids): text, or a number read as its text. */
export const idText = lazySchema(() => z.preprocess(scalarToText, z.string()));
