/**
 * The in-memory workbook behind SpreadsheetApp, plus the input rules Sheets applies to a written value
 * (formulas, quote prefix, auto-typing of numbers/booleans/dates, plain-text format '@'). Tests read it directly.
 */
import { GasException } from '../errors';
import { MetadataStore } from './developer-metadata';
import * as edits from './sheet-edits';

export type CellValue = string | number | boolean | Date;

export interface Cell {
  /** '' for empty. For a formula cell, the value it reads back as (see evaluateFormula). */
  value: CellValue;
  formula?: string;
}

export interface WriteStats {
  setValueCalls: number;
  setValuesCalls: number;
  appendRowCalls: number;
  setFormulaCalls: number;
  /** Cells written by any of the above. */
  cellsWritten: number;
  /** Characters written by setValues / setValue / appendRow, per sheet name (what a job store costs, issue 29). */
  charsWritten: Record<string, number>;
  /** Cells read (getValues, getValue, getDisplayValues, getFormulas), per sheet name and column (index 1 = column A). */
  cellsReadByColumn: Record<string, number[]>;
}

export const DEFAULT_ROWS = 1000;
export const DEFAULT_COLUMNS = 26;

export class SheetModel {
  /** data[r][c], 0-based; rows past the last written one are absent. */
  data: (Cell | undefined)[][] = [];
  /** Number format per cell, "r:c" 0-based; persists on empty cells as in Sheets. */
  formats = new Map<string, string>();
  /** Visual formatting calls (setFontWeight, setBackground…), recorded not rendered. */
  styleCalls: { range: string; method: string; args: unknown[] }[] = [];
  frozenRows = 0;
  frozenColumns = 0;
  /** The workbook's developer metadata (rows and columns of this sheet move theirs with them). */
  metadata?: MetadataStore;

  constructor(
    public name: string,
    readonly sheetId: number,
    public maxRows = DEFAULT_ROWS,
    public maxColumns = DEFAULT_COLUMNS,
  ) {}

  cell(r: number, c: number): Cell | undefined {
    return this.data[r]?.[c];
  }

  setCell(r: number, c: number, cell: Cell | undefined): void {
    if (!cell) {
      const row = this.data[r];
      if (row) row[c] = undefined;
      return;
    }
    (this.data[r] ??= [])[c] = cell;
  }

  format(r: number, c: number): string {
    return this.formats.get(`${r}:${c}`) ?? '';
  }

  lastRow(): number {
    for (let r = this.data.length - 1; r >= 0; r--) {
      if (this.data[r]?.some((x) => x && x.value !== '')) return r + 1;
    }
    return 0;
  }

  lastColumn(): number {
    let last = 0;
    for (const row of this.data) {
      if (!row) continue;
      for (let c = row.length - 1; c >= last; c--) {
        if (row[c] && row[c]!.value !== '') {
          last = c + 1;
          break;
        }
      }
    }
    return last;
  }

  // What a collaborator does while a script runs (0-based indexes; see sheet-edits.ts).
  insertRows(at: number, n: number): void {
    edits.insertRows(this, at, n);
  }
  deleteRows(at: number, n: number): void {
    edits.deleteRows(this, at, n);
  }
  insertColumns(at: number, n: number): void {
    edits.insertColumns(this, at, n);
  }
  deleteColumns(at: number, n: number): void {
    edits.deleteColumns(this, at, n);
  }
  moveColumns(from: number, n: number, to: number): void {
    edits.moveColumns(this, from, n, to);
  }
  sortRows(first: number, last: number, compare: (a: (Cell | undefined)[], b: (Cell | undefined)[]) => number): void {
    edits.sortRows(this, first, last, compare);
  }
  copyRow(from: number, to: number): void {
    edits.copyRow(this, from, to);
  }

  /** Test view: values as getValues() would return them over the data range. */
  values(): CellValue[][] {
    const rows = this.lastRow();
    const cols = this.lastColumn();
    const out: CellValue[][] = [];
    for (let r = 0; r < rows; r++) {
      const line: CellValue[] = [];
      for (let c = 0; c < cols; c++) line.push(this.cell(r, c)?.value ?? '');
      out.push(line);
    }
    return out;
  }

  /** Test view: formulas over the data range ('' where the cell holds no formula). */
  formulas(): string[][] {
    return this.values().map((row, r) => row.map((_, c) => this.cell(r, c)?.formula ?? ''));
  }
}

export class WorkbookModel {
  sheets: SheetModel[] = [];
  activeSheetIndex = 0;
  /** A1 notation incl. sheet ("Sheet1!A1:B2") or null; what getActiveRange()/getSelection() report. */
  activeRange: string | null = null;
  readonly stats: WriteStats = {
    setValueCalls: 0,
    setValuesCalls: 0,
    appendRowCalls: 0,
    setFormulaCalls: 0,
    cellsWritten: 0,
    charsWritten: {},
    cellsReadByColumn: {},
  };
  /** Developer metadata of the spreadsheet and all its sheets (one store: the size limit counts both). */
  readonly metadata = new MetadataStore();
  private nextSheetId = 0;

