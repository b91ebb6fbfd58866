import { ValidationError } from '../../../shared';
import type { FormField } from '../../../shared/catalogue/form-fields';

/**
 * A form's or a row's values turned into an operation's input, by field kind: blank is left out, a list is split at
 * commas or line breaks, JSON is parsed, a number is read from text. What the value then must be is the schema's
 * business (checked before anything is sent); here only a value that cannot be read at all is refused, by name.
 */
function refuse(field: string, rule: string): never {
  throw new ValidationError(`${field}: ${rule}. Nothing was sent.`, [{ field, rule }]);
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function valueOf(field: FormField, raw: unknown): unknown {
  if (blank(raw)) return undefined;
  const text = raw instanceof Date ? raw.toISOString() : raw;
  switch (field.kind) {
    case 'number': {
      if (typeof text === 'number') return text;
      const n = Number(String(text).trim());
      return Number.isFinite(n) ? n : String(text).trim();
    }
    case 'boolean':
      if (typeof text === 'boolean') return text;
      return /^(true|false)$/i.test(String(text).trim()) ? String(text).trim().toLowerCase() === 'true' : String(text);
    case 'list':
      if (Array.isArray(text)) return text;
      return String(text)
        .split(/[,\n]/)
        .map((s) => s.trim())
        .filter(Boolean);
    case 'json':
      if (typeof text !== 'string') return text;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return refuse(field.name, 'must be JSON (an object such as {"contactIds": [1, 2]} or a list such as [1, 2])');
      }
    default:
      return typeof text === 'number' || typeof text === 'boolean' ? String(text) : typeof text === 'string' ? text.trim() : text;
  }
}

/**
 * The input for one run: each field's value from the form, or, where the form leaves it blank, from the row's column
 * of that name (what is the same for every row is typed once; what differs comes from the sheet).
 */
export function inputFrom(fields: readonly FormField[], form: Record<string, unknown>, row?: (name: string) => unknown): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    const typed = form[field.name];
    const value = valueOf(field, blank(typed) ? row?.(field.name) : typed);
    if (value !== undefined) input[field.name] = value;
  }
  // A form for an input that is not one object is its one JSON field.
  return fields.length === 1 && fields[0].name === 'input' && fields[0].kind === 'json' ? ((input.input as Record<string, unknown>) ?? {}) : input;
}
