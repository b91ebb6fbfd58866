import type { ResearchItem } from '../../../shared';
import { researchOutcome } from '../../../shared/records/research';
import { safeCell, type CellValue } from '../cells';
import { columnTags, roleColumn, taggedColumn } from '../rows/tagged-columns';
import { asText, DEFAULT_FIELDS } from '../enrichment/fields';

/** The results block written beside each enriched row, in this order. */
export const RESULT_HEADERS = [
  'PDS status',
  'PDS message',
  'PDS contactId',
  'PDS email',
  'PDS phone',
  'PDS title',
  'PDS company',
  'PDS LinkedIn',
  'PDS requestId',
  // The poll item's own published fields (issue 21): kept beside the record, never dropped.
  'PDS searchResultId',
  'PDS additionalData',
];
/** The record's fields in the block: those a contact enrichment picks by default. */
const RECORD_FIELDS = DEFAULT_FIELDS.contacts;

/** The fixed words of the status cell: written by statusText, read back by readStatusCell, so both agree. */
const LABEL = {
  waiting: 'waiting',
  queued: 'queued',
  unknown: 'unknown: check before retrying',
  submitFailed: 'error: submit-failed',
  done: 'done',
  duplicate: 'duplicate (already researched, free)',
  notFound: 'not found',
  /** Taken out of a running enrichment before it was sent: nothing was spent, a later enrichment may send it. */
  cancelled: 'cancelled (not sent)',
  /** A copy of a row made while it was under way: the result went to the original; researched once its status is cleared. */
  copy: 'copy: not researched',
} as const;

export const CANCELLED_LABEL = LABEL.cancelled;
export const COPY_LABEL = LABEL.copy;

/** What the status cell says in each phase (the service's own status text while it researches, and for unknown verdicts). */
export function statusText(item: ResearchItem): string {
  switch (item.phase) {
    case 'unsubmitted':
    case 'submitting':
      return LABEL.waiting;
    case 'submitted':
      return item.serviceStatus ?? LABEL.queued;
    case 'unknown':
      return LABEL.unknown;
    case 'failed':
      return LABEL.submitFailed;
    case 'finished':
      return finishedText(item);
  }
}

function finishedText(item: ResearchItem): string {
  if (item.outcome === 'done') return LABEL.done;
  if (item.outcome === 'duplicate') return LABEL.duplicate;
  if (item.outcome === 'not-found') return LABEL.notFound;
  // `missing` when we gave the request id up (no service status), else the service's words.
  return `error: ${item.serviceStatus ?? item.status}`;
}

export function resultRow(item: ResearchItem): CellValue[] {
  const record = item.record ?? {};
  const fields = RECORD_FIELDS.map((f) => record[f]);
  // A paid record that came as text or a list: its text in the record's first cell, never a blank row.
  if (!item.record && item.recordAsSent) fields[0] = item.recordAsSent;
  const { searchResultId, additionalData } = item.serviceFields ?? {};
  return [statusText(item), item.message ?? '', ...fields, item.requestId ?? '', asText(searchResultId), asText(additionalData)].map(safeCell);
}

/** The status column's tag (kept from when the block was found by its first column alone). */
export const RESULTS_ROLE = 'results';

/**
 * Each column of the results block now (1-based, in RESULT_HEADERS order), found by its own tag, so a column moved
 * away from the others or renamed keeps its values; a column deleted during the run is added again at the end.
 */
export function resultColumns(sheet: GoogleAppsScript.Spreadsheet.Sheet): number[] {
  const tags = columnTags(sheet);
  return RESULT_HEADERS.map((header, i) => roleColumn(sheet, i ? `result:${header}` : RESULTS_ROLE, header, false, tags));
}

/**
 * The status column a scan reads: the one tagged by an enrichment (it keeps its tag when moved or renamed), else
 * the one headed `PDS status`.
 */
export function statusColumnOf(sheet: GoogleAppsScript.Spreadsheet.Sheet, headers: Map<string, number>): number | undefined {
  const tags = columnTags(sheet);
  return taggedColumn(sheet, 'status', tags) ?? taggedColumn(sheet, 'results', tags) ?? headers.get(RESULT_HEADERS[0]);
}

type CellState = Pick<ResearchItem, 'phase' | 'outcome'>;

/** Written by earlier versions (`submitting`) or by hand for rows under way elsewhere: kept out of new enrichments. */
const UNDER_WAY_ELSEWHERE = ['submitting', 'pending', 'processing', 'in progress', 'in_progress', 'in-progress'];

const cellState = (phase: CellState['phase'], outcome: CellState['outcome']): CellState => ({ phase, outcome });
/** A row the service is researching (one state for every such cell: read only). */
const RESEARCHING = cellState('submitted', 'pending');

const BY_LABEL = new Map<string, CellState>([
  [LABEL.waiting, cellState('unsubmitted', 'unsubmitted')],
  [LABEL.unknown, cellState('unknown', 'unknown')],
  [LABEL.submitFailed, cellState('failed', 'error')],
  [LABEL.done, cellState('finished', 'done')],
  [LABEL.duplicate, cellState('finished', 'duplicate')],
  [LABEL.notFound, cellState('finished', 'not-found')],
  // Never researched while the status is there (even when every row is asked for): nothing is spent silently.
  [LABEL.copy, cellState('finished', 'duplicate')],
  ...UNDER_WAY_ELSEWHERE.map((w): [string, CellState] => [w, RESEARCHING]),
]);

/**
 * The state a status cell says its row is in: one of the fixed words above, or the service's status text of an
 * item it is still researching (classified by the core's vocabulary). Null for anything else (empty, an error).
 */
export function readStatusCell(text: unknown): CellState | null {
  const words = String(text ?? '')
    .trim()
    .toLowerCase();
  if (words === '') return null;
  return BY_LABEL.get(words) ?? (researchOutcome(words) === 'pending' ? RESEARCHING : null);
}

/**
 * What a row's item state means for a new enrichment: `done` rows are not researched again (nothing is bought
 * twice); rows `under way` (waiting, submitted, or maybe submitted) are not submitted again either; `free` rows
 * (never researched, or the service found nothing or failed) may be tried again.
 */
export function rowState(state: CellState): 'done' | 'under way' | 'free' {
  if (state.phase === 'failed') return 'free';
  if (state.phase !== 'finished') return 'under way';
  if (state.outcome === 'done' || state.outcome === 'duplicate') return 'done';
  return state.outcome === 'not-found' || state.outcome === 'error' ? 'free' : 'under way';
}
