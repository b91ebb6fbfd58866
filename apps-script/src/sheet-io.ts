import { keyOf, safeCell, type CellValue } from './cells';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** The spreadsheet the add-on runs in. */
export function activeBook(): GoogleAppsScript.Spreadsheet.Spreadsheet {
  return SpreadsheetApp.getActiveSpreadsheet();
}

/** The sheet of that name in this spreadsheet, or null when there is none. */
export function sheetByName(name: string): Sheet | null {
  return activeBook().getSheetByName(name);
}

/** The sheet the user has open. */
export function activeSheet(): Sheet {
  return SpreadsheetApp.getActiveSheet();
}

/** Each column list's paths split once (an import builds a row per record over the same columns). */
const splitPaths = new WeakMap<readonly string[], string[][]>();

/** One row of a record under column paths such as `contactLocation.city` (as records.valueAtPath reads them). */
export function recordRow(record: unknown, columns: readonly string[], cell: (v: unknown) => CellValue = safeCell): CellValue[] {
  let paths = splitPaths.get(columns);
  if (!paths) splitPaths.set(columns, (paths = columns.map((c) => c.split('.'))));
  return paths.map((parts) => {
    let v = record;
    // A location sent as text is its `fullString` (records.valueAtPath).
    for (let i = 0; i < parts.length && v !== undefined; i++)
      v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[parts[i]] : typeof v === 'string' && parts[i] === 'fullString' ? v : undefined;
    return cell(v);
  });
}

/** A header row and one row per record. */
export function table(rows: readonly unknown[], columns: readonly string[], cell: (v: unknown) => CellValue = safeCell): CellValue[][] {
  return [columns.map((c) => cell(c)), ...rows.map((r) => recordRow(r, columns, cell))];
}

/**
 * The sheet of that name, inserted when missing (`made` runs on a new one). Another execution (a second
 * Start, a trigger, a cell) may insert it between the look-up and the insert: Sheets then refuses the name
 * as taken, and that execution's sheet is the one to use.
 */
export function sheetNamed(name: string, made?: (sheet: Sheet) => void): Sheet {
  const book = activeBook();
  const existing = book.getSheetByName(name);
  if (existing) return existing;
  try {
    const sheet = book.insertSheet(name);
    made?.(sheet);
    return sheet;
  } catch (error) {
    const other = book.getSheetByName(name);
    if (other) return other;
    throw error;
  }
}

/** Grows the grid so rows x columns fit: writing past the grid's edge is refused by Sheets. */
export function ensureSize(sheet: Sheet, rows: number, columns: number): void {
  const maxRows = sheet.getMaxRows();
  if (rows > maxRows) sheet.insertRowsAfter(maxRows, rows - maxRows);
  const maxColumns = sheet.getMaxColumns();
  if (columns > maxColumns) sheet.insertColumnsAfter(maxColumns, columns - maxColumns);
}

/** One setValues for a rectangular block starting at (row, column). */
export function writeBlock(sheet: Sheet, row: number, column: number, values: CellValue[][]): number {
  if (values.length === 0 || values[0].length === 0) return 0;
  ensureSize(sheet, row + values.length - 1, column + values[0].length - 1);
  sheet.getRange(row, column, values.length, values[0].length).setValues(values);
  return 1;
}

/** Header cells written after the sheet's last column (one setValues); returns the first one's column. */
export function appendHeaders(sheet: Sheet, headers: CellValue[]): number {
  const column = sheet.getLastColumn() + 1;
  writeBlock(sheet, 1, column, [headers]);
  return column;
}

/** Row or column numbers in ascending runs of consecutive ones, each a range to read or write at once: 7, 1, 2 → [1, 2], [7]. */
export function runsOf(numbers: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (const n of [...numbers].sort((a, b) => a - b)) {
    const run = runs[runs.length - 1];
    if (run && n === run[run.length - 1] + 1) run.push(n);
    else runs.push([n]);
  }
  return runs;
}

