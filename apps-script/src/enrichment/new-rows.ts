import { keyOf } from '../cells';
import { headerColumns } from '../sheet-io';
import { statusColumnOf } from '../research/columns';
import { rowsUnderWay } from '../research/targets';
import { assignRowIds, rowIdColumn } from '../rows/row-identity';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Rows 2..`upTo` holding data (any cell but the hidden row id), each with its cells and its id. */
function dataRows(sheet: Sheet, upTo = sheet.getLastRow()): { row: number; line: unknown[]; id: string }[] {
  const width = sheet.getLastColumn();
  if (upTo < 2 || width === 0) return [];
  const idColumn = rowIdColumn(sheet);
  return sheet
    .getRange(2, 1, upTo - 1, width)
    .getValues()
    .map((line, i) => ({ row: i + 2, line, id: idColumn === undefined ? '' : keyOf(line[idColumn - 1]) }))
    .filter(({ line }) => line.some((v, c) => c + 1 !== idColumn && keyOf(v) !== ''));
}

/**
 * Which rows are new to the automatic enrichment, by row identity rather than by a saved row number (rows inserted,
 * deleted or sorted above would move any number): a row is new when it holds data, carries no id of its own (none,
 * or the id of a row above it: a copy), has no status and belongs to no open job. Rows it has looked at get an id
 * (`assignRowIds`), so they are never new again wherever they move.
 */
export function newRows(sheet: Sheet): number[] {
  const statusColumn = statusColumnOf(sheet, headerColumns(sheet));
  const underWay = rowsUnderWay(sheet);
  const ids = new Set<string>();
  const rows: number[] = [];
  for (const { row, line, id } of dataRows(sheet)) {
    const own = id !== '' && !ids.has(id);
    ids.add(id);
    const status = statusColumn === undefined ? '' : keyOf(line[statusColumn - 1]);
    if (!own && status === '' && !underWay(row)) rows.push(row);
  }
  return rows;
}

/** Gives the data rows up to `upTo` an id: rows there when the automatic enrichment is turned on are not new. */
export function markDataRowsSeen(sheet: Sheet, upTo?: number): void {
  assignRowIds(
    sheet,
    dataRows(sheet, upTo).map((d) => d.row),
  );
}
