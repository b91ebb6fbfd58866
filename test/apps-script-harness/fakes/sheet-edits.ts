/**
 * What a person editing the sheet does while a script runs: insert, delete, sort, move rows and columns, copy a row.
 * Cell values, number formats and row/column developer metadata all move together, as in Sheets (see
 * developer-metadata.ts for what the metadata does). The Sheet facade's insert/delete methods use the same functions.
 */
import type { Cell, SheetModel } from './spreadsheet-model';

type Row = (Cell | undefined)[];

function remapFormats(sheet: SheetModel, map: (r: number, c: number) => [number, number] | null): void {
  const next = new Map<string, string>();
  for (const [key, f] of sheet.formats) {
    const [r, c] = key.split(':').map(Number);
    const to = map(r, c);
    if (to) next.set(`${to[0]}:${to[1]}`, f);
  }
  sheet.formats = next;
}

/** n empty rows inserted before 0-based row `at`. */
export function insertRows(sheet: SheetModel, at: number, n: number): void {
  while (sheet.data.length < at) sheet.data.push([]);
  sheet.data.splice(at, 0, ...Array.from({ length: n }, (): Row => []));
  sheet.maxRows += n;
  remapFormats(sheet, (r, c) => [r >= at ? r + n : r, c]);
  sheet.metadata?.inserted(sheet.sheetId, 'ROW', at, n);
}

/** Rows [at, at+n) deleted (0-based). */
export function deleteRows(sheet: SheetModel, at: number, n: number): void {
  sheet.data.splice(at, n);
  sheet.maxRows -= n;
  remapFormats(sheet, (r, c) => (r < at ? [r, c] : r < at + n ? null : [r - n, c]));
  sheet.metadata?.deleted(sheet.sheetId, 'ROW', at, n);
}

/** n empty columns inserted before 0-based column `at`. */
export function insertColumns(sheet: SheetModel, at: number, n: number): void {
  for (const row of sheet.data) if (row && row.length > at) row.splice(at, 0, ...new Array<undefined>(n));
  sheet.maxColumns += n;
  remapFormats(sheet, (r, c) => [r, c >= at ? c + n : c]);
  sheet.metadata?.inserted(sheet.sheetId, 'COLUMN', at, n);
}

/** Columns [at, at+n) deleted (0-based). */
export function deleteColumns(sheet: SheetModel, at: number, n: number): void {
  for (const row of sheet.data) if (row) row.splice(at, n);
  sheet.maxColumns -= n;
  remapFormats(sheet, (r, c) => (c < at ? [r, c] : c < at + n ? null : [r, c - n]));
  sheet.metadata?.deleted(sheet.sheetId, 'COLUMN', at, n);
}

/** A permutation of indexes [0, size): `order[newIndex] = oldIndex`; returns old → new. */
function inverse(order: number[]): (old: number) => number {
  const map = new Map(order.map((old, i) => [old, i]));
  return (old) => map.get(old) ?? old;
}

/** Columns [from, from+n) moved so they start before column `to` (0-based, as Sheet.moveColumns counts it). */
export function moveColumns(sheet: SheetModel, from: number, n: number, to: number): void {
  const width = Math.max(sheet.maxColumns, to + 1);
  const all = Array.from({ length: width }, (_, i) => i);
  const moved = all.splice(from, n);
  const dest = to > from ? to - n : to;
  all.splice(dest, 0, ...moved);
  const newOf = inverse(all);
  for (let r = 0; r < sheet.data.length; r++) {
    const row = sheet.data[r];
    if (row) sheet.data[r] = all.map((old) => row[old]);
  }
  remapFormats(sheet, (r, c) => [r, newOf(c)]);
  sheet.metadata?.permuted(sheet.sheetId, 'COLUMN', newOf);
}

/** Rows [first, last] (0-based, inclusive) sorted by `compare` over whole rows (a stable sort, like Sheets). */
export function sortRows(sheet: SheetModel, first: number, last: number, compare: (a: Row, b: Row) => number): void {
  while (sheet.data.length <= last) sheet.data.push([]);
  const idx = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const rows = idx.map((r) => sheet.data[r] ?? []);
  const order = idx.slice().sort((a, b) => compare(rows[a - first], rows[b - first]) || a - b);
  order.forEach((old, i) => (sheet.data[first + i] = rows[old - first]));
  const all = Array.from({ length: sheet.maxRows }, (_, i) => i);
  order.forEach((old, i) => (all[first + i] = old));
  const newOf = inverse(all);
  remapFormats(sheet, (r, c) => [newOf(r), c]);
  sheet.metadata?.permuted(sheet.sheetId, 'ROW', newOf);
}

/** Copy and paste of row `from` over row `to` (0-based): values and formats, not the row's metadata. */
export function copyRow(sheet: SheetModel, from: number, to: number): void {
  const row = sheet.data[from] ?? [];
  while (sheet.data.length <= to) sheet.data.push([]);
  sheet.data[to] = row.map((cell) => (cell ? { ...cell } : undefined));
  for (const [key, f] of [...sheet.formats]) {
    const [r, c] = key.split(':').map(Number);
    if (r === from) sheet.formats.set(`${to}:${c}`, f);
  }
}
