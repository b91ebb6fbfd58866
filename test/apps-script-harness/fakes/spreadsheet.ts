/**
 * SpreadsheetApp facades over the WorkbookModel, bound to one execution so custom functions get the read-only view
 * Sheets gives them (every setter, insert, clear… throws "You do not have permission to call X").
 */
import type { ExecutionContext } from '../execution';
import { GasException } from '../errors';
import type { Limits } from '../limits';
import {
  a1Of,
  displayOf,
  interpretInput,
  parseA1,
  quoteSheet,
  splitSheet,
  type Cell,
  type CellValue,
  type GridRange,
  type SheetModel,
  type WorkbookModel,
} from './spreadsheet-model';
import { Ui, type UiState } from './ui';
import { DeveloperMetadata, DeveloperMetadataFinder, refuseArbitrary } from './developer-metadata-api';
import { sizeOf } from '../sheet-cost';

export interface SpreadsheetDeps {
  workbook: WorkbookModel;
  ui: UiState;
  limits: Limits;
}

function copyValue(v: CellValue): CellValue {
  return v instanceof Date ? new Date(v.getTime()) : v;
}

function typeName(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'Object[]';
  return typeof v === 'string' ? 'String' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'Boolean' : 'Object';
}

function countChars(deps: SpreadsheetDeps, sheet: SheetModel, chars: number): void {
  const all = deps.workbook.stats.charsWritten;
  all[sheet.name] = (all[sheet.name] ?? 0) + chars;
}

/** The classes whose every call costs a Sheets round trip on Google (sheet-cost.ts `callMs`). */
export function isSheetsObject(o: object): boolean {
  return o instanceof SpreadsheetApp || o instanceof Spreadsheet || o instanceof Sheet || o instanceof Range || o instanceof Selection;
}

export class SpreadsheetApp {
  constructor(
    private readonly _deps: SpreadsheetDeps,
    private readonly _exec: ExecutionContext,
  ) {}
  getActive(): Spreadsheet {
    return new Spreadsheet(this._deps, this._exec);
  }
  getActiveSpreadsheet(): Spreadsheet {
    return this.getActive();
  }
  getActiveSheet(): Sheet {
    return this.getActive().getActiveSheet();
  }
  getActiveRange(): Range | null {
    return this.getActive().getActiveRange();
  }
  getSelection(): Selection {
    return this.getActive().getSelection();
  }
  getCurrentCell(): Range | null {
    return this.getActive().getCurrentCell();
  }
  setActiveSheet(sheet: unknown): Sheet {
    return this.getActive().setActiveSheet(sheet);
  }
  getUi(): Ui {
    if (this._exec.kind !== 'run') throw new GasException('Cannot call SpreadsheetApp.getUi() from this context.');
    return new Ui(this._deps.ui, this._exec);
  }
  flush(): void {
    this._exec.sheetCost.commit();
  }
  openById(_id: unknown): never {
    this._exec.requireAuthorization('SpreadsheetApp.openById');
    throw new GasException('The harness has a single spreadsheet; openById is not supported.');
  }
}

