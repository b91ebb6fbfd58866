/**
 * What an import's key means, as ONE function used on both sides: on the key read from a sheet cell and on the key
 * of a record about to be written. Sheets drops the apostrophe the add-on writes before text that would not stay text
 * (cells.ts), so the written cell and the record's value differ; this reads both the same way:
 * - one leading apostrophe is Sheets' "keep as text" mark, not part of the key;
 * - surrounding whitespace (tabs, line breaks, no-break and zero-width spaces) is not part of the key;
 * - emails and domains (an email or domain column, or a key with an `@`) are compared without case.
 * A formula-like key (`=1+1@x.com`) is compared as the text it is; writing it stays neutralised by safeCell.
 */
const EDGES = /^[\s\u00a0\u200b-\u200f\u2060\ufeff]+|[\s\u00a0\u200b-\u200f\u2060\ufeff]+$/g;
const CASELESS_COLUMN = /email|domain|website/i;

export function matchKey(value: unknown, keyColumn: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  let text = String(value).replace(EDGES, '');
  if (text.startsWith("'")) text = text.slice(1).replace(EDGES, '');
  return CASELESS_COLUMN.test(keyColumn) || text.includes('@') ? text.toLowerCase() : text;
}
