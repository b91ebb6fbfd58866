/**
 * Reads one poll answer item by item (issue 21): every field of an item is optional (published), so an item without
 * a request id or a status is that item's error, never the whole answer's. Items come in the order asked (spec
 * 4.10), so an item without a request id is placed by its position when the answer holds one item per id asked.
 */

import { isObject } from './is-object';

/** One item of a poll answer as the sweep takes it in. */
export interface PollEntry {
  requestId: string;
  /** The service's status text, or `unreadable` when it left it out or garbled it. */
  status: string;
  message: string | null;
  /** Set when the item is malformed: the reason, and the item ends as an error. */
  malformed: string | null;
  raw: Record<string, unknown>;
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;

/** The entries of one answer for the ids `asked`; items that cannot be placed are left out (counted as missed). */
export function pollEntries(answer: unknown, asked: readonly string[]): PollEntry[] {
  const items = Array.isArray(answer) ? (answer as unknown[]) : [];
  const named = new Set(items.map((raw) => (isObject(raw) ? idOf(raw.requestId) : null)));
  // Placing by position is safe only when the answer is one item per id asked, in that order.
  const byPosition = items.length === asked.length;
  const entries: PollEntry[] = [];
  items.forEach((item, position) => {
    const raw = isObject(item) ? item : {};
    const ownId = idOf(raw.requestId);
    const placed = ownId ?? (byPosition && !named.has(asked[position]) ? asked[position] : null);
    if (placed === null) return;
    const status = typeof raw.status === 'string' && raw.status.trim() !== '' ? raw.status : null;
    const where = ownId ? `request ${ownId}` : `item ${position + 1} of the answer (request ${placed}, placed by its position)`;
    const why = !isObject(item) ? 'it is not an object' : status === null ? `it has no status${ownId ? '' : ' and no requestId'}` : null;
    entries.push({
      requestId: placed,
      status: why ? 'unreadable' : (status as string),
      message: typeof raw.message === 'string' ? raw.message : null,
      malformed: why && `The service's poll answer for ${where} could not be read: ${why}.`,
      raw,
    });
  });
  return entries;
}