/**
 * Writes rows given by sheet row number, one setValues per run of consecutive rows (never per cell).
 * Returns how many setValues calls were made.
 */
export function writeRows(sheet: Sheet, column: number, rowsByNumber: ReadonlyMap<number, CellValue[]>): number {
  let writes = 0;
  for (const run of runsOf([...rowsByNumber.keys()]))
    writes += writeBlock(
      sheet,
      run[0],
      column,
      run.map((n) => rowsByNumber.get(n) as CellValue[]),
    );
  return writes;
}

/** A table (or its header row alone) written from the sheet's first cell, row 1 frozen; returns the setValues calls. */
export function writeAtTop(sheet: Sheet, values: CellValue[][]): number {
  const writes = writeBlock(sheet, 1, 1, values);
  sheet.setFrozenRows(1);
  return writes;
}

/** Appends rows to the sheet of that name (made, with its frozen header row, when missing). */
export function appendToLog(name: string, header: readonly string[], rows: CellValue[][]): Sheet {
  const sheet = sheetNamed(name);
  if (sheet.getLastRow() === 0) writeAtTop(sheet, [[...header]]);
  writeBlock(sheet, sheet.getLastRow() + 1, 1, rows);
  return sheet;
}

/** Replaces a sheet's content with a table (header row frozen). */
export function replaceWithTable(sheet: Sheet, values: CellValue[][]): number {
  sheet.clearContents();
  return writeAtTop(sheet, values);
}

/**
 * Key value -> sheet row, from one read of the key column (rows 2 on; blank keys left out). A key on several rows
 * maps to its first row, or with `lastWins` to its last.
 */
export function rowsByKey(sheet: Sheet, column: number, lastWins = false, keyOfCell: (v: unknown) => string = keyOf): Map<string, number> {
  const index = new Map<string, number>();
  const last = sheet.getLastRow();
  if (last < 2) return index;
  sheet
    .getRange(2, column, last - 1, 1)
    .getValues()
    .forEach((r, i) => {
      const key = keyOfCell(r[0]);
      if (key && (lastWins || !index.has(key))) index.set(key, i + 2);
    });
  return index;
}

/** Header names of row 1 and their 1-based columns. */
export function headerColumns(sheet: Sheet): Map<string, number> {
  const width = sheet.getLastColumn();
  const map = new Map<string, number>();
  if (width === 0) return map;
  sheet
    .getRange(1, 1, 1, width)
    .getValues()[0]
    .forEach((name, i) => {
      const key = String(name).trim();
      if (key && !map.has(key)) map.set(key, i + 1);
    });
  return map;
}

/**
 * Writes rows given by number as ONE setValues over the span they cover: the cells of the span's other rows
 * are read first (one getValues) and written back as they were, re-made injection-safe because reading drops
 * Sheets' apostrophe. Results that finish scattered over a selection thus cost one write, not one per run.
 */
export function writeSpan(sheet: Sheet, column: number, width: number, rowsByNumber: ReadonlyMap<number, CellValue[]>): number {
  if (rowsByNumber.size === 0) return 0;
  const numbers = [...rowsByNumber.keys()];
  const first = Math.min(...numbers);
  const last = Math.max(...numbers);
  ensureSize(sheet, last, column + width - 1);
  const range = sheet.getRange(first, column, last - first + 1, width);
  // Every row of the span given (a batch of consecutive rows): nothing of the sheet's to read and keep.
  if (rowsByNumber.size === last - first + 1) {
    range.setValues(Array.from({ length: last - first + 1 }, (_, i) => rowsByNumber.get(first + i) as CellValue[]));
    return 1;
  }
  const values = range.getValues().map((row, i) => rowsByNumber.get(first + i) ?? row.map((v) => safeCell(v instanceof Date ? v.toISOString() : v)));
  range.setValues(values);
  return 1;
}
