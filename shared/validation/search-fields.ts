import { z } from 'zod';
import { textCaps } from './limits';

/**
 * Search filter fields. A filter left out is fine; a filter given empty (`''`, `[]`, `',,,'`, spaces) is
 * a mistake: sent as is, it would make an unfiltered search, so it is refused by name.
 */

const EMPTY = 'is empty: give at least one value, or leave the filter out';

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Splits one comma-separated text into values. With `thousands`, a comma followed by exactly three digits
 * is a thousands separator, not a new value: "501 - 1,000, 1,001 - 5,000" is two sizes.
 */
export function splitValues(text: string, thousands = false): string[] {
  const parts = thousands ? text.split(/,(?!\d{3}(?!\d))/) : text.split(',');
  return parts.map((s) => s.trim()).filter(Boolean);
}

function listOf(item: z.ZodType<string>, max: number, thousands: boolean) {
  return z.preprocess(
    (v) => {
      // Numbers (a zip code or "60" days from a sheet or JSON) are the text they show.
      const text = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? String(x) : x);
      if (typeof v === 'string') return splitValues(v, thousands);
      if (typeof v === 'number') return [text(v)];
      return Array.isArray(v) ? v.map(text) : v;
    },
    z
      .array(item, { message: 'must be a list of values or one comma-separated text' })
      .min(1, EMPTY)
      .max(max, `at most ${max} values (published limit)`),
  );
}

const filterText = z
  .string({ message: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(textCaps.filterValue, `must be at most ${textCaps.filterValue} characters`)
  .refine((v) => !CONTROL.test(v), 'must not contain control characters');

/** Free-text values: an array, or one comma-separated text. */
export function textList(max: number) {
  // The metadata shows forms (n8n fields) what JSON Schema cannot see through the comma-text preprocessing.
  return listOf(filterText, max, false).meta({ type: 'array', items: { type: 'string' }, maxItems: max });
}

/** How values compare for a suggestion: case, spaces, commas and dash forms do not matter. */
const loose = (v: string) => v.toLowerCase().replace(/[\s,]/g, '').replace(/[\u2010-\u2015]/g, '-');

/** The accepted value a mistyped one most likely means ("201-500" -> "201 - 500"), if any. */
export function suggestValue(value: string, values: readonly string[]): string | undefined {
  return values.find((v) => loose(v) === loose(value));
}

/** One value from a published set, with a suggestion when only the spelling differs. */
export function enumValue(values: readonly string[]) {
  return z
    .string({ message: `must be one of ${values.join(', ')}` })
    .superRefine((v, ctx) => {
    if (values.includes(v)) return;
    const near = suggestValue(v, values);
    const shown = v.length > 60 ? `${v.slice(0, 60)}…` : v;
    const hint = near ? ` did you mean "${near}"?` : '';
    ctx.addIssue({ code: 'custom', message: `"${shown}" is not accepted:${hint} it must be one of ${values.join(', ')}` });
    })
    .meta({ type: 'string', enum: [...values] });
}

/** Values from a published set: an array, or one comma-separated text (sizes keep their thousands commas). */
export function enumList(values: readonly string[], max: number) {
  return listOf(enumValue(values), max, true).meta({ type: 'array', items: { type: 'string', enum: [...values] }, maxItems: max });
}

/** true / false, also as the text a sheet cell holds. */
export const flag = z.preprocess(
  (v) => (typeof v === 'string' && /^(true|false)$/i.test(v.trim()) ? v.trim().toLowerCase() === 'true' : v),
  z.boolean({ message: 'must be true or false' }),
).meta({ type: 'boolean' });

/** An opaque cursor from the previous page: null (or left out) for the first page. */
export const nextTokenField = z
  .string({ message: 'must be the nextToken text of the previous page, or null for the first page' })
  .min(1, 'is empty: leave it out (or null) for the first page, or pass the nextToken of the previous page')
  .max(textCaps.nextToken, `is not a nextToken: at most ${textCaps.nextToken} characters`)
  .regex(/^[\x21-\x7e]+$/, 'is not a nextToken: a token is printable text without spaces; pass the nextToken of the previous page unchanged')
  .nullish();
