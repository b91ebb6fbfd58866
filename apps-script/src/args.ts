import { ValidationError } from '../../shared';
import { keyOf } from './cells';

/**
 * Custom-function arguments as Sheets passes them: a single cell is a scalar, a range is a 2D array,
 * an omitted argument is undefined and an empty cell is ''.
 */
export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

/** Every non-empty value of a scalar or a range, in reading order. */
export function flatValues(arg: unknown): unknown[] {
  if (Array.isArray(arg)) return (arg as unknown[]).flatMap((row) => (Array.isArray(row) ? row : [row])).filter((v) => !isBlank(v));
  return isBlank(arg) ? [] : [arg];
}

/** Keys of a range (ids, emails, domains), one per cell, blanks kept so answers line up with the range. */
export function keysOf(arg: unknown): string[] {
  if (!Array.isArray(arg)) return [keyOf(arg)];
  return (arg as unknown[][]).map((row) => keyOf(Array.isArray(row) ? row[0] : row));
}

/** A refused argument: `name: what` in the cell, and the rule it broke. */
export function argError(name: string, what: string, rule: string): ValidationError {
  return new ValidationError(`${name}: ${what}`, [{ field: name, rule }]);
}

export function intArg(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (isBlank(value)) return fallback;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isInteger(n) || n < min || n > max) {
    const got = typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value);
    throw argError(name, `must be a whole number from ${min} to ${max} (got ${got}).`, `${min}..${max}`);
  }
  return n;
}

export function boolArg(value: unknown, fallback: boolean): boolean {
  if (isBlank(value)) return fallback;
  if (typeof value === 'boolean') return value;
  return /^(true|yes|1)$/i.test(String(value).trim());
}

function addPair(out: Record<string, unknown>, name: unknown, value: unknown): void {
  const key = keyOf(name);
  if (!key || isBlank(value)) return;
  const text = keyOf(value);
  const previous = out[key];
  // The same filter on several rows means several values.
  out[key] = previous === undefined ? text : `${String(previous)},${text}`;
}

/**
 * Search filters from: a two-column range (name | value), a text "jobTitle=CTO; seniority=VP,Director",
 * or a JSON object text. Values with commas are lists; the core validates names and values.
 */
export function filtersArg(arg: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (isBlank(arg)) return out;
  if (Array.isArray(arg)) {
    for (const row of arg as unknown[][]) {
      if (!Array.isArray(row) || row.length < 2) {
        throw argError('filters', 'use a range of two columns (filter name | value).', 'two columns');
      }
      addPair(
        out,
        row[0],
        row
          .slice(1)
          .filter((v) => !isBlank(v))
          .map(keyOf)
          .join(','),
      );
    }
    return out;
  }
  const text = String(arg).trim();
  if (text.startsWith('{')) {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw argError('filters', 'the text starts with { but is not valid JSON.', 'JSON object');
    }
  }
  for (const part of text.split(/[;\n]/)) {
    const eq = part.indexOf('=');
    if (eq <= 0) {
      if (part.trim()) throw argError('filters', `"${part.trim()}" should look like name=value.`, 'name=value');
      continue;
    }
    const name = keyOf(part.slice(0, eq));
    // "jobTitle=" names a filter with no value: kept empty so the core refuses it by name (an unfiltered search otherwise).
    if (name && isBlank(part.slice(eq + 1).trim()) && out[name] === undefined) out[name] = '';
    else addPair(out, part.slice(0, eq), part.slice(eq + 1));
  }
  return out;
}
