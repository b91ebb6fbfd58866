import type { ResearchJob, ResearchTarget } from '../../../shared';
import { upgradeResearchJob } from '../../../shared/flow/research-upgrade';
import { writeBlock } from '../sheet-io';

/**
 * Enrichment jobs are too large for properties (9 KB a value, 500 KB a store: 5,000 rows need about
 * 1 MB), and they hold no secret (the targets come from this sheet, the request ids are useless without
 * the credential). Decision: each job is one row of a hidden sheet in the same spreadsheet, its JSON split
 * over cells of 45,000 characters. Saving is one setValues of that row.
 */
export const STATE_SHEET = '_pds_jobs';
const CHUNK = 45000;
// A leading mark keeps every chunk plain text (a chunk may start with "-" or a digit).
const MARK = '~';
const FIXED = 4; // id, owner, updatedAt, chunk count

export interface EnrichmentJob {
  id: string;
  /** Session.getTemporaryActiveUserKey() of the user whose credential runs it. */
  owner: string;
  sheetName: string;
  /** Sheet row of each research item, same order: where it was when last located (0 = deleted; see relocate.ts). */
  rows: number[];
  /** The id of each item's row (row-identity.ts): how its result finds the row after the sheet changed. */
  rowIds?: string[];
  /** Per item: the ids of the rows in `copies`. */
  copyIds?: string[][];
  /** Results of rows deleted during the run, kept in the recovery sheet. */
  recovered?: number;
  /** First column of the results block beside the rows (its status column). */
  outColumn: number;
  /** Each column of the fixed results block where it was last located (columns.ts resultColumns). */
  outColumns?: number[];
  createdAt: number;
  lastPollAt: number | null;
  /** Where the poll sweep under way goes on (advance.ts cuts large sweeps into slices); absent between sweeps. */
  pollFrom?: number;
  /** '1' where the item's final result is already in the sheet. */
  written: string;
  research: ResearchJob;
  /**
   * Field-picked enrichments (the sidebar's field picker): where each column goes. Absent on the fixed
   * results-block enrichment of selected rows.
   */
  layout?: JobLayout;
  /** Per item: other rows of the sheet with the same target, written with its result (paid once). */
  copies?: number[][];
  /** Targets not yet handed to the research job: one batch is released per step, so a run can be cancelled in between. */
  held?: { rows: number[]; targets: ResearchTarget[]; refs: string[]; copies: number[][]; rowIds?: string[]; copyIds?: string[][] };
  /** Rows taken out by a cancel before they were sent (they may be sent by a later enrichment). */
  cancelled?: number;
}

export interface JobLayout {
  /** Columns of PDS status, PDS message and PDS requestId (always written: they are the add-on's). */
  status: [number, number, number];
  /** Each picked field and its column (an existing column of that header, or one appended). */
  fields: { path: string; column: number }[];
  /** Replace cells that already hold a value (otherwise only empty cells are filled). */
  overwrite: boolean;
}

function stateSheet(create: boolean): GoogleAppsScript.Spreadsheet.Sheet | null {
  const book = SpreadsheetApp.getActiveSpreadsheet();
  const existing = book.getSheetByName(STATE_SHEET);
  if (existing || !create) return existing;
  const sheet = book.insertSheet(STATE_SHEET);
  // Hidden where the runtime offers it; the sheet only holds job state, never a secret.
  const hideable = sheet as unknown as { hideSheet?: () => void };
  if (typeof hideable.hideSheet === 'function') hideable.hideSheet();
  return sheet;
}

function ids(sheet: GoogleAppsScript.Spreadsheet.Sheet): string[] {
  const last = sheet.getLastRow();
  return last === 0
    ? []
    : sheet
        .getRange(1, 1, last, 1)
        .getValues()
        .map((r) => String(r[0]));
}

/**
 * The text each job was last saved with in this execution (a new execution starts empty): saving an unchanged job
 * again, as a step's end does after its checkpoint saved it, writes nothing.
 */
const savedText = new Map<string, string>();

export function saveJob(job: EnrichmentJob): void {
  const text = JSON.stringify(job);
  if (savedText.get(job.id) === text) return;
  const sheet = stateSheet(true) as GoogleAppsScript.Spreadsheet.Sheet;
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += CHUNK) chunks.push(MARK + text.slice(i, i + CHUNK));
  const existing = ids(sheet).indexOf(MARK + job.id);
  const row = existing >= 0 ? existing + 1 : sheet.getLastRow() + 1;
  // Cover the old row's width too, so a shorter job leaves no stale chunk behind.
  const width = Math.max(FIXED + chunks.length, existing >= 0 ? sheet.getLastColumn() : 0);
  const values: (string | number)[] = [MARK + job.id, MARK + job.owner, Date.now(), chunks.length, ...chunks];
  while (values.length < width) values.push('');
  writeBlock(sheet, row, 1, [values]);
  savedText.set(job.id, text);
}

function parseRow(row: unknown[]): EnrichmentJob | null {
  const count = Number(row[3]);
  if (!Number.isInteger(count) || count < 1) return null;
  const text = row
    .slice(FIXED, FIXED + count)
    .map((c) => String(c).slice(MARK.length))
    .join('');
  let job: EnrichmentJob;
  try {
    job = JSON.parse(text) as EnrichmentJob;
  } catch {
    return null;
  }
  // A job saved by the previous version (items without `phase`) reads as this version's; nothing is sent twice.
  if (typeof job === 'object' && job !== null) job.research = upgradeResearchJob(job.research);
  return job;
}

export function loadJob(id: string): EnrichmentJob | null {
  const sheet = stateSheet(false);
  if (!sheet) return null;
  const index = ids(sheet).indexOf(MARK + id);
  if (index < 0) return null;
  return parseRow(sheet.getRange(index + 1, 1, 1, sheet.getLastColumn()).getValues()[0]);
}

/** Every job of this owner still in the state sheet. */
export function jobsOf(owner: string): EnrichmentJob[] {
  const sheet = stateSheet(false);
  if (!sheet || sheet.getLastRow() === 0) return [];
  return sheet
    .getRange(1, 1, sheet.getLastRow(), sheet.getLastColumn())
    .getValues()
    .filter((row) => String(row[1]) === MARK + owner)
    .map(parseRow)
    .filter((j): j is EnrichmentJob => j !== null);
}

/** Every job in the state sheet, whoever owns it: rows under way in any of them must not be submitted again. */
export function allJobs(): EnrichmentJob[] {
  const sheet = stateSheet(false);
  if (!sheet || sheet.getLastRow() === 0) return [];
  return sheet
    .getRange(1, 1, sheet.getLastRow(), sheet.getLastColumn())
    .getValues()
    .map(parseRow)
    .filter((j): j is EnrichmentJob => j !== null);
}

export function deleteJob(id: string): void {
  const sheet = stateSheet(false);
  if (!sheet) return;
  savedText.delete(id);
  const index = ids(sheet).indexOf(MARK + id);
  if (index >= 0) sheet.deleteRows(index + 1, 1);
}
