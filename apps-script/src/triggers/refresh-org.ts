import { timeLeft } from '../budget';
import { orgContactsOperation, type Client, type Flow } from '../../../shared';
import * as records from '../../../shared/records';
import { afterWindow, openWindow, readSlicesOnce, type ChangeCursor, type SeenChanges } from '../../../shared/flow/incremental-read';
import { keyOf, type CellValue } from '../cells';
import { orgPageSize, refillSlices } from '../imports/slices';
import { recordRow, rowsByKey, sheetNamed, writeAtTop, writeRows } from '../sheet-io';
import { saveRefresh, type OrgRefreshState } from './org-cursor';
import { fail } from '../errors';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type OrgContact = Record<string, unknown> & { contactId?: unknown; updatedAt?: unknown };

/**
 * Pages read side by side at most, and buffered rows written (the cursor saved after them) once this many wait: an
 * organization's page of 500 contacts is about 2.7 MB of text, and ten of them at once plus 5,000 buffered rows went
 * past Apps Script's memory (issue 29: "Exceeded memory limit." importing 22,451 saved contacts under the harness's
 * 128 MB ceiling). Three pages a round, each round written before the next is read.
 */
const PAGES_AT_ONCE = 3;
const FLUSH_ROWS = 1500;
const DAY_MS = 86400000;

export interface RefreshReport {
  appended: number;
  updated: number;
  requests: number;
  setValuesCalls: number;
  /** True when the window was read to its end in this run. */
  passComplete: boolean;
}

/** The sheet's columns (row 1), written from the record schema when the sheet is new. */
function columnsOf(sheet: Sheet): string[] {
  if (sheet.getLastRow() === 0) writeAtTop(sheet, [[...records.orgContactColumns]]);
  return sheet
    .getRange(1, 1, 1, sheet.getLastColumn())
    .getValues()[0]
    .map((v) => String(v));
}

/**
 * One run of the incremental refresh: reads pages of changed contacts until the window ends or the
 * deadline, appends new contactIds, rewrites the rows of changed ones, then saves the cursor (only after
 * the rows it covers are written, so a run cut at any point re-reads rather than skips).
 */
export function refreshOrgContacts(client: Client, state: OrgRefreshState, run: <T>(flow: Flow<T>) => T, deadline: number): RefreshReport {
  const sheet = sheetNamed(state.sheetName);
  const columns = columnsOf(sheet);
  const idColumn = columns.indexOf('contactId') + 1;
  if (idColumn === 0) fail(`The sheet "${state.sheetName}" has no contactId column in row 1.`);
  // contactId -> sheet row, read once per run.
  const index = rowsByKey(sheet, idColumn, true);
  let nextRow = Math.max(sheet.getLastRow(), 1) + 1;
  const updates = new Map<number, CellValue[]>();
  const appends = new Map<number, CellValue[]>();
  const report: RefreshReport = { appended: 0, updated: 0, requests: 0, setValuesCalls: 0, passComplete: false };
  // The core's keyset read re-reads the rows at the boundary time; this memory of the run drops them.
  const seen: SeenChanges = new Map();
  const cursor: OrgRefreshState = { ...state, totals: { ...state.totals } };
  const at: ChangeCursor =
    cursor.from && cursor.windowEnd
      ? { from: cursor.from, windowEnd: cursor.windowEnd, page: cursor.page }
      : run(openWindow(cursor.from, cursor.days * DAY_MS));
  Object.assign(cursor, at);

  const flush = () => {
    // The appends are one run of new rows below the last: one setValues.
    report.setValuesCalls += writeRows(sheet, 1, updates) + writeRows(sheet, 1, appends);
    updates.clear();
    appends.clear();
    cursor.lastRunAt = Date.now();
    saveRefresh(cursor);
  };

  // The window's slices, read side by side (one page of each per round, one fetchAll). A new pass reads one page of
  // the whole window first: where its records lie says how to split the rest (refillSlices); equal slices of a long
  // lookback were mostly empty, and the one holding the records was read a page at a time.
  let open: ChangeCursor[] = cursor.slices?.length ? cursor.slices : [at];
  const pageSize = orgPageSize(client, orgContactsOperation);
  while (timeLeft(deadline)) {
    const reading = open.slice(0, PAGES_AT_ONCE);
    const round = run(readSlicesOnce<OrgContact>(client, orgContactsOperation, reading, 'contactId', seen));
    report.requests += reading.length;
    cursor.totals.requests += reading.length;
    for (const record of round.records) {
      const id = keyOf(record.contactId);
      if (!id) continue;
      const values = recordRow(record, columns);
      const row = index.get(id);
      if (row === undefined) {
        index.set(id, nextRow);
        appends.set(nextRow++, values);
        report.appended++;
        cursor.totals.appended++;
      } else if (appends.has(row)) appends.set(row, values);
      else {
        updates.set(row, values);
        report.updated++;
        cursor.totals.updated++;
      }
    }
    // Slices not read this round (a cursor saved with more) keep their turn after the ones just read.
    open = [
      ...refillSlices(reading, round.next, round.records, Math.min(PAGES_AT_ONCE, client.settings.parallelRequests), pageSize),
      ...open.slice(PAGES_AT_ONCE),
    ];
    if (open.length === 0) {
      // The window is read: the next pass starts just after it.
      cursor.from = afterWindow(at);
      cursor.windowEnd = null;
      cursor.page = 1;
      cursor.slices = null;
      report.passComplete = true;
      break;
    }
    cursor.slices = open;
    cursor.from = open[0].from;
    cursor.page = open[0].page;
    if (updates.size + appends.size >= FLUSH_ROWS) flush();
  }
  flush();
  return report;
}
