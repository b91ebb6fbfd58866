/**
 * Input validation. Body problems are 422, query problems 400 (DECISIONS: status codes); every message
 * starts with the field path and states the rule, e.g. `contactIds: must have at most 500 items (got 501)`.
 */
import { HttpError } from './errors';

export type Obj = Record<string, unknown>;

const bodyError = (path: string, rule: string) => new HttpError(422, `${path}: ${rule}`);
const queryError = (name: string, rule: string) => new HttpError(400, `${name}: ${rule}`);

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'string' ? `"${v.length > 40 ? `${v.slice(0, 40)}…` : v}"` : typeof v === 'object' ? 'an object' : String(v);
}

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The body must be a JSON object; an absent body counts as `{}` only when `allowEmpty`. */
export function bodyObject(body: unknown, allowEmpty = false): Obj {
  if (body === undefined && allowEmpty) return {};
  if (body === undefined) throw new HttpError(422, 'body: required; send a JSON object');
  if (!isObj(body)) throw new HttpError(422, `body: must be a JSON object (got ${describe(body)})`);
  return body;
}

/** Unknown fields are refused, so a misspelt field name fails loudly instead of being ignored. */
export function onlyKeys(obj: Obj, allowed: readonly string[], path = 'body'): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) throw bodyError(path === 'body' ? key : `${path}.${key}`, `is not a known field (allowed: ${allowed.join(', ')})`);
  }
}

const join = (path: string, key: string) => (path === 'body' ? key : `${path}.${key}`);

/**
 * Whether an optional field is absent. `null` is not absent: the spec types these fields as string,
 * integer, array... and never as nullable, so a client that sends `null` for "not set" must learn it here
 * (422) rather than from the real service. Omit the field instead.
 */
function absent(v: unknown, path: string, type: string, required?: boolean): boolean {
  if (v === undefined) {
    if (required) throw bodyError(path, `required (${type})`);
    return true;
  }
  if (v === null)
    throw bodyError(
      path,
      required
        ? `required (${type}), got null`
        : `must be ${type === 'integer' || type === 'array' || type === 'object' ? 'an' : 'a'} ${type} (got null); omit the field when it is not set`,
    );
  return false;
}

interface StrOpts {
  required?: boolean;
  allowEmpty?: boolean;
  max?: number;
  oneOf?: readonly string[];
  path?: string;
}

export function str(obj: Obj, key: string, opts: StrOpts & { required: true }): string;
export function str(obj: Obj, key: string, opts?: StrOpts): string | undefined;
export function str(obj: Obj, key: string, opts: StrOpts = {}): string | undefined {
  const path = join(opts.path ?? 'body', key);
  const v = obj[key];
  if (absent(v, path, 'string', opts.required)) return undefined;
  if (typeof v !== 'string') throw bodyError(path, `must be a string (got ${describe(v)})`);
  if (!opts.allowEmpty && v.trim() === '') throw bodyError(path, 'must not be empty');
  if (opts.max !== undefined && v.length > opts.max) throw bodyError(path, `must be at most ${opts.max} characters`);
  if (opts.oneOf && !opts.oneOf.includes(v)) throw bodyError(path, `must be one of ${opts.oneOf.join(', ')} (got ${describe(v)})`);
  return v;
}

interface IntOpts {
  required?: boolean;
  min?: number;
  max?: number;
  path?: string;
}

export function checkInt(v: unknown, path: string, opts: IntOpts = {}): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw bodyError(path, `must be an integer (got ${describe(v)})`);
  if (opts.min !== undefined && v < opts.min) throw bodyError(path, `must be >= ${opts.min} (got ${v})`);
  if (opts.max !== undefined && v > opts.max) throw bodyError(path, `must be <= ${opts.max} (got ${v})`);
  return v;
}

export function int(obj: Obj, key: string, opts: IntOpts & { required: true }): number;
export function int(obj: Obj, key: string, opts?: IntOpts): number | undefined;
export function int(obj: Obj, key: string, opts: IntOpts = {}): number | undefined {
  const path = join(opts.path ?? 'body', key);
  const v = obj[key];
  if (absent(v, path, 'integer', opts.required)) return undefined;
  return checkInt(v, path, opts);
}

export function bool(obj: Obj, key: string, path = 'body'): boolean | undefined {
  const v = obj[key];
  if (absent(v, join(path, key), 'boolean')) return undefined;
  if (typeof v !== 'boolean') throw bodyError(join(path, key), `must be a boolean (got ${describe(v)})`);
  return v;
}

export function object(obj: Obj, key: string, path = 'body'): Obj | undefined {
  const v = obj[key];
  if (absent(v, join(path, key), 'object')) return undefined;
  if (!isObj(v)) throw bodyError(join(path, key), `must be an object (got ${describe(v)})`);
  return v;
}

interface ArrOpts {
  required?: boolean;
  min?: number;
  max?: number;
  path?: string;
}