export class Spreadsheet {
  constructor(
    private readonly _deps: SpreadsheetDeps,
    private readonly _exec: ExecutionContext,
  ) {}
  private get _wb(): WorkbookModel {
    return this._deps.workbook;
  }
  getId(): string {
    return this._wb.id;
  }
  getName(): string {
    return this._wb.name;
  }
  getUrl(): string {
    return `https://docs.google.com/spreadsheets/d/${this._wb.id}/edit`;
  }
  getSpreadsheetTimeZone(): string {
    return this._wb.timeZone;
  }
  getSpreadsheetLocale(): string {
    return 'en_US';
  }
  getSheets(): Sheet[] {
    return this._wb.sheets.map((s) => new Sheet(this._deps, this._exec, s));
  }
  getNumSheets(): number {
    return this._wb.sheets.length;
  }
  getSheetByName(name: unknown): Sheet | null {
    const s = this._wb.sheet(String(name));
    return s ? new Sheet(this._deps, this._exec, s) : null;
  }
  getSheetById(id: unknown): Sheet | null {
    const s = this._wb.sheets.find((x) => x.sheetId === Number(id));
    return s ? new Sheet(this._deps, this._exec, s) : null;
  }
  getActiveSheet(): Sheet {
    return new Sheet(this._deps, this._exec, this._wb.activeSheet());
  }
  setActiveSheet(sheet: unknown): Sheet {
    this._exec.requireAuthorization('setActiveSheet');
    if (!(sheet instanceof Sheet)) throw new GasException('Invalid argument: sheet');
    this._wb.activeSheetIndex = this._wb.sheets.indexOf(sheet._model);
    return sheet;
  }
  insertSheet(a?: unknown, b?: unknown): Sheet {
    this._exec.requireAuthorization('insertSheet');
    let name: string | undefined;
    let index: number | undefined;
    if (typeof a === 'number') index = a;
    else if (a !== undefined) {
      name = String(a);
      if (typeof b === 'number') index = b;
    }
    if (name === undefined) {
      let n = this._wb.sheets.length + 1;
      while (this._wb.sheet(`Sheet${n}`)) n++;
      name = `Sheet${n}`;
    }
    const s = this._wb.addSheet(name, index);
    this._wb.activeSheetIndex = this._wb.sheets.indexOf(s);
    return new Sheet(this._deps, this._exec, s);
  }
  deleteSheet(sheet: unknown): void {
    this._exec.requireAuthorization('deleteSheet');
    if (!(sheet instanceof Sheet)) throw new GasException('Invalid argument: sheet');
    if (this._wb.sheets.length === 1) throw new GasException("You can't remove all the sheets in a document.");
    this._wb.sheets = this._wb.sheets.filter((s) => s !== sheet._model);
    this._wb.metadata.sheetDeleted(sheet._model.sheetId);
    this._wb.activeSheetIndex = 0;
  }
  getRange(a1: unknown): Range {
    const { sheetName, ref } = splitSheet(String(a1));
    const model = sheetName ? this._wb.sheet(sheetName) : this._wb.activeSheet();
    if (!model) throw new GasException('Range not found');
    return new Sheet(this._deps, this._exec, model).getRange(ref);
  }
  getActiveRange(): Range | null {
    return this.getSelection().getActiveRange();
  }
  createDeveloperMetadataFinder(): DeveloperMetadataFinder {
    return new DeveloperMetadataFinder(this._wb.metadata, this._exec, () => true);
  }
  getCurrentCell(): Range | null {
    return this.getSelection().getCurrentCell();
  }
  getSelection(): Selection {
    return new Selection(this._deps, this._exec);
  }
  toast(message: unknown, title?: unknown, timeoutSeconds?: unknown): void {
    this._deps.ui.toasts.push({
      message: String(message),
      title: title === undefined ? '' : String(title),
      timeoutSeconds: timeoutSeconds === undefined ? 5 : Number(timeoutSeconds),
    });
  }
}

export class Selection {
  constructor(
    private readonly _deps: SpreadsheetDeps,
    private readonly _exec: ExecutionContext,
  ) {}
  getActiveRange(): Range | null {
    const a1 = this._deps.workbook.activeRange;
    return a1 ? new Spreadsheet(this._deps, this._exec).getRange(a1) : null;
  }
  getCurrentCell(): Range | null {
    const r = this.getActiveRange();
    return r ? r.offset(0, 0, 1, 1) : null;
  }
  getActiveSheet(): Sheet {
    return new Spreadsheet(this._deps, this._exec).getActiveSheet();
  }
}