  constructor(
    public name: string,
    readonly id: string,
    readonly maxCells: () => number,
    readonly timeZone: string,
  ) {}

  totalCells(): number {
    return this.sheets.reduce((n, s) => n + s.maxRows * s.maxColumns, 0);
  }

  /** Growth past the spreadsheet cell limit is refused, with Sheets' message. */
  ensureCapacity(extraCells: number): void {
    const limit = this.maxCells();
    if (this.totalCells() + extraCells > limit) {
      throw new GasException(`This action would increase the number of cells in the workbook above the limit of ${limit} cells.`);
    }
  }

  addSheet(name: string, index?: number, rows = DEFAULT_ROWS, columns = DEFAULT_COLUMNS): SheetModel {
    if (this.sheet(name)) {
      throw new GasException(`A sheet with the name "${name}" already exists. Please enter another name.`);
    }
    this.ensureCapacity(rows * columns);
    const s = new SheetModel(name, this.nextSheetId++, rows, columns);
    s.metadata = this.metadata;
    if (index === undefined || index >= this.sheets.length) this.sheets.push(s);
    else this.sheets.splice(Math.max(0, index), 0, s);
    return s;
  }

  sheet(name: string): SheetModel | undefined {
    return this.sheets.find((s) => s.name === name);
  }

  /** Test helper: the sheet or a clear failure. */
  mustSheet(name: string): SheetModel {
    const s = this.sheet(name);
    if (!s) throw new Error(`No sheet named ${name}; sheets: ${this.sheets.map((x) => x.name).join(', ')}`);
    return s;
  }

  activeSheet(): SheetModel {
    return this.sheets[this.activeSheetIndex] ?? this.sheets[0];
  }

  /** Test helper: set what the user has selected, e.g. "Leads!A2:A20". */
  setActiveRange(a1: string): void {
    const { sheetName } = splitSheet(a1);
    if (sheetName) {
      const idx = this.sheets.findIndex((s) => s.name === sheetName);
      if (idx < 0) throw new Error(`No sheet named ${sheetName}`);
      this.activeSheetIndex = idx;
    }
    this.activeRange = a1.includes('!') ? a1 : `${quoteSheet(this.activeSheet().name)}!${a1}`;
  }
}

// ---------- A1 notation ----------

export interface GridRange {
  row: number; // 1-based
  col: number;
  numRows: number;
  numCols: number;
}

export function splitSheet(a1: string): { sheetName: string | null; ref: string } {
  const bang = a1.lastIndexOf('!');
  if (bang < 0) return { sheetName: null, ref: a1 };
  let name = a1.slice(0, bang);
  if (name.startsWith("'") && name.endsWith("'")) name = name.slice(1, -1).replace(/''/g, "'");
  return { sheetName: name, ref: a1.slice(bang + 1) };
}

export function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

