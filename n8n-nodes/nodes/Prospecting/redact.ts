import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData } from 'n8n-workflow';

/**
 * n8n signs each request itself, so the core never sees the credential and cannot redact it by value. A
 * service answer that repeats what it received (the Token header, the bearer token, the body) would carry
 * it into error messages and items. Everything the node returns or throws passes through here.
 */
export const REDACTED = '[redacted]';

/** Shorter values are not secrets worth hunting (and would match ordinary text). */
const MIN_SECRET_CHARS = 6;
/** A secret cut short (a truncated answer) still leaks when this much of its head or tail is left. */
const MIN_PARTIAL_CHARS = 8;

/** The credential fields that hold secrets, for the API-key and the OAuth2 credential alike. */
const SECRET_FIELDS = ['apiKey', 'clientSecret', 'password', 'token', 'accessToken', 'refreshToken'];
const TOKEN_FIELDS = ['access_token', 'refresh_token', 'id_token', 'accessToken', 'refreshToken'];

export function secretsOf(credentials: ICredentialDataDecryptedObject | undefined): string[] {
  if (!credentials) return [];
  const found: unknown[] = SECRET_FIELDS.map((f) => credentials[f]);
  const tokens = credentials.oauthTokenData;
  if (tokens && typeof tokens === 'object') found.push(...TOKEN_FIELDS.map((f) => (tokens as IDataObject)[f]));
  // Client credentials in a Basic header carry the secret base64-encoded with the client id.
  if (typeof credentials.clientId === 'string' && typeof credentials.clientSecret === 'string') {
    found.push(Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64'));
  }
  return found.filter((v): v is string => typeof v === 'string' && v.length >= MIN_SECRET_CHARS);
}

/** The forms an echo may take: as is, URL-encoded (both ways), JSON-escaped (once and twice), base64. */
function variantsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%20/g, '+'),
    encodeURI(secret),
    json,
    JSON.stringify(json).slice(1, -1),
    Buffer.from(secret).toString('base64').replace(/=+$/, ''),
    Buffer.from(secret).toString('base64url'),
  ];
  return forms.filter((f) => f.length >= MIN_SECRET_CHARS);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface Redactor {
  text(value: string): string;
  /** A copy of a JSON value with every string redacted. */
  value<T>(value: T): T;
  /** Redacts an error's message, stack, description, cause, context and any other string it holds, in place. */
  error<E>(error: E): E;
  items(items: INodeExecutionData[][]): INodeExecutionData[][];
}