export class Sheet {
  constructor(
    private readonly _deps: SpreadsheetDeps,
    private readonly _exec: ExecutionContext,
    readonly _model: SheetModel,
  ) {}
  getName(): string {
    return this._model.name;
  }
  setName(name: unknown): Sheet {
    this._exec.requireAuthorization('setName');
    const n = String(name);
    if (this._deps.workbook.sheet(n) && n !== this._model.name) {
      throw new GasException(`A sheet with the name "${n}" already exists. Please enter another name.`);
    }
    this._model.name = n;
    return this;
  }
  getSheetId(): number {
    return this._model.sheetId;
  }
  getIndex(): number {
    return this._deps.workbook.sheets.indexOf(this._model) + 1;
  }
  getParent(): Spreadsheet {
    return new Spreadsheet(this._deps, this._exec);
  }
  activate(): Sheet {
    this._exec.requireAuthorization('activate');
    this._deps.workbook.activeSheetIndex = this._deps.workbook.sheets.indexOf(this._model);
    return this;
  }
  getMaxRows(): number {
    return this._model.maxRows;
  }
  getMaxColumns(): number {
    return this._model.maxColumns;
  }
  getLastRow(): number {
    return this._model.lastRow();
  }
  getLastColumn(): number {
    return this._model.lastColumn();
  }
  getFrozenRows(): number {
    return this._model.frozenRows;
  }
  setFrozenRows(n: unknown): void {
    this._exec.requireAuthorization('setFrozenRows');
    this._model.frozenRows = Number(n);
  }
  setFrozenColumns(n: unknown): void {
    this._exec.requireAuthorization('setFrozenColumns');
    this._model.frozenColumns = Number(n);
  }
  getRange(a: unknown, b?: unknown, c?: unknown, d?: unknown): Range {
    let g: GridRange;
    if (typeof a === 'string') {
      g = parseA1(a, this._model.maxRows, this._model.maxColumns);
    } else {
      g = { row: Number(a), col: Number(b), numRows: c === undefined ? 1 : Number(c), numCols: d === undefined ? 1 : Number(d) };
      if (![g.row, g.col, g.numRows, g.numCols].every(Number.isInteger)) {
        throw new GasException("The parameters (number,number) don't match the method signature for SpreadsheetApp.Sheet.getRange.");
      }
      if (g.row < 1) throw new GasException('The starting row of the range is too small.');
      if (g.col < 1) throw new GasException('The starting column of the range is too small.');
      if (g.numRows < 1) throw new GasException('The number of rows in the range must be at least 1.');
      if (g.numCols < 1) throw new GasException('The number of columns in the range must be at least 1.');
    }
    if (g.row + g.numRows - 1 > this._model.maxRows || g.col + g.numCols - 1 > this._model.maxColumns) {
      throw new GasException('The coordinates of the range are outside the dimensions of the sheet.');
    }
    return new Range(this._deps, this._exec, this._model, g);
  }
  getDataRange(): Range {
    return this.getRange(1, 1, Math.max(1, this._model.lastRow()), Math.max(1, this._model.lastColumn()));
  }
  appendRow(rowContents: unknown): Sheet {
    this._exec.requireAuthorization('appendRow');
    if (!Array.isArray(rowContents)) {
      throw new GasException(`The parameters (${typeName(rowContents)}) don't match the method signature for SpreadsheetApp.Sheet.appendRow.`);
    }
    const m = this._model;
    const row = m.lastRow() + 1;
    const extraRows = Math.max(0, row - m.maxRows);
    const extraCols = Math.max(0, rowContents.length - m.maxColumns);
    this._deps.workbook.ensureCapacity(extraRows * (m.maxColumns + extraCols) + extraCols * m.maxRows);
    m.maxRows += extraRows;
    m.maxColumns += extraCols;
    rowContents.forEach((v, i) => {
      m.setCell(row - 1, i, interpretInput(v, m.format(row - 1, i), this._deps.limits.cellCharacters));
    });
    const { cells, chars } = sizeOf([rowContents]);
    this._exec.sheetCost.write(cells, chars, m.name);
    countChars(this._deps, m, chars);
    this._deps.workbook.stats.appendRowCalls++;
    this._deps.workbook.stats.cellsWritten += rowContents.length;
    return this;
  }
  insertRowsAfter(afterPosition: unknown, howMany: unknown): Sheet {
    this._exec.requireAuthorization('insertRowsAfter');
    this._deps.workbook.ensureCapacity(Number(howMany) * this._model.maxColumns);
    this._model.insertRows(Number(afterPosition), Number(howMany));
    return this;
  }
  insertRowsBefore(beforePosition: unknown, howMany: unknown): Sheet {
    this._exec.requireAuthorization('insertRowsBefore');
    this._deps.workbook.ensureCapacity(Number(howMany) * this._model.maxColumns);
    this._model.insertRows(Number(beforePosition) - 1, Number(howMany));
    return this;
  }
  insertColumnsAfter(afterPosition: unknown, howMany: unknown): Sheet {
    this._exec.requireAuthorization('insertColumnsAfter');
    this._deps.workbook.ensureCapacity(Number(howMany) * this._model.maxRows);
    this._model.insertColumns(Number(afterPosition), Number(howMany));
    return this;
  }
  deleteRows(rowPosition: unknown, howMany: unknown): void {
    this._exec.requireAuthorization('deleteRows');
    this._model.deleteRows(Number(rowPosition) - 1, Number(howMany));
  }
  deleteColumns(columnPosition: unknown, howMany: unknown): void {
    this._exec.requireAuthorization('deleteColumns');
    this._model.deleteColumns(Number(columnPosition) - 1, Number(howMany));
  }
  hideColumns(columnIndex: unknown, numColumns?: unknown): void {
    this._exec.requireAuthorization('hideColumns');
    this._model.styleCalls.push({ range: '', method: 'hideColumns', args: [columnIndex, numColumns ?? 1] });
  }
  addDeveloperMetadata(key: unknown, value?: unknown): Sheet {
    this._exec.requireAuthorization('addDeveloperMetadata');
    const v = value === undefined || value === null ? null : String(value);
    this._deps.workbook.metadata.add({ key: String(key), value: v, visibility: 'DOCUMENT', sheetId: this._model.sheetId, location: { type: 'SHEET' } });
    return this;
  }
  createDeveloperMetadataFinder(): DeveloperMetadataFinder {
    const id = this._model.sheetId;
    return new DeveloperMetadataFinder(this._deps.workbook.metadata, this._exec, (e) => e.sheetId === id);
  }
  getDeveloperMetadata(): DeveloperMetadata[] {
    return this._deps.workbook.metadata.entries
      .filter((e) => e.sheetId === this._model.sheetId && e.location.type === 'SHEET')
      .map((e) => new DeveloperMetadata(this._deps.workbook.metadata, this._exec, e));
  }
  clear(): Sheet {
    this._exec.requireAuthorization('clear');
    this._model.data = [];
    this._model.formats.clear();
    return this;
  }
  clearContents(): Sheet {
    this._exec.requireAuthorization('clearContents');
    this._model.data = [];
    return this;
  }
  autoResizeColumns(startColumn: unknown, numColumns: unknown): Sheet {
    this._exec.requireAuthorization('autoResizeColumns');
    this._model.styleCalls.push({ range: '', method: 'autoResizeColumns', args: [startColumn, numColumns] });
    return this;
  }
  setColumnWidth(column: unknown, width: unknown): Sheet {
    this._exec.requireAuthorization('setColumnWidth');
    this._model.styleCalls.push({ range: '', method: 'setColumnWidth', args: [column, width] });
    return this;
  }
}

