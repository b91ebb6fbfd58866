/**
 * Checks on raw n8n parameter values that the core's schemas cannot make, because the value is already
 * turned into something else (a locator object, a JavaScript Date) or cannot be encoded at all (broken
 * text). Each returns the rule broken, or undefined.
 */

/** An unpaired UTF-16 surrogate: no UTF-8 form exists, so the URL or the body cannot carry it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value === 'object' ? 'an object' : typeof value;
}

export function brokenText(value: unknown): string | undefined {
  const texts = Array.isArray(value) ? value : [value];
  return texts.some((t) => typeof t === 'string' && LONE_SURROGATE.test(t)) ? 'contains broken text (an unpaired UTF-16 surrogate)' : undefined;
}

/** A resource locator's id: its `value` (text or a number), or nothing when left empty. */
export function locatorValue(raw: unknown): { value?: unknown; rule?: string } {
  if (raw === undefined || raw === null) return {};
  if (typeof raw === 'string' || (typeof raw === 'number' && Number.isFinite(raw))) return { value: raw };
  if (typeof raw === 'object' && !Array.isArray(raw) && '__rl' in raw) {
    const inner = (raw as { value?: unknown }).value;
    if (inner === undefined || inner === null || inner === '') return {};
    if (typeof inner === 'string' || (typeof inner === 'number' && Number.isFinite(inner))) return { value: inner };
    return { rule: `must be an id (text), not ${describeValue(inner)}` };
  }
  return { rule: `must be an id (text), not ${describeValue(raw)}` };
}

/** Limit of a list operation: a whole number of 1 or more (n8n's field has minValue 1). */
export function limitRule(value: unknown): { limit?: number; rule?: string } {
  // Text from an expression counts when it is plain digits ("0x10" or "1e3" is not a limit anyone typed).
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= Number.MAX_SAFE_INTEGER) return { limit: n };
  return { rule: `must be a whole number of 1 or more (got ${typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : describeValue(value)})` };
}
