import type { ResearchItem } from '../../../shared';
import { safeCell, type CellValue } from '../cells';

/** The results block written beside each enriched row, in this order. */
export const RESULT_HEADERS = ['PDS status', 'PDS message', 'PDS contactId', 'PDS email', 'PDS phone', 'PDS title', 'PDS company', 'PDS LinkedIn', 'PDS requestId'];
const RECORD_FIELDS = ['contactId', 'email', 'contactPhone1', 'title', 'company', 'lIProfileUrl'];

/** What the status cell says in each phase (the service's own status text while it researches, and for unknown verdicts). */
function statusText(item: ResearchItem): string {
  switch (item.phase) {
    case 'unsubmitted':
    case 'submitting':
      return 'waiting';
    case 'submitted':
      return item.serviceStatus ?? 'queued';
    case 'unknown':
      return 'unknown: check before retrying';
    case 'failed':
      return 'error: submit-failed';
    case 'finished':
      return finishedText(item);
  }
}

function finishedText(item: ResearchItem): string {
  if (item.outcome === 'done') return 'done';
  if (item.outcome === 'duplicate') return 'duplicate (already researched, free)';
  if (item.outcome === 'not-found') return 'not found';
  // `missing` when we gave the request id up (no service status), else the service's words.
  return `error: ${item.serviceStatus ?? item.status}`;
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