export function array<T>(obj: Obj, key: string, item: (v: unknown, path: string) => T, opts: ArrOpts & { required: true }): T[];
export function array<T>(obj: Obj, key: string, item: (v: unknown, path: string) => T, opts?: ArrOpts): T[] | undefined;
export function array<T>(obj: Obj, key: string, item: (v: unknown, path: string) => T, opts: ArrOpts = {}): T[] | undefined {
  const path = join(opts.path ?? 'body', key);
  const v = obj[key];
  if (absent(v, path, 'array', opts.required)) return undefined;
  if (!Array.isArray(v)) throw bodyError(path, `must be an array (got ${describe(v)})`);
  if (opts.min !== undefined && v.length < opts.min) throw bodyError(path, `must have at least ${opts.min} item${opts.min === 1 ? '' : 's'}`);
  if (opts.max !== undefined && v.length > opts.max) throw bodyError(path, `must have at most ${opts.max} items (got ${v.length})`);
  return v.map((x, i) => item(x, `${path}[${i}]`));
}

export const itemString = (v: unknown, path: string): string => {
  if (typeof v !== 'string' || v.trim() === '') throw bodyError(path, `must be a non-empty string (got ${describe(v)})`);
  return v;
};

/** A record id given as a whole number or as its digits in text (the service's ids are numeric); answered as text. */
export const itemId = (v: unknown, path: string): string => {
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) return String(v);
  if (typeof v === 'string' && /^[0-9]+$/.test(v.trim()) && Number(v) > 0) return v.trim();
  throw bodyError(path, `must be an id: a whole number or its digits as text (got ${describe(v)})`);
};

export const itemInt =
  (min?: number) =>
  (v: unknown, path: string): number =>
    checkInt(v, path, { min });

export const itemObject = (v: unknown, path: string): Obj => {
  if (!isObj(v)) throw bodyError(path, `must be an object (got ${describe(v)})`);
  return v;
};

const EMAIL_RE = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

export function isEmail(v: string): boolean {
  return EMAIL_RE.test(v.trim());
}

/** An address field: one address, or several separated by commas (cc, bcc). */
export function emailField(obj: Obj, key: string, opts: { required?: boolean; multiple?: boolean } = {}): string | undefined {
  const v = str(obj, key, { required: opts.required, allowEmpty: !opts.required });
  if (v === undefined || v.trim() === '') return v;
  const parts = opts.multiple ? v.split(',') : [v];
  for (const part of parts)
    if (!isEmail(part))
      throw bodyError(key, `must be ${opts.multiple ? 'comma-separated e-mail addresses' : 'an e-mail address'} (got ${describe(part.trim())})`);
  return v;
}

export function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** ISO 8601 date-time with a time and a zone (a bare date is ambiguous for a lookback window). */
export function parseIsoDateTime(v: string): number | null {
  if (!ISO_DATE_TIME.test(v)) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}

// ---- query parameters (400) ----

export function queryInt(query: URLSearchParams, name: string, opts: { min?: number; max?: number; def?: number; required?: boolean }): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') {
    if (opts.required) throw queryError(name, 'required query parameter (integer)');
    return opts.def;
  }
  if (!/^-?\d+$/.test(raw)) throw queryError(name, `must be an integer (got "${raw}")`);
  const v = Number(raw);
  if (opts.min !== undefined && v < opts.min) throw queryError(name, `must be >= ${opts.min} (got ${v})`);
  if (opts.max !== undefined && v > opts.max) throw queryError(name, `must be <= ${opts.max} (got ${v})`);
  return v;
}

export function queryDateTime(query: URLSearchParams, name: string): number {
  const raw = query.get(name);
  if (raw === null || raw === '') throw queryError(name, 'required query parameter (ISO 8601 date-time, e.g. 2026-01-31T00:00:00Z)');
  const t = parseIsoDateTime(raw);
  if (t === null) throw queryError(name, `must be an ISO 8601 date-time with time and zone, e.g. 2026-01-31T00:00:00Z (got "${raw}")`);
  return t;
}

export function queryEnum(query: URLSearchParams, name: string, allowed: readonly string[]): string | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!allowed.includes(raw)) throw queryError(name, `must be one of ${allowed.join(', ')} (got "${raw}")`);
  return raw;
}

/** Query parameters not in `allowed` are refused (a misspelt `pageSize` must not silently give defaults). */
export function onlyQuery(query: URLSearchParams, allowed: readonly string[]): void {
  for (const key of query.keys())
    if (!allowed.includes(key)) throw queryError(key, `is not a known query parameter (allowed: ${allowed.join(', ') || 'none'})`);
}

/**
 * A repeated parameter is refused: `requestIds=a&requestIds=b` (array style) would otherwise be read as `a`
 * alone, and the client would wait forever for `b` (spec 4.12 takes one comma-separated value).
 */
export function noRepeatedQuery(query: URLSearchParams): void {
  const seen = new Set<string>();
  for (const key of query.keys()) {
    if (seen.has(key)) throw queryError(key, 'given more than once; send it once (lists are comma-separated)');
    seen.add(key);
  }
}