export function columnLetters(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Parses "A1", "A1:C3", "A:C", "2:5", "A2:C" against a sheet's size; throws "Range not found" otherwise. */
export function parseA1(ref: string, maxRows: number, maxCols: number): GridRange {
  const part = /^\$?([A-Za-z]{0,3})\$?(\d*)$/;
  const [a, b = a] = ref.trim().split(':');
  const ma = part.exec(a);
  const mb = part.exec(b);
  if (!ma || !mb || (!ma[1] && !ma[2]) || (!mb[1] && !mb[2])) throw new GasException('Range not found');
  const c1 = ma[1] ? columnNumber(ma[1]) : 1;
  const c2 = mb[1] ? columnNumber(mb[1]) : maxCols;
  const r1 = ma[2] ? Number(ma[2]) : 1;
  const r2 = mb[2] ? Number(mb[2]) : maxRows;
  if (r1 < 1 || r2 < 1) throw new GasException('Range not found');
  return {
    row: Math.min(r1, r2),
    col: Math.min(c1, c2),
    numRows: Math.abs(r2 - r1) + 1,
    numCols: Math.abs(c2 - c1) + 1,
  };
}

export function a1Of(g: GridRange): string {
  const tl = `${columnLetters(g.col)}${g.row}`;
  if (g.numRows === 1 && g.numCols === 1) return tl;
  return `${tl}:${columnLetters(g.col + g.numCols - 1)}${g.row + g.numRows - 1}`;
}

// ---------- what Sheets does with a written value ----------

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const THOUSANDS = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/;
const PERCENT = /^[+-]?(\d+(\.\d*)?|\.\d+)%$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * What Sheets, or a program opening an export, may skip before reading a formula: whitespace (tab, CR, LF,
 * spaces), no-break and zero-width spaces, the BOM. The fake is strict on purpose: all of them lead to a formula.
 */
const FORMULA_LEAD = /^[\s\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]*/;
/** The formula signs: = + - @ and their full-width (＝ ＋ － ＠) and small (﹦ ﹢ ﹣) forms. */
const FORMULA_SIGN = /^[=+\-@\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63]/;

/**
 * Interprets a value written by setValue/setValues/appendRow the way Sheets interprets typed input:
 * "=…" is a formula; "+…"/"-…"/"@…" that are not numbers become formulas "=+…"/"=-…"/"=@…" (as when typed),
 * and so does any of = + - @ ＝ ＋ － ＠ ﹦ ﹢ ﹣ after leading whitespace or invisible characters (strict on purpose);
 * a leading apostrophe forces text and is dropped; numeric (to 15 significant digits, as Sheets keeps), percent,
 * TRUE/FALSE and yyyy-mm-dd strings are auto-typed; with number format '@' (plain text) every string stays exactly as written.
 */
export function interpretInput(v: unknown, numberFormat: string, maxChars: number): Cell | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  // Sheets keeps 15 significant digits of a number written as one too: a 16-digit whole number (an id) loses its
  // last digit. (Fractions with more digits are kept as they are here: no test depends on their last digits.)
  if (typeof v === 'number') return { value: Number.isInteger(v) && Math.abs(v) >= 1e15 ? Number(v.toPrecision(15)) : v };
  if (typeof v === 'boolean') return { value: v };
  if (v instanceof Date) return { value: v };
  const s = String(v);
  if (s.length > maxChars) {
    throw new GasException(`Your input contains more than the maximum of ${maxChars} characters in a single cell.`);
  }
  if (numberFormat === '@') return { value: s };
  if (s.startsWith("'")) return s.length > 1 ? { value: s.slice(1) } : undefined;
  if (s.startsWith('=') && s.length > 1) return { formula: s, value: evaluateFormula(s) };
  // Sheets keeps 15 significant digits: a longer id typed as a number loses its last digits.
  if (NUMBER.test(s)) return { value: Number(Number(s).toPrecision(15)) };
  if (THOUSANDS.test(s)) return { value: Number(s.replace(/,/g, '')) };
  if (PERCENT.test(s)) return { value: Number(s.slice(0, -1)) / 100 };
  // "+…", "-…", "@…", a sign after leading blanks or invisible characters, or a full-width / small sign.
  const signed = s.slice(FORMULA_LEAD.exec(s)![0].length);
  if (FORMULA_SIGN.test(signed) && signed.length > 1) {
    const f = s.startsWith('=') ? s : `=${s}`;
    return { formula: f, value: evaluateFormula(f) };
  }
  if (/^(true|false)$/i.test(s)) return { value: s.toLowerCase() === 'true' };
  const d = ISO_DATE.exec(s);
  if (d) {
    const date = new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3])));
    if (date.getUTCDate() === Number(d[3])) return { value: date };
  }
  return { value: s };
}

/**
 * The harness does not run a spreadsheet engine. A formula reads back as: the label (or URL) of =HYPERLINK("url"[,
 * "label"]), a bare string/number literal (="x", =42), and '#NAME?' for anything else — which is also what Sheets
 * shows for the injection payloads ("=cmd|…", "+SUM…" with unknown names) that tests care about.
 */
export function evaluateFormula(f: string): CellValue {
  const body = f.slice(1).trim();
  const str = /^"((?:[^"]|"")*)"$/.exec(body);
  if (str) return str[1].replace(/""/g, '"');
  if (NUMBER.test(body)) return Number(body);
  const link = /^HYPERLINK\(\s*"((?:[^"]|"")*)"\s*(?:[,;]\s*"((?:[^"]|"")*)"\s*)?\)$/i.exec(body);
  if (link) return (link[2] ?? link[1]).replace(/""/g, '"');
  return '#NAME?';
}

/** getDisplayValues(): what the cell shows, honouring a few common number formats. */
export function displayOf(cell: Cell | undefined, numberFormat: string, timeZone: string): string {
  if (!cell) return '';
  const v = cell.value;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).format(v);
    return parts;
  }
  if (typeof v === 'number') {
    const fixed = /^(?:#,##)?0\.(0+)$/.exec(numberFormat);
    if (fixed) return v.toFixed(fixed[1].length);
    if (numberFormat === '0') return Math.round(v).toString();
    if (numberFormat === '0%' || numberFormat === '0.00%') return `${(v * 100).toFixed(numberFormat === '0%' ? 0 : 2)}%`;
    return String(v);
  }
  return v;
}
