import { targetIssues, type ResearchKind, type ResearchTarget } from '../../../shared';
import { keyOf } from '../cells';
import { headerColumns } from '../sheet-io';
import { readStatusCell, rowState, statusColumnOf } from './columns';
import { allJobs } from './job-store';
import { rowIdsNow } from '../rows/row-identity';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Header names (compared lower-case, without spaces or underscores) that feed each research field. */
export const ALIASES: Record<string, string[]> = {
  searchResultId: ['searchresultid'],
  contactName: ['contactname', 'fullname', 'name'],
  firstName: ['firstname'],
  lastName: ['lastname'],
  companyName: ['companyname', 'company'],
  domain: ['domain', 'companydomain', 'website'],
  email: ['email', 'emailaddress'],
  title: ['title', 'jobtitle'],
  liProfileUrl: ['liprofileurl', 'linkedin', 'linkedinurl'],
};

export const squash = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');

export interface SelectedRows {
  sheet: Sheet;
  /** 1-based rows of the selection below the header. */
  rows: number[];
}

/** The user's selected rows of the active sheet (row 1 is the header). */
export function selectedRows(): SelectedRows {
  const range = SpreadsheetApp.getActiveSpreadsheet().getActiveRange();
  if (!range) throw new Error('Select the rows to use first (row 1 holds the column names).');
  const sheet = range.getSheet();
  const first = Math.max(2, range.getRow());
  const last = Math.min(range.getLastRow(), sheet.getLastRow());
  const rows: number[] = [];
  for (let r = first; r <= last; r++) rows.push(r);
  if (rows.length === 0) throw new Error('The selection holds no data rows (row 1 holds the column names).');
  return { sheet, rows };
}

export interface TargetScan {
  targets: ResearchTarget[];
  rows: number[];
  invalid: { row: number; reason: string }[];
  alreadyDone: number;
  /** Rows under way: in an open enrichment, or with a status cell saying queued, researching, submitting or unknown. */
  inProgress: number;
}

/**
 * Rows of this sheet that an open enrichment (anyone's) has submitted, may have submitted, or will submit:
 * every item but those that ended as not found or an error, which may be tried again. Known by row id (rows may
 * have moved since those jobs read them); a job saved before row ids by its row numbers.
 */
export function rowsUnderWay(sheet: Sheet): (row: number) => boolean {
  const rows = new Set<number>();
  const ids = new Set<string>();
  for (const job of allJobs()) {
    if (job.sheetName !== sheet.getName()) continue;
    const byId = Boolean(job.rowIds);
    const addIds = (list: readonly string[] | undefined) => list?.forEach((id) => ids.add(id));
    job.research.items.forEach((item, i) => {
      if (rowState(item) === 'free') return;
      if (byId) {
        ids.add(job.rowIds![i]);
        // Rows with the same target as this item (paid once, written to all of them).
        addIds(job.copyIds?.[i]);
        return;
      }
      rows.add(job.rows[i]);
      for (const copy of job.copies?.[i] ?? []) rows.add(copy);
    });
    // Rows waiting for their turn to be sent (one batch per step) belong to the job too.
    if (byId) {
      addIds(job.held?.rowIds);
      for (const copies of job.held?.copyIds ?? []) addIds(copies);
    } else {
      for (const row of job.held?.rows ?? []) rows.add(row);
      for (const copies of job.held?.copies ?? []) for (const row of copies) rows.add(row);
    }
  }
  const now = ids.size ? rowIdsNow(sheet) : [];
  return (row) => rows.has(row) || ids.has(now[row - 2] ?? '');
}

/**
 * Each selected row becomes one research target: its searchResultId when there is one, else the contact
 * fields found by header name. Rows already finished (status done or duplicate) are skipped, and so are rows
 * under way (an open enrichment's rows, or a status of queued, researching, submitting or unknown): nothing is
 * paid for twice. Rows that cannot be researched are reported with the reason, and nothing is sent for them.
 */
export function scanTargets(selection: SelectedRows): TargetScan {
  const headers = headerColumns(selection.sheet);
  const column: Record<string, number> = {};
  for (const [name, col] of headers) {
    for (const [field, aliases] of Object.entries(ALIASES)) if (column[field] === undefined && aliases.includes(squash(name))) column[field] = col;
  }
  const statusColumn = statusColumnOf(selection.sheet, headers);
  const width = selection.sheet.getLastColumn();
  const first = selection.rows[0];
  const values = selection.sheet.getRange(first, 1, selection.rows[selection.rows.length - 1] - first + 1, width).getValues();
  const underWay = rowsUnderWay(selection.sheet);
  const scan: TargetScan = { targets: [], rows: [], invalid: [], alreadyDone: 0, inProgress: 0 };
  for (const row of selection.rows) {
    const line = values[row - first];
    const cell = (field: string) => (column[field] === undefined ? '' : keyOf(line[column[field] - 1]));
    const said = statusColumn === undefined ? null : readStatusCell(line[statusColumn - 1]);
    const state = said ? rowState(said) : 'free';
    if (state === 'done') {
      scan.alreadyDone++;
      continue;
    }
    if (underWay(row) || state === 'under way') {
      scan.inProgress++;
      continue;
    }
    if (line.every((v) => keyOf(v) === '')) continue;
    const target = targetOf(cell, column.searchResultId === undefined ? undefined : line[column.searchResultId - 1]);
    if (typeof target === 'string') scan.invalid.push({ row, reason: target });
    else {
      scan.targets.push(target);
      scan.rows.push(row);
    }
  }
  return scan;
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

/** A company by its domain and/or name (the service needs at least one). */
function companyTarget(cell: (field: string) => string): ResearchTarget {
  const company: Record<string, string> = {};
  if (cell('domain')) company.domain = cell('domain');
  if (cell('companyName')) company.companyName = cell('companyName');
  return { company };
}

function contactTarget(cell: (field: string) => string): ResearchTarget {
  const name = cell('contactName') || [cell('firstName'), cell('lastName')].filter(Boolean).join(' ');
  const company = cell('companyName');
  const contact: Record<string, string> = {};
  if (name) contact.contactName = name;
  if (company) contact.companyName = company;
  if (cell('domain')) contact.domain = cell('domain');
  if (cell('email')) contact.email = cell('email');
  if (cell('liProfileUrl')) contact.liProfileUrl = cell('liProfileUrl');
  // The service takes a title only beside a name and a company: elsewhere the title column is context, not sent.
  if (cell('title') && name && company) contact.title = cell('title');
  return { contact };
}
