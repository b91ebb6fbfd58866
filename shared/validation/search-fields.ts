import { splitValues, withoutControl, trueOrFalse } from './fields';
import { atMostChars, textCaps } from './limits';
import * as z from './zod';
import { lazySchema } from './lazy-schema';

/**
 * Search filter fields. A filter left out is fine; a filter given empty (`''`, `[]`, `',,,'`, spaces) is
 * a mistake: sent as is, it would make an unfiltered search, so it is refused by name.
 */

export { splitValues };

const EMPTY = 'is empty: give at least one value, or leave the filter out';

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Splits one comma-separated text of values from a set whose values may hold commas ("501 - 1,000"): at each
 * place the longest run of parts that is a known value is taken; otherwise a part followed by three digits
 * is a thousands separator, so the refusal shows the whole mistyped value ("501-1,000").
 */
export function splitSetValues(text: string, values: readonly string[]): string[] {
  const parts = text.split(',');
  const out: string[] = [];
  let i = 0;
  while (i < parts.length) {
    let next = i + 1;
    // No published value holds more than two commas: look at most three parts ahead.
    const known = [3, 2, 1].map((n) => i + n).find((j) => j <= parts.length && values.includes(parts.slice(i, j).join(',').trim()));
    if (known !== undefined) next = known;
    else while (next < parts.length && /^\d{3}(?!\d)/.test(parts[next])) next++;
    const value = parts.slice(i, next).join(',').trim();
    if (value) out.push(value);
    i = next;
  }
  return out;
}

/**
 * A list of `item` values, also given as one comma-separated text. Its metadata (`items`, the JSON Schema of one
 * value) shows forms (n8n fields) what JSON Schema cannot see through the comma-text preprocessing.
 */
function listOf(item: z.ZodMiniType<string>, max: number, split: (text: string) => string[], items: object) {
  return z
    .pipe(
      z.transform((v) => {
        // Numbers (a zip code or "60" days from a sheet or JSON) are the text they show.
        const text = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? String(x) : x);
        if (typeof v === 'string') return split(v);
        if (typeof v === 'number') return [text(v)];
        return Array.isArray(v) ? v.map(text) : v;
      }),
      z
        .array(item, { message: 'must be a list of values or one comma-separated text' })
        .check(z.minLength(1, EMPTY), z.maxLength(max, `at most ${max} values (published limit)`)),
    )
    .check(z.meta({ type: 'array', items, maxItems: max }));
}

const filterText = /* @__PURE__ */ lazySchema(() =>
  z.string({ message: 'must be text' }).check(z.trim(), z.minLength(1, 'must not be empty'), atMostChars(textCaps.filterValue), withoutControl(CONTROL)),
);

/** Free-text values: an array, or one comma-separated text. */
export function textList(max: number) {
  return listOf(filterText, max, splitValues, { type: 'string' });
}

/** How values compare for a suggestion: case, spaces, commas and dash forms do not matter. */
const loose = (v: string) =>
  v
    .toLowerCase()
    .replace(/[\s,]/g, '')
    .replace(/[\u2010-\u2015]/g, '-');

/** The accepted value a mistyped one most likely means ("201-500" -> "201 - 500"), if any. */
export function suggestValue(value: string, values: readonly string[]): string | undefined {
  return values.find((v) => loose(v) === loose(value));
}

/** One value from a published set, with a suggestion when only the spelling differs. */
export function enumValue(values: readonly string[]) {
  return z.string({ message: `must be one of ${values.join(', ')}` }).check(
    z.superRefine((v, ctx) => {
      if (values.includes(v)) return;
      const near = suggestValue(v, values);
      const shown = v.length > 60 ? `${v.slice(0, 60)}…` : v;
      const hint = near ? ` did you mean "${near}"?` : '';
      ctx.addIssue({ code: 'custom', message: `"${shown}" is not accepted:${hint} it must be one of ${values.join(', ')}` });
    }),
    z.meta({ type: 'string', enum: [...values] }),
  );
}

/** Values from a published set: an array, or one comma-separated text (sizes keep their thousands commas). */
export function enumList(values: readonly string[], max: number) {
  return listOf(enumValue(values), max, (text) => splitSetValues(text, values), { type: 'string', enum: [...values] });
}

/** true / false, also as the text a sheet cell holds. */
export const flag = /* @__PURE__ */ lazySchema(() =>
  z
    .pipe(
      z.transform((v) => (typeof v === 'string' && /^(true|false)$/i.test(v.trim()) ? v.trim().toLowerCase() === 'true' : v)),
      trueOrFalse,
    )
    .check(z.meta({ type: 'boolean' })),
);

/** An opaque cursor from the previous page: null (or left out) for the first page. */
export const nextTokenField = /* @__PURE__ */ lazySchema(() =>
  z.nullish(
    z
      .string({ message: 'must be the nextToken text of the previous page, or null for the first page' })
      .check(
        z.minLength(1, 'is empty: leave it out (or null) for the first page, or pass the nextToken of the previous page'),
        z.maxLength(textCaps.nextToken, `is not a nextToken: at most ${textCaps.nextToken} characters`),
        z.regex(/^[\x21-\x7e]+$/, 'is not a nextToken: a token is printable text without spaces; pass the nextToken of the previous page unchanged'),
      ),
  ),
);
