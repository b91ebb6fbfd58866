import * as z from '../validation/zod';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Reading is tolerant (issue 15): strict on what the connector sends, tolerant on what it reads. A field that
 * looks different from the spec is coerced where the meaning is clear (text <-> number) and otherwise kept as
 * the service sent it, so one odd field never throws away a record (a paid research result above all).
 * Inferred types describe the usual form; a kept odd value is the raw JSON value the service sent.
 */

/**
 * zod/mini's `z.catch(schema, fn)`, built as `z.catch` builds it. `z.catch` also accepts a plain value, which it
 * wraps with a helper it reaches through zod's whole util namespace object, so a bundler keeps every helper in it
 * (10 KB of Code.js, issue 32); a function as the catch value needs none of them.
 */
export function caught<T extends z.ZodMiniType>(innerType: T, catchValue: (ctx: z.core.$ZodCatchCtx) => z.output<T>): z.ZodMiniCatch<T> {
  return new z.ZodMiniCatch({ type: 'catch', innerType, catchValue }) as z.ZodMiniCatch<T>;
}

/** Keeps the raw input when `schema` refuses it; the field never fails its record. */
export function lenient<T extends z.ZodMiniType>(schema: T) {
  return caught(schema, (ctx) => ctx.input as z.output<T>);
}

/** Numbers and booleans sent where text is expected become their text ("750" stays "750", 750 becomes "750"). */
function scalarToText(value: unknown): unknown {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

/** Whole-number text ("750", " 42 ") becomes a number; other text ("1,000+") is kept as text. */
function digitsToNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
}

const keptAsSent = (value: unknown): unknown => value;

/** "true" / "false" (any case) become booleans. */
function wordToBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  return word === 'true' ? true : word === 'false' ? false : value;
}

/**
 * A tolerant scalar field read in one step (issue 32): `read` gives the usual form (typed `T`) or, for anything
 * else, the value as the service sent it, which is what `lenient` over a stricter schema gave, in one schema run
 * instead of six (the catch, the pipe, the preprocessing, the nullish wrappers, the check). An absent key stays
 * absent, as with the nullish schema: zod's object sets a key a transform (optional in) read only when it was sent.
 * No `z.optional` around it: that wrapper was a second schema run on every field of every record (issue 32, poll
 * answers), and every read below gives undefined for undefined, as the wrapper did.
 */
function readAs<T>(read: (value: unknown) => unknown) {
  return z.transform((value: unknown) => read(value) as T);
}

/** Optional text; a number or boolean is read as its text. */
export const looseText = /* @__PURE__ */ lazySchema(() => readAs<string | null | undefined>(scalarToText));

/**
 * Optional text the connector shows or acts on (a poll item's message): always text, so code can trim it; a list
 * or object is read as its JSON text. (Every JSON value becomes text, null or undefined: nothing is left to refuse.)
 */
export const anyText = /* @__PURE__ */ lazySchema(() =>
  readAs<string | null | undefined>((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : scalarToText(v))),
);

/** Optional integer; whole-number text is read as the number, other text (and a fraction, a too-large number) is kept. */
export const looseInt = /* @__PURE__ */ lazySchema(() =>
  readAs<number | null | undefined>((v) => {
    const n = digitsToNumber(v);
    return n === null || n === undefined || Number.isSafeInteger(n) ? n : v;
  }),
);

/** Optional boolean; "true" / "false" text is read as the boolean. */
export const looseBoolean = /* @__PURE__ */ lazySchema(() => readAs<boolean | null | undefined>(wordToBoolean));

/**
 * Optional ISO date-time, calendar date and http(s) link (or "", how a record says none). Their forms are the
 * usual ones, but reading never refused another: a zone-less time, a plain date or other text was kept as sent, so
 * the value is the value sent, with no check to run: one schema reads all three.
 */
const keptText = /* @__PURE__ */ lazySchema(() => readAs<string | null | undefined>(keptAsSent));
export const looseDateTime = keptText;
export const looseDate = keptText;
export const looseLink = keptText;

/** Optional list of text (numbers and booleans in it read as their text); anything else is kept as sent. */
export const looseTextList = /* @__PURE__ */ lazySchema(() =>
  readAs<string[] | null | undefined>((v) => {
    if (!Array.isArray(v)) return v;
    const texts = v.map(scalarToText);
    return texts.every((t) => typeof t === 'string') ? texts : v;
  }),
);

/** The words of a space-separated text, as a union: `'city state'` gives `'city' | 'state'`. */
type Words<N extends string> = N extends `${infer A} ${infer B}` ? A | Words<B> : N;

/**
 * The same field schema under each name of `names` (space-separated texts, in order): a record's run of fields of
 * one kind written as its names, each costing Code.js its name and a space instead of a property of its own.
 */
export function fieldsOf<S, N extends string[]>(schema: S, ...names: N): Record<Words<N[number]>, S> {
  return Object.fromEntries(
    names
      .join(' ')
      .split(' ')
      .map((name) => [name, schema]),
  ) as Record<Words<N[number]>, S>;
}

/** An optional nested record (location, history item) whose own fields are tolerant; a non-object is kept. */
export function looseNested<T extends z.ZodMiniObject>(schema: T) {
  return lenient(z.nullish(schema));
}

/** An optional list of nested records; anything else is kept as sent. */
export function looseList<T extends z.ZodMiniType>(item: T) {
  return lenient(z.nullish(z.array(item)));
}

/** A required id the connector acts on (request ids): text, or a number read as its text. */
export const idText = /* @__PURE__ */ lazySchema(() => z.pipe(z.transform(scalarToText), z.string()));
