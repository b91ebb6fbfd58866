import type { CellValue } from '../cells';
import { matchKey } from './match-key';
import { appendHeaders, headerColumns, recordRow, rowsByKey, writeAtTop, writeBlock, writeRows } from '../sheet-io';
import type { OutputMode } from './types';
import { fail } from '../errors';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export interface WriteCounts {
  appended: number;
  updated: number;
  /** Rows already in the sheet: left alone (append) or identical (merge). */
  unchanged: number;
  /** Records whose key is empty: appended when the import says so, else not written; always counted. */
  withoutKey: number;
}

/** Row 1 of the sheet as column names, written from `columns` when the sheet is empty; missing columns are added at its end. */
function headerOf(sheet: Sheet, columns: readonly string[]): string[] {
  const header = [...headerColumns(sheet).keys()];
  if (sheet.getLastRow() === 0 || header.length === 0) {
    writeAtTop(sheet, [[...columns]]);
    return [...columns];
  }
  const missing = columns.filter((c) => !header.includes(c));
  if (missing.length > 0) appendHeaders(sheet, missing);
  return [...header, ...missing];
}

/** A cell as read back compared with one as written: Sheets types numbers and dates, and drops a leading apostrophe. */
function same(read: unknown, written: CellValue): boolean {
  const a = read instanceof Date ? read.toISOString() : String(read ?? '');
  const b = String(written ?? '').replace(/^'/, '');
  return a === b || (b !== '' && !Number.isNaN(Number(b)) && Number(a) === Number(b)) || (read instanceof Date && a.startsWith(b));
}

/**
 * Writes records to a sheet by output mode, never duplicating a key: `merge` rewrites the rows of known keys
 * in place (only those that changed) and appends new keys; `append` and `overwrite` add new keys only
 * (overwrite clears the sheet when its run starts, see clearForOverwrite). So a page read twice, after a run
 * was cut, writes nothing twice. Keys are compared as matchKey reads them, on the sheet's side and the record's.
 * Records without a key value are counted, and written as rows with an empty key (see writesKeyless).
 */
/**
 * Whether records without a key are written (DECISIONS "Ids, exact, and records without a key"): always by append
 * and overwrite, which promise every record found; by merge only when asked (`appendWithoutKey`), since merge
 * promises one row per key and a keyless row can never be matched, so each run would append it again.
 */
export function writesKeyless(mode: OutputMode, appendWithoutKey?: boolean): boolean {
  return appendWithoutKey === true || mode !== 'merge';
}

export function writeRecords(
  sheet: Sheet,
  columns: readonly string[],
  records: readonly unknown[],
  mode: OutputMode,
  key: string,
  appendWithoutKey = false,
): WriteCounts {
  const header = headerOf(sheet, columns);
  const keyColumn = header.indexOf(key) + 1;
  if (keyColumn === 0) fail(`key: the sheet "${sheet.getName()}" has no column named "${key}" in row 1.`);
  const index = rowsByKey(sheet, keyColumn, false, (cell) => matchKey(cell, key));
  const counts: WriteCounts = { appended: 0, updated: 0, unchanged: 0, withoutKey: 0 };
  const changed = new Map<number, CellValue[]>();
  const added = new Map<number, CellValue[]>();
  const firstNew = Math.max(sheet.getLastRow(), 1) + 1;
  let nextRow = firstNew;
  const existing = mode === 'merge' && index.size > 0 ? sheet.getRange(1, 1, firstNew - 1, header.length).getValues() : [];
  // The same key twice in one batch is one row: the later record wins (in the order keys first appeared).
  const batch = new Map<string, CellValue[]>();
  const keyless: CellValue[][] = [];
  const keyPath = [header[keyColumn - 1]];
  for (const record of records) {
    const values = recordRow(record, header);
    // The record's own value (before safeCell's apostrophe), read as a cell's is.
    const id = matchKey(recordRow(record, keyPath, (v) => v as CellValue)[0], key);
    if (!id) {
      counts.withoutKey++;
      if (writesKeyless(mode, appendWithoutKey)) keyless.push(values);
    } else if (mode === 'merge' || !batch.has(id)) batch.set(id, values);
  }
  for (const [id, values] of batch) {
    const row = index.get(id);
    if (row === undefined) {
      index.set(id, nextRow);
      added.set(nextRow++, values);
      counts.appended++;
    } else if (mode === 'merge' && !values.every((v, i) => same(existing[row - 1][i], v))) {
      changed.set(row, values);
      counts.updated++;
    } else counts.unchanged++;
  }
  if (changed.size > 0) writeRows(sheet, 1, changed);
  const appended = [...added.values(), ...keyless];
  counts.appended += keyless.length;
  if (appended.length > 0) writeBlock(sheet, firstNew, 1, appended);
  return counts;
}

/** overwrite: the sheet is emptied once, when its run starts (the header is written back by the first page). */
export function clearForOverwrite(sheet: Sheet): void {
  sheet.clearContents();
}
