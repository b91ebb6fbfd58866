/**
 * Values as they go into cells. Sheets reads a written string like typed input: "=..." becomes a formula,
 * "+..." / "-..." become formulas, "@..." can turn into a smart chip, and "12", "TRUE", "2024-01-02" or "5%"
 * change type. Decision: every string that Sheets would not keep as the same text is written with a leading
 * apostrophe (Sheets' own "keep as text" prefix, not shown in the cell). This makes formula injection
 * impossible and keeps ids such as contactId "00123" exact. Numbers and booleans from the service stay
 * numbers and booleans. One rule per cell, so no extra setNumberFormat call is needed.
 */
const NEEDS_QUOTE = [
  /^'/, // a literal leading apostrophe
  // Formula signs (= + - @, full-width ＝ ＋ － ＠, small ﹦ ﹢ ﹣), also after leading whitespace (tab, CR, LF,
  // spaces) or no-break / zero-width spaces: Sheets, or a program opening an export, may skip those.
  /^[\s\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63]/,
  /^[\t\r\n]/, // a leading tab, CR or LF starts a formula in some spreadsheet programs
  /^\s*[+-]?(\d[\d,]*(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*%?\s*$/, // numbers, thousands, percents
  /^\s*(true|false)\s*$/i,
  /^\s*\d{1,4}[-/.]\d{1,2}([-/.]\d{1,4})?([ T].*)?$/, // dates and date-times
  /^\s*\d{1,2}:\d{2}/, // times
  /^\s*[$€£¥]\s*[\d.,]+\s*$/, // currency amounts
];

/** The longest text a cell takes. */
export const MAX_CELL_CHARS = 50000;

export type CellValue = string | number | boolean;

export function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Sheets keeps 15 significant digits of a number: a whole number beyond that (an integer id of 16 digits) would lose
 * its last digits, so it is written as its exact digits, as text (DECISIONS "Ids, exact").
 */
const beyondSheetsDigits = (n: number) => Number.isInteger(n) && Math.abs(n) >= 1e15;

/**
 * A number Sheets can hold exactly or a boolean, as it is ('' for a number that is not finite); null for anything
 * else, which a cell holds as its text. No function per call: every cell an import or enrichment writes comes here.
 */
function asIs(value: unknown): CellValue | null {
  if (typeof value === 'number' && !beyondSheetsDigits(value)) return Number.isFinite(value) ? value : '';
  return typeof value === 'boolean' ? value : null;
}

/** A value safe to write with setValues: never a formula, text stays the same text. */
export function safeCell(value: unknown): CellValue {
  const kept = asIs(value);
  if (kept !== null) return kept;
  const text = toText(value).slice(0, MAX_CELL_CHARS - 1);
  return text !== '' && NEEDS_QUOTE.some((re) => re.test(text)) ? `'${text}` : text;
}

/**
 * A value returned by a custom function. Sheets shows a custom function's strings as they are (it never
 * evaluates them as formulas and an apostrophe would be shown), so only shape is fixed here.
 */
export function customFunctionCell(value: unknown): CellValue {
  return asIs(value) ?? toText(value).slice(0, MAX_CELL_CHARS);
}

/** What a cell read back means as a key (ids, emails, domains): trimmed text. */
export function keyOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}
