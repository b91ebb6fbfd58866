import { ValidationError } from '../errors';

/**
 * Which items of a refused research request the refusal names. The service refuses a whole request
 * with one 422 whose message starts with the item's path (`contacts[17].title: ...`); our own check
 * before sending names them in its issues. Nothing of a refused request was accepted, so the named
 * items can be taken out and the rest sent again (DECISIONS: research refusals).
 */
export interface NamedRefusal {
  /** Position inside the refused request, and what the refusal says about that item (without the path). */
  position: number;
  rule: string;
}

const ITEM_PATH = /^\s*(contacts|companies|searchResultIds)\[(\d+)\]\.?([^:]*):\s*([\s\S]*)$/;

function parse(text: string, sentField: string, size: number): NamedRefusal | null {
  const m = ITEM_PATH.exec(text);
  if (!m || m[1] !== sentField) return null;
  const position = Number(m[2]);
  if (!Number.isSafeInteger(position) || position >= size) return null;
  const field = m[3].trim();
  return { position, rule: field ? `${field}: ${m[4].trim()}` : m[4].trim() };
}

/** The items a validation refusal names, one per position; empty when it names none the request holds. */
export function namedItems(error: ValidationError, sentField: string, size: number): NamedRefusal[] {
  const texts = error.status === undefined ? error.issues.map((i) => `${i.field}: ${i.rule}`) : [error.serviceMessage ?? ''];
  const found = new Map<number, NamedRefusal>();
  for (const text of texts) {
    const named = parse(text, sentField, size);
    if (named && !found.has(named.position)) found.set(named.position, named);
  }
  return [...found.values()];
}
