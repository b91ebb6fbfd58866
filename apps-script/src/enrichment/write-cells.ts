import { keyOf, type CellValue } from '../cells';
import { runsOf, writeBlock } from '../sheet-io';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Cells to write: column → (row → value). */
export type CellWrites = Map<number, Map<number, CellValue>>;

export function putCell(writes: CellWrites, column: number, row: number, value: CellValue): void {
  let rows = writes.get(column);
  if (!rows) writes.set(column, (rows = new Map()));
  rows.set(row, value);
}

/** Drops the cells of `column` that already hold a value (one getValues over the rows' span). */
function onlyEmpty(sheet: Sheet, column: number, rows: Map<number, CellValue>): void {
  const numbers = [...rows.keys()];
  const first = Math.min(...numbers);
  const last = Math.min(Math.max(...numbers), sheet.getMaxRows());
  if (last < first || column > sheet.getMaxColumns()) return;
  const existing = sheet.getRange(first, column, last - first + 1, 1).getValues();
  for (const row of numbers) if (row <= last && keyOf(existing[row - first][0]) !== '') rows.delete(row);
}

/**
 * Writes only the given cells, never touching any other (the user's formulas and dates between them stay as
 * they are). Columns in `fillOnlyEmpty` keep the values they already hold. Adjacent columns written on the
 * same rows share one setValues per run of consecutive rows, so a batch of finished rows costs a few calls.
 */
export function writeCells(sheet: Sheet, writes: CellWrites, fillOnlyEmpty: ReadonlySet<number>): number {
  for (const [column, rows] of writes) if (fillOnlyEmpty.has(column) && rows.size) onlyEmpty(sheet, column, rows);
  const columns = [...writes.keys()].filter((c) => writes.get(c)!.size > 0).sort((a, b) => a - b);
  const rowKey = (c: number) => [...writes.get(c)!.keys()].sort((a, b) => a - b).join(',');
  let calls = 0;
  for (let i = 0; i < columns.length;) {
    let j = i + 1;
    while (j < columns.length && columns[j] === columns[j - 1] + 1 && rowKey(columns[j]) === rowKey(columns[i])) j++;
    const group = columns.slice(i, j);
    for (const run of runsOf([...writes.get(group[0])!.keys()]))
      calls += writeBlock(
        sheet,
        run[0],
        group[0],
        run.map((r) => group.map((c) => writes.get(c)!.get(r) as CellValue)),
      );
    i = j;
  }
  return calls;
}
