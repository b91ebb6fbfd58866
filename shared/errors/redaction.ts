/**
 * THE redaction of the connector: every target (the n8n node, the Sheets add-on, the core's MCP path) hides the
 * credential's values with this, in every form secret-forms.ts lists and in any cut piece of 8 characters or more
 * of one (an answer truncated inside a secret, a secret split over two fields). Matching ignores case, so upper and
 * lower case copies are caught too. Values shorter than 6 characters are not secrets worth hunting (they would
 * match ordinary words).
 */
import { REDACTED } from './redact';
import { secretForms } from './secret-forms';

export const MIN_SECRET_CHARS = 6;
/** The shortest piece of a secret's form that is hidden on its own. */
export const MIN_PIECE_CHARS = 8;

export interface Redactor {
  /** Whether there is anything to hide (no secret: every method returns its input). */
  readonly active: boolean;
  text(value: string): string;
  /** A copy of a JSON-like value with every string and key redacted (Errors redacted in place). */
  value<T>(value: T): T;
  /** Redacts an error's message, stack, cause and any other string it holds, in place, and returns it. */
  error<E>(error: E): E;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The pieces searched for: every 8-character window of each form (the whole form when shorter). */
function piecesOf(secrets: readonly string[]): string[] {
  const pieces = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_CHARS) continue;
    for (const form of secretForms(secret)) {
      if (form.length < MIN_SECRET_CHARS) continue;
      if (form.length <= MIN_PIECE_CHARS) pieces.add(form.toLowerCase());
      else for (let i = 0; i + MIN_PIECE_CHARS <= form.length; i++) pieces.add(form.slice(i, i + MIN_PIECE_CHARS).toLowerCase());
    }
  }
  return [...pieces];
}

export interface RedactorOptions {
  /** Properties of an Error left as they are (n8n's `node`: the workflow's own description, not the answer). */
  leaveErrorKeys?: readonly string[];
}

export function redactor(secrets: readonly string[], options: RedactorOptions = {}): Redactor {
  const pieces = piecesOf(secrets);
  const lengths = new Map(pieces.map((p) => [p, p.length]));
  // Zero-width: every position where a piece starts, so overlapping pieces are all found.
  const find = pieces.length ? new RegExp(`(?=(${pieces.map(escapeRegExp).join('|')}))`, 'gi') : undefined;
  const quick = pieces.length ? new RegExp(pieces.map(escapeRegExp).join('|'), 'i') : undefined;

  function text(value: string): string {
    if (!find || !quick!.test(value)) return value;
    const spans: [number, number][] = [];
    find.lastIndex = 0;
    for (let m = find.exec(value); m; m = find.exec(value)) {
      spans.push([m.index, m.index + (lengths.get(m[1].toLowerCase()) ?? m[1].length)]);
      find.lastIndex = m.index + 1;
    }
    // Overlapping or touching pieces are one hidden span.
    const merged: [number, number][] = [];
    for (const span of spans) {
      const last = merged[merged.length - 1];
      if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
      else merged.push(span);
    }
    let out = '';
    let from = 0;
    for (const [start, end] of merged) {
      out += value.slice(from, start) + REDACTED;
      from = end;
    }
    out += value.slice(from);
    return out;
  }

  function value<T>(input: T, seen = new WeakMap<object, unknown>()): T {
    if (typeof input === 'string') return text(input) as T;
    if (!input || typeof input !== 'object') return input;
    if (input instanceof Error) return error(input);
    if (input instanceof Date) return input;
    if (seen.has(input)) return seen.get(input) as T;
    if (Array.isArray(input)) {
      const copy: unknown[] = [];
      seen.set(input, copy);
      for (const v of input) copy.push(value(v, seen));
      return copy as T;
    }
    if (ArrayBuffer.isView(input)) return input;
    const copy: Record<string, unknown> = {};
    seen.set(input, copy);
    for (const [k, v] of Object.entries(input)) copy[text(k)] = value(v, seen);
    return copy as T;
  }

  /** Errors are redacted in place (hosts read their own properties), walking nested objects and causes. */
  function scrub(target: unknown, seen: WeakSet<object>, depth: number): void {
    if (!target || typeof target !== 'object' || seen.has(target) || depth > 8 || ArrayBuffer.isView(target)) return;
    seen.add(target);
    const record = target as Record<string, unknown>;
    const keys = new Set(Object.keys(record));
    if (target instanceof Error) {
      for (const k of ['message', 'stack', 'description', 'cause', 'context', 'messages']) keys.add(k);
      for (const k of options.leaveErrorKeys ?? []) keys.delete(k);
    }
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

  function error<E>(err: E): E {
    if (find) scrub(err, new WeakSet(), 0);
    return err;
  }

  return { active: Boolean(find), text, value, error };
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
