import type { ResearchItem } from '../../../shared';
import { safeCell, type CellValue } from '../cells';

/** The results block written beside each enriched row, in this order. */
export const RESULT_HEADERS = ['PDS status', 'PDS message', 'PDS contactId', 'PDS email', 'PDS phone', 'PDS title', 'PDS company', 'PDS LinkedIn', 'PDS requestId'];
const RECORD_FIELDS = ['contactId', 'email', 'contactPhone1', 'title', 'company', 'lIProfileUrl'];

/** What the status cell says for each outcome (the service's own status text is kept for unknown ones). */
function statusText(item: ResearchItem): string {
  switch (item.outcome) {
    case 'done':
      return 'done';
    case 'duplicate':
      return 'duplicate (already researched, free)';
    case 'not-found':
      return 'not found';
    case 'unknown':
      return 'unknown: check before retrying';
    case 'pending':
      return item.status;
    case 'unsubmitted':
      return 'waiting';
    default:
      return `error: ${item.status}`;
  }
}

export function resultRow(item: ResearchItem): CellValue[] {
  const record = item.record ?? {};
  return [statusText(item), item.message ?? '', ...RECORD_FIELDS.map((f) => record[f]), item.requestId ?? ''].map(safeCell);
}

/** Rows whose status cell says they are finished are not researched again (nothing is bought twice). */
export function isFinishedStatus(text: unknown): boolean {
  return /^(done|duplicate)/.test(String(text ?? '').trim());
}

/**
 * Rows whose status cell says they are under way (submitted, or possibly submitted) are not submitted again
 * either: `queued`/`researching` (and any other service status of a pending item) carry a request id, `submitting`
 * and `unknown` may have been accepted.
 */
export function isInFlightStatus(text: unknown): boolean {
  return /^(queued|researching|submitting|unknown|waiting|pending|processing|in[ _-]?progress)/i.test(String(text ?? '').trim());
}
