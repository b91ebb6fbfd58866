import { ValidationError } from '../../../shared';
import type { FieldKind } from '../../../shared/catalogue/form-fields';

/**
 * A form's or a row's values turned into an operation's input. The sidebar sends each field's kind (from the form it
 * showed); a cell's text is read by that kind: a list is split at commas or line breaks, JSON parsed, a number read.
 * A value without a kind is sent as given. What a value must be is the schema's business (checked before anything is
 * sent): here only a value that cannot be read at all is refused, by name.
 */
function blank(v: unknown) {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

function valueOf(name: string, kind: FieldKind | undefined, raw: unknown): unknown {
  const v = raw instanceof Date ? raw.toISOString() : raw;
  if (typeof v !== 'string') return kind === 'text' && typeof v === 'number' ? String(v) : v;
  const text = v.trim();
  if (kind === 'number') return Number.isFinite(Number(text)) ? Number(text) : text;
  if (kind === 'boolean') return /^(true|false)$/i.test(text) ? text.toLowerCase() === 'true' : text;
  if (kind === 'list')
    return text
      .split(/[,\n]/)
      .map((s) => s.trim())
      .filter(Boolean);
  if (kind !== 'json') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError(`${name}: must be JSON. Nothing was sent.`, [{ field: name, rule: 'must be JSON' }]);
  }
}

/**
 * The input for one run: each field's value from the form, or, where the form leaves it blank, from the row (what is
 * the same for every row is typed once; what differs comes from the sheet). `kinds` may name the entries of a list of
 * records too (`contacts.contactName`): those are read by rowValue (the row's one record), never sent as fields.
 */
export function inputFrom(kinds: Record<string, FieldKind>, form: Record<string, unknown>, row?: (name: string) => unknown): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of new Set([...Object.keys(kinds), ...Object.keys(form)].filter((n) => !n.includes('.')))) {
    const raw = blank(form[name]) ? row?.(name) : form[name];
    if (!blank(raw)) input[name] = valueOf(name, kinds[name], raw);
  }
  // An input that is not one object is one JSON field, `input` (form-fields.ts).
  return kinds.input === 'json' && Object.keys(kinds).length === 1 ? ((input.input as Record<string, unknown>) ?? {}) : input;
}

/**
 * A row's value for a field, from the columns the sidebar mapped (`field` → header, or `field.entry` → header for the
 * entries of a list of records: the row gives one record, e.g. a research contact from its name and company columns).
 */
export function rowValue(name: string, kinds: Record<string, FieldKind>, columns: Record<string, string>, cell: (header: string) => unknown): unknown {
  if (columns[name] !== undefined) return cell(columns[name]);
  const record: Record<string, unknown> = {};
  for (const key of Object.keys(columns)) {
    if (!key.startsWith(`${name}.`)) continue;
    const raw = cell(columns[key]);
    if (!blank(raw)) record[key.slice(name.length + 1)] = valueOf(key, kinds[key] ?? 'text', raw);
  }
  return Object.keys(record).length ? [record] : undefined;
}