export class Range {
  constructor(
    private readonly _deps: SpreadsheetDeps,
    private readonly _exec: ExecutionContext,
    private readonly _model: SheetModel,
    private readonly _g: GridRange,
  ) {}

  private _each<T>(f: (r: number, c: number) => T): T[][] {
    const out: T[][] = [];
    for (let i = 0; i < this._g.numRows; i++) {
      const row: T[] = [];
      for (let j = 0; j < this._g.numCols; j++) row.push(f(this._g.row - 1 + i, this._g.col - 1 + j));
      out.push(row);
    }
    return out;
  }

  private _write(r: number, c: number, v: unknown): void {
    this._model.setCell(r, c, interpretInput(v, this._model.format(r, c), this._deps.limits.cellCharacters));
  }

  private _style(method: string, args: unknown[]): Range {
    this._exec.requireAuthorization(method);
    this._model.styleCalls.push({ range: this.getA1Notation(), method, args });
    return this;
  }

  /** A read's cost on Google (sheet-cost.ts), charged to the execution; the values are handed back. */
  private _read<T>(values: T[][]): T[][] {
    const { cells, chars } = sizeOf(values);
    this._exec.sheetCost.read(cells, chars, this._model.name);
    const byColumn = (this._deps.workbook.stats.cellsReadByColumn[this._model.name] ??= []);
    for (let c = this._g.col; c < this._g.col + this._g.numCols; c++) byColumn[c] = (byColumn[c] ?? 0) + this._g.numRows;
    return values;
  }
  private _charged(values: readonly (readonly unknown[])[]): void {
    const { cells, chars } = sizeOf(values);
    this._exec.sheetCost.write(cells, chars, this._model.name);
    countChars(this._deps, this._model, chars);
  }

