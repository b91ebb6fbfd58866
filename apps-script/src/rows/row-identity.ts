import { keyOf } from '../cells';
import { writeSpan } from '../sheet-io';
import { roleColumn, taggedColumn } from './tagged-columns';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * How a result finds its row. When rows are read for a job, each gets an id of the add-on's in its own hidden
 * column ("PDS row id", found by its column tag). A cell value moves with its row whatever happens to the sheet:
 * rows inserted, deleted, sorted, filtered, hidden or moved; columns inserted or moved; headers renamed. Every
 * write-back looks the rows up by id at the moment it writes.
 *
 * Why not developer metadata on each row (it also moves with its row): a sheet holds at most 30,000 characters of
 * metadata, keys and values together, so 5,000 rows cannot each carry one. A row copied and pasted carries its id
 * (a cell value) with it: ids are made unique again whenever rows are read for a job, and a result goes to ONE row
 * carrying its id, never two.
 */
export const ROW_ID_HEADER = 'PDS row id';
const ROLE = 'rowId';

/**
 * New ids of this execution: one random seed (one Utilities.getUuid call) and a counter, so a start over thousands of
 * rows makes one service call for its ids, not one per row (issue 29). 10 hex digits of the seed (40 random bits)
 * keep two executions apart; the counter keeps this one's ids apart. `r` + 10 + base-36 counter.
 */
let seed: string | null = null;
let counter = 0;
function newId(): string {
  seed ??= Utilities.getUuid().replace(/-/g, '').slice(0, 10);
  return `r${seed}${(counter++).toString(36)}`;
}

/** Rows of the id column read per getValues when it is read whole: the read's garbage stays this size at any sheet size. */
const READ_BLOCK = 10_000;

/**
 * The id column as this execution last read it whole, as a list (index 0 = row 2; Apps Script starts every execution
 * afresh, so nothing outlives one). A write of results checks its own rows against it with one read over their span,
 * and reads the column whole again only when one of them moved: at 100,000 rows, reading the whole column before each
 * slice's write was most of a run's reads, and its heap grew with the sheet (issue 29). A list, not a map of every id:
 * a write looks up its own ids in one pass over it. The add-on's own writes of ids forget it.
 */
let lastRead: { sheetId: number; column: number; ids: string[] } | null = null;

/** The id column's values for rows 2.. (index 0 = row 2; [] when the sheet has none yet), read whole and kept. */
function readWhole(sheet: Sheet, column: number): string[] {
  const ids: string[] = [];
  const last = sheet.getLastRow();
  for (let from = 2; from <= last; from += READ_BLOCK) {
    for (const [value] of sheet.getRange(from, column, Math.min(READ_BLOCK, last - from + 1), 1).getValues()) ids.push(keyOf(value));
  }
  lastRead = { sheetId: sheet.getSheetId(), column, ids };
  return ids;
}

/** Every row carrying each id of `ids` (all of them when `wanted` is absent), in sheet order. */
function rowsIn(ids: readonly string[], wanted?: ReadonlySet<string>): Map<string, number[]> {
  const at = new Map<string, number[]>();
  ids.forEach((id, i) => {
    if (!id || (wanted && !wanted.has(id))) return;
    const rows = at.get(id);
    if (rows) rows.push(i + 2);
    else at.set(id, [i + 2]);
  });
  return at;
}

/** Whether every wanted id has rows in `byId` and each of them still carries it (one read over their span). */
function stillThere(sheet: Sheet, column: number, byId: ReadonlyMap<string, number[]>, wanted: ReadonlySet<string>): boolean {
  // A row gone since the reading (or one the reading did not see): only a whole read can say where it is.
  if (byId.size < wanted.size) return false;
  let min = Infinity;
  let max = 0;
  for (const rows of byId.values())
    for (const row of rows) {
      min = Math.min(min, row);
      max = Math.max(max, row);
    }
  if (max === 0) return true;
  // Rows deleted since: the span may pass the sheet's end.
  if (max > sheet.getLastRow()) return false;
  const values = sheet.getRange(min, column, max - min + 1, 1).getValues();
  return [...byId].every(([id, rows]) => rows.every((row) => keyOf(values[row - min][0]) === id));
}

/**
 * Ids for `rows` (sheet rows, as read now), in the same order: a row keeps its id when no other row of the sheet
 * carries it; a row without one, or sharing it with another (a pasted copy), gets a new one. One write per 10,000
 * rows given an id.
 */
export function assignRowIds(sheet: Sheet, rows: readonly number[]): string[] {
  if (rows.length === 0) return [];
  const column = roleColumn(sheet, ROLE, ROW_ID_HEADER, true);
  const cells = readWhole(sheet, column);
  const count = new Map<string, number>();
  for (const id of cells) if (id) count.set(id, (count.get(id) ?? 0) + 1);
  const fresh: number[] = [];
  const ids = rows.map((row, i) => {
    const have = cells[row - 2] ?? '';
    if (have && count.get(have) === 1) return have;
    fresh.push(i);
    return newId();
  });
  if (fresh.length) lastRead = null;
  // One write per READ_BLOCK rows given ids, in sheet order (the blocks' spans do not overlap), so the start of 100,000
  // rows holds a block's cells at a time, not all.
  fresh.sort((a, b) => rows[a] - rows[b]);
  for (let at = 0; at < fresh.length; at += READ_BLOCK) {
    writeSpan(sheet, column, 1, new Map(fresh.slice(at, at + READ_BLOCK).map((i) => [rows[i], [ids[i]]])));
  }
  return ids;
}

/** Every row carrying each id, in sheet order: the first gets the results, later ones are copies. Read now, whole. */
export function rowsById(sheet: Sheet): Map<string, number[]> {
  const column = taggedColumn(sheet, ROLE);
  return column === undefined ? new Map() : rowsIn(readWhole(sheet, column));
}

/**
 * rowsById's answer for the ids of a write (only those): from this execution's last whole reading when each of their
 * rows still carries its id, else from the column read whole again. A copy pasted elsewhere since that reading is
 * seen by the next execution's reading (each reads the column whole once).
 */
export function rowsByIdFor(sheet: Sheet, ids: readonly string[]): Map<string, number[]> {
  const column = taggedColumn(sheet, ROLE);
  if (column === undefined) return new Map();
  const wanted = new Set(ids.filter(Boolean));
  const known = lastRead;
  if (known && known.sheetId === sheet.getSheetId() && known.column === column) {
    const byId = rowsIn(known.ids, wanted);
    if (stillThere(sheet, column, byId, wanted)) return byId;
  }
  return rowsIn(readWhole(sheet, column), wanted);
}

/** Where each id is now: the first row carrying it (a later copy of a row gets nothing). Empty when no id column. */
export function locateRows(sheet: Sheet): Map<string, number> {
  return new Map([...rowsById(sheet)].map(([id, rows]) => [id, rows[0]]));
}

/** Takes the ids off `rows` (copies of another row), so they count as rows the add-on has not read. */
export function clearRowIds(sheet: Sheet, rows: readonly number[]): void {
  const column = taggedColumn(sheet, ROLE);
  if (column === undefined) return;
  lastRead = null;
  writeSpan(sheet, column, 1, new Map(rows.map((row) => [row, ['']])));
}

/** The tagged id column, if the sheet has one. */
export const rowIdColumn = (sheet: Sheet) => taggedColumn(sheet, ROLE);