export function redactor(secrets: readonly string[]): Redactor {
  const unique = [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_CHARS))];
  const forms = [...new Set(unique.flatMap(variantsOf))].sort((a, b) => b.length - a.length);
  const whole = forms.length ? new RegExp(forms.map(escapeRegExp).join('|'), 'gi') : undefined;
  // A text cut inside a secret (the core keeps 300 characters of an answer, then may add a hint): what is left
  // of it is its head or its tail, anywhere in the text (matched as written: lower-casing could shift offsets).
  const partial = forms.filter((f) => f.length > MIN_PARTIAL_CHARS);
  // One quick test that every text holding a form or a head or tail of one passes (case-insensitive, so it also
  // catches what `whole` finds): a text that fails it has nothing to redact, and most texts (records) fail it.
  const pieces = forms.flatMap((f) => (f.length > MIN_PARTIAL_CHARS ? [f.slice(0, MIN_PARTIAL_CHARS), f.slice(-MIN_PARTIAL_CHARS)] : [f]));
  const suspect = pieces.length ? new RegExp([...new Set(pieces)].map(escapeRegExp).join('|'), 'i') : undefined;

  /** The spans [start, end) of `source` that are a head or a tail of some secret form, at least MIN_PARTIAL_CHARS long. */
  function partialSpans(source: string): [number, number][] {
    const spans: [number, number][] = [];
    for (const f of partial) {
      const head = f.slice(0, MIN_PARTIAL_CHARS);
      for (let at = source.indexOf(head); at >= 0; at = source.indexOf(head, at + 1)) {
        let n = MIN_PARTIAL_CHARS;
        while (n < f.length && source[at + n] === f[n]) n++;
        spans.push([at, at + n]);
      }
      const tail = f.slice(-MIN_PARTIAL_CHARS);
      for (let end = source.indexOf(tail); end >= 0; end = source.indexOf(tail, end + 1)) {
        let n = MIN_PARTIAL_CHARS;
        while (n < f.length && end - (n - MIN_PARTIAL_CHARS) - 1 >= 0 && source[end - (n - MIN_PARTIAL_CHARS) - 1] === f[f.length - n - 1]) n++;
        spans.push([end + MIN_PARTIAL_CHARS - n, end + MIN_PARTIAL_CHARS]);
      }
    }
    return spans;
  }

  function cutPieces(value: string): string {
    const spans = partialSpans(value).sort((x, y) => x[0] - y[0]);
    if (!spans.length) return value;
    let out = '';
    let from = 0;
    for (const [start, end] of spans) {
      if (end <= from) continue;
      out += `${value.slice(from, Math.max(from, start))}${start >= from ? REDACTED : ''}`;
      from = end;
    }
    return out + value.slice(from);
  }

  function text(value: string): string {
    if (!whole || !suspect?.test(value)) return value;
    return cutPieces(value.replace(whole, REDACTED));
  }

  /** Whether a JSON value holds anything to redact (a text, a key, an error): if not, it is returned as it is. */
  function holdsAny(input: unknown, seen: WeakSet<object>): boolean {
    if (typeof input === 'string') return text(input) !== input;
    if (!input || typeof input !== 'object' || seen.has(input) || Buffer.isBuffer(input) || input instanceof Date) return false;
    if (input instanceof Error) return true;
    seen.add(input);
    if (Array.isArray(input)) return input.some((v) => holdsAny(v, seen));
    for (const [k, v] of Object.entries(input)) if (text(k) !== k || holdsAny(v, seen)) return true;
    return false;
  }

  function value<T>(input: T, seen = new WeakMap<object, unknown>()): T {
    if (typeof input === 'string') return text(input) as T;
    if (!input || typeof input !== 'object') return input;
    if (input instanceof Error) return error(input);
    if (seen.has(input)) return seen.get(input) as T;
    if (Buffer.isBuffer(input) || input instanceof Date) return input;
    if (Array.isArray(input)) {
      const copy: unknown[] = [];
      seen.set(input, copy);
      for (const v of input) copy.push(value(v, seen));
      return copy as T;
    }
    const copy: Record<string, unknown> = {};
    seen.set(input, copy);
    for (const [k, v] of Object.entries(input)) copy[text(k)] = value(v, seen);
    return copy as T;
  }

  /** Errors are redacted in place (n8n reads their own properties), walking nested objects and causes. */
  function scrub(target: unknown, seen: WeakSet<object>, depth: number): void {
    if (!target || typeof target !== 'object' || seen.has(target) || depth > 8 || Buffer.isBuffer(target)) return;
    seen.add(target);
    const record = target as Record<string, unknown>;
    const keys = new Set(Object.keys(record));
    if (target instanceof Error) for (const k of ['message', 'stack', 'description', 'cause', 'context', 'messages']) keys.add(k);
    // The node's own description (the workflow's object) is left alone: it is not the service's answer.
    if (target instanceof Error) keys.delete('node');
    for (const key of keys) {
      let current: unknown;
      try {
        current = record[key];
      } catch {
        continue;
      }
      if (typeof current === 'string') {
        const clean = text(current);
        if (clean !== current) assign(record, key, clean);
      } else if (current && typeof current === 'object') scrub(current, seen, depth + 1);
    }
  }

  function assign(record: Record<string, unknown>, key: string, clean: string): void {
    try {
      record[key] = clean;
    } catch {
      // A read-only property: define it over where the object allows it.
      try {
        Object.defineProperty(record, key, { value: clean, writable: true, configurable: true, enumerable: true });
      } catch {
        /* frozen: nothing more can be done in place */
      }
    }
  }

  function error<E>(err: E): E {
    if (whole) scrub(err, new WeakSet(), 0);
    return err;
  }

  function items(output: INodeExecutionData[][]): INodeExecutionData[][] {
    if (!whole) return output;
    // Items with nothing to redact keep their json (no copy of 10,000 records for nothing).
    return output.map((branch) =>
      branch.map((item) => ({
        ...item,
        json: holdsAny(item.json, new WeakSet()) ? value(item.json) : item.json,
        ...(item.error ? { error: error(item.error) } : {}),
      })),
    );
  }

  return { text, value, error, items };
}
