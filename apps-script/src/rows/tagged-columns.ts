import { safeCell } from '../cells';
import { writeBlock } from '../sheet-io';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * The add-on's own columns (row id, status, message, request id, each picked field) are tagged with developer
 * metadata on the column. Column metadata moves with its column when columns are inserted, deleted or moved, so a
 * column is found again after a collaborator moves it or renames its header. One tag per column: a sheet's
 * metadata is capped at 30,000 characters, so rows are never tagged this way (see row-identity.ts).
 */
const COLUMN_KEY = 'pds.column';

function letters(column: number): string {
  let s = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The column tagged `role` now (1-based), or undefined when none is (never tagged, or deleted). */
export function taggedColumn(sheet: Sheet, role: string): number | undefined {
  for (const m of sheet.createDeveloperMetadataFinder().withKey(COLUMN_KEY).withValue(role).find()) {
    const column = m.getLocation().getColumn();
    if (column) return column.getColumn();
  }
  return undefined;
}

/** Tags `column` as `role` unless it already is. */
export function tagColumn(sheet: Sheet, column: number, role: string): void {
  if (taggedColumn(sheet, role) === column) return;
  const a1 = letters(column);
  sheet.getRange(`${a1}:${a1}`).addDeveloperMetadata(COLUMN_KEY, role);
}

/**
 * The column of `role`: the tagged one; else the one headed `header` (a sheet from before tags), tagged now; else a
 * new column after the last, headed and tagged (the add-on's column was deleted during the run).
 */
export function roleColumn(sheet: Sheet, role: string, header: string, hidden = false): number {
  const tagged = taggedColumn(sheet, role);
  if (tagged !== undefined) return tagged;
  const width = sheet.getLastColumn();
  const names = width
    ? sheet
        .getRange(1, 1, 1, width)
        .getValues()[0]
        .map((v) => String(v).trim())
    : [];
  let column = names.indexOf(header) + 1;
  if (column === 0) {
    column = width + 1;
    writeBlock(sheet, 1, column, [[safeCell(header)]]);
    if (hidden) sheet.hideColumns(column);
  }
  tagColumn(sheet, column, role);
  return column;
}