  getValues(): CellValue[][] {
    return this._read(this._each((r, c) => copyValue(this._model.cell(r, c)?.value ?? '')));
  }
  getValue(): CellValue {
    return this._read([[copyValue(this._model.cell(this._g.row - 1, this._g.col - 1)?.value ?? '')]])[0][0];
  }
  getDisplayValues(): string[][] {
    const tz = this._deps.workbook.timeZone;
    return this._read(this._each((r, c) => displayOf(this._model.cell(r, c), this._model.format(r, c), tz)));
  }
  getDisplayValue(): string {
    return this.getDisplayValues()[0][0];
  }
  getFormulas(): string[][] {
    return this._read(this._each((r, c) => this._model.cell(r, c)?.formula ?? ''));
  }
  getFormula(): string {
    return this._model.cell(this._g.row - 1, this._g.col - 1)?.formula ?? '';
  }
  isBlank(): boolean {
    return this._each((r, c) => this._model.cell(r, c)).every((row) => row.every((x) => !x || x.value === ''));
  }

  setValues(values: unknown): Range {
    this._exec.requireAuthorization('setValues');
    if (!Array.isArray(values) || !values.every((r) => Array.isArray(r))) {
      throw new GasException(`The parameters (${typeName(values)}) don't match the method signature for SpreadsheetApp.Range.setValues.`);
    }
    if (values.length !== this._g.numRows) {
      throw new GasException(
        `The number of rows in the data does not match the number of rows in the range. The data has ${values.length} but the range has ${this._g.numRows}.`,
      );
    }
    for (const row of values as unknown[][]) {
      if (row.length !== this._g.numCols) {
        throw new GasException(
          `The number of columns in the data does not match the number of columns in the range. The data has ${row.length} but the range has ` +
            `${this._g.numCols}.`,
        );
      }
    }
    // Validate every cell before writing any, so a refused write leaves the sheet unchanged.
    const rows = values as unknown[][];
    const cells: (Cell | undefined)[][] = rows.map((row, i) =>
      row.map((v, j) => interpretInput(v, this._model.format(this._g.row - 1 + i, this._g.col - 1 + j), this._deps.limits.cellCharacters)),
    );
    cells.forEach((row, i) => row.forEach((cell, j) => this._model.setCell(this._g.row - 1 + i, this._g.col - 1 + j, cell)));
    this._charged(rows);
    this._deps.workbook.stats.setValuesCalls++;
    this._deps.workbook.stats.cellsWritten += this._g.numRows * this._g.numCols;
    return this;
  }
  setValue(value: unknown): Range {
    this._exec.requireAuthorization('setValue');
    const cells = this._each((r, c) => [r, c] as const);
    for (const row of cells) for (const [r, c] of row) this._write(r, c, value);
    this._charged(cells.map((row) => row.map(() => value)));
    this._deps.workbook.stats.setValueCalls++;
    this._deps.workbook.stats.cellsWritten += this._g.numRows * this._g.numCols;
    return this;
  }
  setFormula(formula: unknown): Range {
    this._exec.requireAuthorization('setFormula');
    const f = String(formula);
    for (const row of this._each((r, c) => [r, c] as const)) for (const [r, c] of row) this._write(r, c, f.startsWith('=') ? f : `=${f}`);
    this._deps.workbook.stats.setFormulaCalls++;
    return this;
  }
  setFormulas(formulas: unknown): Range {
    this._exec.requireAuthorization('setFormulas');
    this.setValues(formulas);
    this._deps.workbook.stats.setValuesCalls--;
    this._deps.workbook.stats.setFormulaCalls++;
    return this;
  }
  getNumberFormat(): string {
    return this._model.format(this._g.row - 1, this._g.col - 1) || 'General';
  }
  getNumberFormats(): string[][] {
    return this._each((r, c) => this._model.format(r, c) || 'General');
  }
  setNumberFormat(format: unknown): Range {
    this._exec.requireAuthorization('setNumberFormat');
    const f = String(format);
    this._each((r, c) => this._model.formats.set(`${r}:${c}`, f));
    return this;
  }
  setNumberFormats(formats: unknown): Range {
    this._exec.requireAuthorization('setNumberFormats');
    const f = formats as unknown[][];
    this._each((r, c) => this._model.formats.set(`${r}:${c}`, String(f[r - this._g.row + 1][c - this._g.col + 1])));
    return this;
  }
  clear(): Range {
    this._exec.requireAuthorization('clear');
    this._each((r, c) => {
      this._model.setCell(r, c, undefined);
      this._model.formats.delete(`${r}:${c}`);
    });
    this._exec.sheetCost.write(this._g.numRows * this._g.numCols, 0, this._model.name);
    return this;
  }
  clearContent(): Range {
    this._exec.requireAuthorization('clearContent');
    this._each((r, c) => this._model.setCell(r, c, undefined));
    this._exec.sheetCost.write(this._g.numRows * this._g.numCols, 0, this._model.name);
    return this;
  }
  clearFormat(): Range {
    this._exec.requireAuthorization('clearFormat');
    this._each((r, c) => this._model.formats.delete(`${r}:${c}`));
    return this;
  }
  getRow(): number {
    return this._g.row;
  }
  getColumn(): number {
    return this._g.col;
  }
  getLastRow(): number {
    return this._g.row + this._g.numRows - 1;
  }
  getLastColumn(): number {
    return this._g.col + this._g.numCols - 1;
  }
  getNumRows(): number {
    return this._g.numRows;
  }
  getNumColumns(): number {
    return this._g.numCols;
  }
  getHeight(): number {
    return this._g.numRows;
  }
  getWidth(): number {
    return this._g.numCols;
  }
  getA1Notation(): string {
    return a1Of(this._g);
  }
  getGridId(): number {
    return this._model.sheetId;
  }
  getSheet(): Sheet {
    return new Sheet(this._deps, this._exec, this._model);
  }
  offset(rowOffset: unknown, columnOffset: unknown, numRows?: unknown, numColumns?: unknown): Range {
    return new Sheet(this._deps, this._exec, this._model).getRange(
      this._g.row + Number(rowOffset),
      this._g.col + Number(columnOffset),
      numRows === undefined ? this._g.numRows : Number(numRows),
      numColumns === undefined ? this._g.numCols : Number(numColumns),
    );
  }
  activate(): Range {
    this._exec.requireAuthorization('activate');
    this._deps.workbook.activeSheetIndex = this._deps.workbook.sheets.indexOf(this._model);
    this._deps.workbook.activeRange = `${quoteSheet(this._model.name)}!${this.getA1Notation()}`;
    return this;
  }
  /** Only a whole row or a whole column takes metadata (Range.addDeveloperMetadata). */
  private _dimension(): { type: 'ROW' | 'COLUMN'; index: number } {
    const g = this._g;
    if (g.numCols === this._model.maxColumns && g.col === 1 && g.numRows === 1) return { type: 'ROW', index: g.row - 1 };
    if (g.numRows === this._model.maxRows && g.row === 1 && g.numCols === 1) return { type: 'COLUMN', index: g.col - 1 };
    return refuseArbitrary();
  }
  addDeveloperMetadata(key: unknown, value?: unknown): Range {
    this._exec.requireAuthorization('addDeveloperMetadata');
    const v = value === undefined || value === null ? null : String(value);
    this._deps.workbook.metadata.add({ key: String(key), value: v, visibility: 'DOCUMENT', sheetId: this._model.sheetId, location: this._dimension() });
    return this;
  }
  getDeveloperMetadata(): DeveloperMetadata[] {
    const where = this._dimension();
    return this._deps.workbook.metadata
      .ofSheet(this._model.sheetId)
      .filter((e) => e.location.type === where.type && 'index' in e.location && e.location.index === where.index)
      .map((e) => new DeveloperMetadata(this._deps.workbook.metadata, this._exec, e));
  }
  setFontWeight(v: unknown): Range {
    return this._style('setFontWeight', [v]);
  }
  setFontColor(v: unknown): Range {
    return this._style('setFontColor', [v]);
  }
  setBackground(v: unknown): Range {
    return this._style('setBackground', [v]);
  }
  setWrap(v: unknown): Range {
    return this._style('setWrap', [v]);
  }
  setHorizontalAlignment(v: unknown): Range {
    return this._style('setHorizontalAlignment', [v]);
  }
  setNote(v: unknown): Range {
    return this._style('setNote', [v]);
  }
}
