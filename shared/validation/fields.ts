import { atMostChars, textCaps } from './limits';
import * as z from './zod';
import { lazySchema } from './lazy-schema';
import { refuseInTransform } from './transform-issue';

/**
 * Reusable input fields with messages that say the rule in a user's words. Ids the spec types as
 * integers (contactIds, templateId, tagIds) accept a number or a digit string, since sheets and n8n
 * expressions hand over strings.
 */
export const integerId = /* @__PURE__ */ lazySchema(() =>
  z.pipe(
    z.union([z.number(), z.string().check(z.trim())]),
    z.transform((v, ctx) => {
      const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : NaN;
      if (!Number.isSafeInteger(n) || n < 1) {
        refuseInTransform(ctx, { message: `must be a whole-number id such as 1234 (got ${JSON.stringify(v)})` });
        return z.NEVER;
      }
      return n;
    }),
  ),
);

/** An id given as text or a number, as its trimmed text (checked by what it is piped into). */
export const idAsText = /* @__PURE__ */ lazySchema(() =>
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((v) => String(v).trim()),
  ),
);

/** An id that goes into a URL path: no spaces, slashes or query characters. */
export const pathId = /* @__PURE__ */ lazySchema(() =>
  z.pipe(
    idAsText,
    z.string().check(
      z.minLength(1, 'is required'),
      z.maxLength(textCaps.id, `must be an id of at most ${textCaps.id} characters`),
      z.regex(/^[A-Za-z0-9_.:~-]+$/, 'must be an id without spaces, slashes or other punctuation'),
      z.refine((v) => !/^\.+$/.test(v), 'must be an id, not dots'),
    ),
  ),
);

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** ISO 8601 date-time with a zone, as the org reads require (public reference). */
export const isoDateTimeInput = /* @__PURE__ */ lazySchema(() =>
  z
    .pipe(
      z.union([z.string(), z.date()]),
      z.transform((v, ctx) => {
        const text = v instanceof Date ? v.toISOString() : v.trim();
        if (!ISO_DATE_TIME.test(text) || Number.isNaN(Date.parse(text))) {
          refuseInTransform(ctx, { message: `must be an ISO 8601 date-time with a zone, e.g. 2026-01-31T00:00:00Z (got ${JSON.stringify(v)})` });
          return z.NEVER;
        }
        return new Date(Date.parse(text)).toISOString();
      }),
    )
    .check(z.meta({ format: 'date-time' })),
);

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

export const emailAddress = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(textCaps.email, `must be an email address of at most ${textCaps.email} characters`),
      z.regex(EMAIL, 'must be an email address such as ana@example.com'),
    ),
);

/** One or more addresses separated by commas (cc, bcc). */
export const emailList = /* @__PURE__ */ lazySchema(() =>
  z.string().check(
    z.trim(),
    atMostChars(textCaps.emailList),
    z.refine((v) => v.split(',').every((part) => EMAIL.test(part.trim())), 'must be email addresses separated by commas'),
  ),
);

export const nonEmpty = (what = 'text', max: number = textCaps.name) =>
  z.string().check(z.trim(), z.minLength(1, `is required and must be non-empty ${what}`), atMostChars(max));

/** C0 control characters other than tab, line feed and carriage return: never part of a name or an id. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Refuses text with a character `control` matches. */
export const withoutControl = (control = CONTROL) => z.refine<string>((v) => !control.test(v), 'must not contain control characters');

/** Optional one-line text with a length cap, e.g. a step name or a search text (may be empty). */
export const shortText = (max: number = textCaps.name) => z.string().check(atMostChars(max), withoutControl());

/** A name a person gives (campaign, list, saved search): required, one line, at most 255 characters. */
export const nameText = (what: string) => nonEmpty(what).check(withoutControl());

/** Splits one comma-separated text of free values. */
export function splitValues(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A list of strings that also takes one comma-separated string (a sheet cell, an n8n text field). */
export function stringList(max?: number, what = 'values') {
  const list = z.pipe(
    z.transform((v) => (typeof v === 'string' ? splitValues(v) : v)),
    z.array(z.string().check(z.trim(), z.minLength(1, 'must not be empty'))),
  );
  return max === undefined ? list : list.check(z.refine((a) => a.length <= max, `at most ${max} ${what}`));
}

/** A whole number of at least `min`, each rule said in a user's words (`.check(z.maximum(...))` adds a ceiling). */
export const wholeNumber = (min: number, atLeast = `must be at least ${min}`) => z.number().check(z.int('must be a whole number'), z.minimum(min, atLeast));

/** Optional text of any length (an email body, a step description). */
export const optionalText = /* @__PURE__ */ lazySchema(() => z.optional(z.string()));

/** Optional one-line text with the default cap (a search text, a campaign identifier). */
export const optionalShortText = /* @__PURE__ */ lazySchema(() => z.optional(shortText()));

/** Optional text up to the cap of any text (a task's description, a call's script). */
export const optionalLongText = /* @__PURE__ */ lazySchema(() => z.optional(z.string().check(atMostChars(textCaps.any))));

/** true or false, saying so when another value is given. */
export const trueOrFalse = /* @__PURE__ */ lazySchema(() => z.boolean({ message: 'must be true or false' }));

/** One of `values`, saying them all when another is given. */
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { message: `must be one of ${values.join(', ')}` });

/** `page` and `limit` (1..100) of the page-paged v2 lists (templates, email footers). */
export const pageFields = {
  page: lazySchema(() => z.optional(wholeNumber(1))),
  limit: lazySchema(() => z.optional(wholeNumber(1).check(z.maximum(100, 'must be at most 100')))),
};
