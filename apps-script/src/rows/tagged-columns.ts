import { safeCell } from '../cells';
import { headerColumns, writeBlock } from '../sheet-io';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * The add-on's own columns (row id, status, message, request id, each picked field) are tagged with developer
 * metadata on the column. Column metadata moves with its column when columns are inserted, deleted or moved, so a
 * column is found again after a collaborator moves it or renames its header. One tag per column: a sheet's
 * metadata is capped at 30,000 characters, so rows are never tagged this way (see row-identity.ts).
 */
const COLUMN_KEY = 'pds.column';

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
  // The whole column (every row of the grid): only a whole row or column takes metadata.
  sheet.getRange(1, column, sheet.getMaxRows(), 1).addDeveloperMetadata(COLUMN_KEY, role);
}

/**
 * The column of `role`: the tagged one; else the one headed `header` (a sheet from before tags), tagged now; else a
 * new column after the last, headed and tagged (the add-on's column was deleted during the run).
 */
export function roleColumn(sheet: Sheet, role: string, header: string, hidden = false): number {
  const tagged = taggedColumn(sheet, role);
  if (tagged !== undefined) return tagged;
  let column = headerColumns(sheet).get(header) ?? 0;
  if (column === 0) {
    column = sheet.getLastColumn() + 1;
    writeBlock(sheet, 1, column, [[safeCell(header)]]);
    if (hidden) sheet.hideColumns(column);
  }
  tagColumn(sheet, column, role);
  return column;
}
