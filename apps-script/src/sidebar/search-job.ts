import { searchCompaniesOperation, searchContactsOperation } from '../../../shared';
import { budgeted } from './budgeted';
import { BEYOND_RATE_BUDGET } from '../custom-functions/search-budget';
import { checkedInputs } from '../custom-functions/search-column';
import { advanceSearchJob, type SearchJobProgress } from '../search-job/run';
import { createSearchJob, type JobSearch } from '../search-job/store';
import { ensureSchedule } from '../triggers/schedule';
import { countArg, sheetNameArg } from './inputs';
import { kindOf } from './search';
import { activeBook, activeSheet } from '../sheet-io';
import { fail } from '../errors';

/** A sidebar call runs the job this long, then the panel shows progress and calls again. */
const POLL_SLICE_MS = 20000;

/**
 * The active sheet's formulas (from A1) and how many cells show the "beyond the rate budget" message: the search
 * panel finds the search formulas among them, reads their arguments (Sidebar.html) and offers the job. With `ranges` (A1, or "Sheet!A1:B2"):
 * those ranges' values as text instead, the arguments the formulas refer to.
 */
export function sheetSearchFormulas(ranges?: unknown): { sheetName: string; formulas: string[][]; beyond: number } | string[][][] {
  const book = activeBook();
  const sheet = book.getActiveSheet();
  if (Array.isArray(ranges)) return ranges.map((a) => (String(a).includes('!') ? book : sheet).getRange(String(a)).getDisplayValues());
  const range = sheet.getDataRange();
  const beyond = range
    .getDisplayValues()
    .flat()
    .filter((v) => v === BEYOND_RATE_BUDGET).length;
  return { sheetName: sheet.getName(), formulas: range.getFormulas(), beyond };
}

/** Starts `searches` ([filter text, limit, cell]) as a paced job that fills `sheetName`; every search is checked first. */
export function startSearchJob(kindArg: unknown, sheetName: unknown, searches: unknown): SearchJobProgress | null {
  const kind = kindOf(kindArg);
  const name = sheetNameArg(sheetName, `${kind === 'companies' ? 'Company' : 'Contact'} searches`);
  if (name === activeSheet().getName()) fail('sheetName: must be another sheet than the formulas (it is cleared first).');
  if (!Array.isArray(searches) || !searches.length) fail('searches: must be a list of [filter text, limit, cell].');
  const op = kind === 'companies' ? searchCompaniesOperation : searchContactsOperation;
  const rows = searches.map((s: unknown) => (Array.isArray(s) ? s : []));
  checkedInputs(
    op,
    rows.map((r) => String(r[0] ?? '')),
    (i) => `searches[${i}] (${String(rows[i][2] ?? '')})`,
  );
  const checked = rows.map((r): JobSearch => [String(r[0]), countArg(r[1], 'limit', 50, 1, 500)]);
  createSearchJob({ kind, sheetName: name, total: checked.length, next: 0, written: 0, requests: 0, tries: 0, error: null }, checked);
  // The hourly trigger goes on with the job when the sidebar is closed.
  ensureSchedule();
  return advanceSearchJobNow();
}

/** One slice of the job from the sidebar; the panel calls again until it is complete. */
export function advanceSearchJobNow(): SearchJobProgress | null {
  const { client, run, deadline } = budgeted(POLL_SLICE_MS);
  return advanceSearchJob(client, run, deadline);
}
