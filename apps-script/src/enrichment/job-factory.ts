import type { ResearchKind } from '../../../shared';
import { newResearchJob } from '../../../shared';
import { userKey } from '../budget';
import { safeCell } from '../cells';
import { activeBook, appendHeaders, headerColumns } from '../sheet-io';
import { saveJob, type EnrichmentJob, type JobLayout } from '../research/job-store';
import { fieldRole, STATUS_ROLES } from '../research/relocate';
import { assignRowIds } from '../rows/row-identity';
import { columnTags, tagColumn } from '../rows/tagged-columns';
import { columnForField, STATUS_HEADERS } from './fields';
import type { SheetScan } from './scan';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * Where each column goes: PDS status / message / requestId and every picked field keep a column whose header
 * matches (by name); the others are appended after the last column, their headers written in one setValues.
 */
export function layoutFor(sheet: Sheet, fields: readonly string[], overwrite: boolean): JobLayout {
  const headers = headerColumns(sheet);
  const appended: string[] = [];
  let next = sheet.getLastColumn() + 1;
  const place = (header: string, found: number | undefined) => {
    if (found !== undefined) return found;
    appended.push(header);
    return next++;
  };
  const status = STATUS_HEADERS.map((h) => place(h, headers.get(h))) as [number, number, number];
  const placed = fields.map((path) => ({ path, column: place(path, columnForField(headers, path)) }));
  if (appended.length) appendHeaders(sheet, appended.map(safeCell));
  // Tagged, so results still find them after a collaborator moves a column or renames its header.
  // The sheet's tags and its grid height read once for all the columns.
  const tags = columnTags(sheet);
  const maxRows = sheet.getMaxRows();
  status.forEach((column, i) => tagColumn(sheet, column, STATUS_ROLES[i], tags, maxRows));
  placed.forEach((f) => tagColumn(sheet, f.column, fieldRole(f.path), tags, maxRows));
  return { status, fields: placed, overwrite };
}

/** Saves a field-picked job for the scanned rows; the targets wait in `held` and are released one batch per step. */
export function createLayoutJob(
  sheet: Sheet,
  scan: SheetScan,
  kind: ResearchKind,
  settings: { fields: readonly string[]; overwrite: boolean; batch: number },
): EnrichmentJob {
  const { fields, overwrite } = settings;
  const n = Math.max(1, settings.batch);
  // Each row's id, read now: results find their rows by it, wherever the rows have gone by then. (Its column is
  // added before the results' columns, so those stay the sheet's last.)
  // One read and one write of the id column for the rows and their copies together (not one per row with copies).
  const ids = assignRowIds(sheet, [...scan.rows, ...scan.copies.flat()]);
  const rowIds = ids.slice(0, scan.rows.length);
  let at = scan.rows.length;
  const copyIds = scan.copies.map((rows) => ids.slice(at, (at += rows.length)));
  const layout = layoutFor(sheet, fields, overwrite);
  const refs = scan.rows.map((row) => `row ${row}`);
  // Checked whole now (naming the row), so a bad target refuses the start with nothing sent.
  const first = newResearchJob(kind, scan.targets.slice(0, n), {}, refs.slice(0, n));
  newResearchJob(kind, scan.targets, {}, refs);
  const lists = { rows: scan.rows, targets: scan.targets, refs, copies: scan.copies, rowIds, copyIds };
  const part = (from: number, to?: number) => Object.fromEntries(Object.entries(lists).map(([key, list]) => [key, list.slice(from, to)])) as typeof lists;
  const { rows, rowIds: firstIds, copyIds: firstCopyIds, copies } = part(0, n);
  const job: EnrichmentJob = {
    id: Utilities.getUuid(),
    owner: userKey(),
    ownerName: Session.getActiveUser().getEmail(),
    sheetName: sheet.getName(),
    rows,
    rowIds: firstIds,
    copyIds: firstCopyIds,
    outColumn: layout.status[0],
    createdAt: Date.now(),
    lastPollAt: null,
    written: '0'.repeat(first.items.length),
    research: first,
    layout,
    copies,
    // Targets not sent yet, one batch released per step.
    held: part(n),
    cancelled: 0,
  };
  saveJob(job);
  // The first job inserts the hidden state sheet, and an inserted sheet becomes the active one: back to the user's.
  const book = activeBook();
  if (book.getActiveSheet().getSheetId() !== sheet.getSheetId()) book.setActiveSheet(sheet);
  return job;
}
