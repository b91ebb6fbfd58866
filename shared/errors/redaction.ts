/**
 * THE redaction of the connector: every target (the n8n node, the Sheets add-on, the core's MCP path) hides the
 * credential's values with this, in every form secret-forms.ts lists and in any cut piece of 8 characters or more
 * of one (an answer truncated inside a secret, a secret split over two fields). Matching ignores case, so upper and
 * lower case copies are caught too. Values shorter than 6 characters are not secrets worth hunting (they would
 * match ordinary words).
 */
import { REDACTED } from './redact';
import { pieceScanner } from './piece-scan';
import { secretForms } from './secret-forms';
import { isObjectOrList } from '../flow/is-object';

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

/** A regex alternation matching any of `pieces` as written. */
function anyOf(pieces: readonly string[]): string {
  return pieces.map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
}

/** Zero-width: every position where a piece starts, so overlapping pieces are all found. */
const startsOf = (alternation: string) => new RegExp(`(?=(${alternation}))`, 'gi');

/** The pieces searched for: every `size`-character window of each form (the whole form when shorter). */
function piecesOf(secrets: readonly string[], size = MIN_PIECE_CHARS): string[] {
  const pieces = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_CHARS) continue;
    for (const form of secretForms(secret)) {
      if (form.length < MIN_SECRET_CHARS) continue;
      if (form.length <= size) pieces.add(form.toLowerCase());
      else for (let i = 0; i + size <= form.length; i++) pieces.add(form.slice(i, i + size).toLowerCase());
    }
  }
  return [...pieces];
}

export function redactor(secrets: readonly string[]): Redactor {
  const all = piecesOf(secrets);
  const pieces = anyOf(all);
  const find = pieces ? startsOf(pieces) : undefined;
  // Spaced out, a piece must be twice as long: joining words must not make ordinary text next to a piece look like one.
  const spacedFind = pieces ? startsOf(anyOf(piecesOf(secrets, 2 * MIN_PIECE_CHARS))) : undefined;
  const quick = new RegExp(pieces, 'i');
  // A first look much cheaper than the regex on a long answer; its "maybe" goes to the regex.
  const scan = pieceScanner(all);
  const mayHold = (value: string) => (!scan || value.length < 257 || scan(value)) && quick.test(value);

  /**
   * Marks the pieces found with whitespace inside them (a key spaced out, or cut into groups): pieces of 16 characters
   * are looked for in the text without its whitespace, and each found one is hidden from its first to its last character.
   */
  function markSpaced(value: string, hidden: Uint8Array): boolean {
    const joined = value.replace(/\s+/g, '');
    if (joined === value || !mayHold(joined)) return false;
    const found = [...joined.matchAll(spacedFind!)];
    if (!found.length) return false;
    const at = new Int32Array(joined.length);
    for (let i = 0, j = 0; i < value.length; i++) if (!/\s/.test(value[i])) at[j++] = i;
    for (const m of found) hidden.fill(1, at[m.index], at[m.index + m[1].length - 1] + 1);
    return true;
  }

  function text(value: string): string {
    if (!find) return value;
    // Every character inside a piece is hidden; a run of them (overlapping or touching pieces) is one REDACTED.
    const hidden = new Uint8Array(value.length);
    let any = false;
    if (mayHold(value)) for (const m of value.matchAll(find)) any = Boolean(hidden.fill(1, m.index, m.index + m[1].length));
    if (/\s/.test(value)) any = markSpaced(value, hidden) || any;
    if (!any) return value;
    let out = '';
    for (let i = 0; i < value.length; i++) out += !hidden[i] ? value[i] : i && hidden[i - 1] ? '' : REDACTED;
    return out;
  }

  function value<T>(input: T, seen = new WeakMap<object, unknown>()): T {
    if (typeof input === 'string') return text(input) as T;
    if (!isObjectOrList(input) || input instanceof Date || ArrayBuffer.isView(input)) return input;
    if (input instanceof Error) return error(input);
    if (!seen.has(input)) {
      const list = Array.isArray(input);
      const copy = (list ? [] : {}) as Record<string, unknown>;
      seen.set(input, copy);
      for (const [k, v] of Object.entries(input)) copy[list ? k : text(k)] = value(v, seen);
    }
    return seen.get(input) as T;
  }

  /** Errors are redacted in place (hosts read their own properties), walking nested objects and causes. */
  function error<E>(err: E, seen = new WeakSet<object>(), depth = 0): E {
    const target = err as Record<string, unknown>;
    if (!find || !isObjectOrList(target) || seen.has(target) || depth > 8 || ArrayBuffer.isView(target)) return err;
    seen.add(target);
    const keys = new Set(Object.keys(target));
    if (target instanceof Error) {
      for (const k of ['message', 'stack', 'description', 'cause', 'context', 'messages']) keys.add(k);
      // An Error's `node` (n8n's) is the host's own description of where it happened, never the answer.
      keys.delete('node');
    }
    for (const key of keys) {
      let clean: string | undefined;
      try {
        const current = target[key];
        if (typeof current !== 'string') error(current, seen, depth + 1);
        else if ((clean = text(current)) !== current) target[key] = clean;
      } catch {
        // A read-only property (or a getter that throws): define it over where the object allows it.
        try {
          if (clean !== undefined) Object.defineProperty(target, key, { value: clean, writable: true, configurable: true, enumerable: true });
        } catch {
          /* frozen: nothing more can be done in place */
        }
      }
    }
    return err;
  }

  return { active: Boolean(find), text, value, error };
}
