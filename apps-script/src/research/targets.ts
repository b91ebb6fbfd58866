import { targetIssues, type ResearchKind, type ResearchTarget } from '../../../shared';
import { RESEARCH_COLUMN_ALIASES, squashHeader } from '../../../shared/catalogue/column-aliases';
import { keyOf } from '../cells';
import { rowState } from './columns';
import { allJobs, type EnrichmentJob } from './job-store';
import { rowsById } from '../rows/row-identity';
import { activeBook } from '../sheet-io';
import { fail } from '../errors';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Header names (compared lower-case, without spaces or underscores) that feed each research field (shared with the run panel). */
export const ALIASES = RESEARCH_COLUMN_ALIASES as Record<string, string[]>;

export const squash = squashHeader;

export interface SelectedRows {
  sheet: Sheet;
  /** 1-based rows of the selection below the header. */
  rows: number[];
}

/** The user's selected rows of the active sheet (row 1 is the header). */
export function selectedRows(): SelectedRows {
  const range = activeBook().getActiveRange();
  if (!range) fail('Select the rows to use first (row 1 holds the column names).');
  const sheet = range.getSheet();
  const first = Math.max(2, range.getRow());
  const last = Math.min(range.getLastRow(), sheet.getLastRow());
  const rows: number[] = [];
  for (let r = first; r <= last; r++) rows.push(r);
  if (rows.length === 0) fail('The selection holds no data rows (row 1 holds the column names).');
  return { sheet, rows };
}

/** One column's cells over the selected rows (one getValues), as keys (keyOf). */
export function selectedKeys({ sheet, rows }: SelectedRows, column: number): string[] {
  return sheet
    .getRange(rows[0], column, rows.length, 1)
    .getValues()
    .map((r) => keyOf(r[0]));
}

/** The column of an imported record's field (its name as header), else the enrichment's ("PDS " and the name). */
export function fieldColumn(headers: ReadonlyMap<string, number>, field: string): number | undefined {
  return headers.get(field) ?? headers.get(`PDS ${field}`);
}

/**
 * Rows of this sheet that an open enrichment (anyone's) has submitted, may have submitted, or will submit:
 * every item but those that ended as not found or an error, which may be tried again. Known by row id (rows may
 * have moved since those jobs read them), every row carrying it (a copy of a row under way is under way too: it gets
 * its own status when the result is written); a job saved before row ids by its row numbers.
 */
export function rowsUnderWay(sheet: Sheet): (row: number) => boolean {
  const keys = new Set<string>();
  const numbers = (rows: number[] = []) => rows.map((row) => `#${row}`);
  // Each row's key and its copies' keys (a job saved before row ids: their numbers).
  const keysOf = (lists?: Pick<EnrichmentJob, 'rows' | 'rowIds' | 'copies' | 'copyIds'>): [string[], string[][]] => [
    lists?.rowIds ?? numbers(lists?.rows),
    lists?.copyIds ?? (lists?.copies ?? []).map(numbers),
  ];
  // Only this sheet's jobs are read whole.
  for (const job of allJobs(sheet.getName())) {
    const [own, copies] = keysOf(job);
    job.research.items.forEach((item, i) => {
      // Rows with the same target as this item are paid once with it, so they are under way too.
      if (rowState(item) !== 'free') [own[i], ...(copies[i] ?? [])].forEach((k) => keys.add(k));
    });
    // Rows waiting for their turn to be sent (one batch per step) belong to the job too.
    const [heldOwn, heldCopies] = keysOf(job.held);
    for (const k of [...heldOwn, ...heldCopies.flat()]) keys.add(k);
  }
  const at = keys.size ? rowsById(sheet) : new Map<string, number[]>();
  const rows = new Set([...keys].flatMap((key) => at.get(key) ?? []));
  return (row) => keys.has(`#${row}`) || rows.has(row);
}

/**
 * A searchResultId cell: text as typed. A number cell is read as its digits (Sheets turns digit-only text
 * into numbers on entry); TRUE/FALSE and dates are not ids, so the row is refused instead of sending "true".
 */
function searchIdCell(raw: unknown): string | { reason: string } {
  if (typeof raw === 'boolean' || raw instanceof Date)
    return { reason: `searchResultId: must be text (got ${raw instanceof Date ? 'a date' : String(raw).toUpperCase()})` };
  if (typeof raw === 'number' && !Number.isSafeInteger(raw)) return { reason: `searchResultId: must be text (got the number ${raw})` };
  return keyOf(raw);
}

/** The row's target checked with the core's item rules (the service's), or the reason naming the field. */
export function targetOf(cell: (field: string) => string, rawSearchId: unknown, kind: ResearchKind = 'contacts'): ResearchTarget | string {
  const id = searchIdCell(rawSearchId);
  if (typeof id !== 'string') return id.reason;
  const target = id ? { searchResultId: id } : kind === 'companies' ? companyTarget(cell) : contactTarget(cell);
  const issues = targetIssues(kind, target);
  return issues.length ? issues.map((i) => (i.field ? `${i.field}: ${i.rule}` : i.rule)).join('; ') : target;
}

/** A company's fields, and a contact's taken as they are (per row: the lists are made once). */
const COMPANY_FIELDS = ['domain', 'companyName'];
const CONTACT_FIELDS = ['domain', 'email', 'liProfileUrl'];

/** The row's non-empty cells of `fields`, in that order, put in `into`. */
function given(cell: (field: string) => string, fields: readonly string[], into: Record<string, string> = {}): Record<string, string> {
  // Indexed: this runs per row of a scan.
  for (let i = 0; i < fields.length; i++) {
    const value = cell(fields[i]);
    if (value) into[fields[i]] = value;
  }
  return into;
}

/** A company by its domain and/or name (the service needs at least one). */
function companyTarget(cell: (field: string) => string): ResearchTarget {
  return { company: given(cell, COMPANY_FIELDS) };
}

function contactTarget(cell: (field: string) => string): ResearchTarget {
  const name = cell('contactName') || [cell('firstName'), cell('lastName')].filter(Boolean).join(' ');
  const company = cell('companyName');
  const contact: Record<string, string> = {};
  if (name) contact.contactName = name;
  if (company) contact.companyName = company;
  given(cell, CONTACT_FIELDS, contact);
  // The service takes a title only beside a name and a company: elsewhere the title column is context, not sent.
  if (cell('title') && name && company) contact.title = cell('title');
  return { contact };
}
