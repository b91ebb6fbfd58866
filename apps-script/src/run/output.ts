import { safeCell, type CellValue } from '../cells';
import { clearForOverwrite, writeRecords } from '../imports/output';
import { OUTPUT_MODES, type OutputMode } from '../imports/types';
import { sheetNameArg } from '../sidebar/inputs';
import { appendHeaders, headerColumns, sheetNamed, writeSpan } from '../sheet-io';
import { fail } from '../errors';
import { isObject } from '../../../shared/flow/is-object';

/**
 * Where the answers of a run go: nowhere (shown in the sidebar), to a sheet with the imports' output modes
 * (overwrite, append, merge by key: imports/output.ts), or back into the rows they ran for, one `PDS <field>` column
 * per field of the answer.
 */
export interface OutputRequest {
  to?: 'none' | 'sheet' | 'rows';
  sheetName?: string;
  mode?: OutputMode;
  /** The column that identifies a record (append and merge match on it); default: the answer's first `…Id` field. */
  key?: string;
}

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Rec = Record<string, unknown>;

/** The records of an answer: a list, a list under `results` (or the one list it holds), else the answer itself. */
function recordsOf(answer: unknown): Rec[] {
  if (Array.isArray(answer)) return answer.map((a) => (isObject(a) ? a : { value: a }));
  if (!isObject(answer)) return [{ value: answer }];
  const lists = Object.values(answer).filter(Array.isArray);
  if (Array.isArray(answer.results)) return recordsOf(answer.results);
  if (lists.length === 1 && Object.keys(answer).length <= 2) return recordsOf(lists[0]);
  return [answer];
}

/** The one record an answer is about: `{campaign: {...}}` is the campaign. */
function recordOf(answer: unknown): Rec {
  if (!isObject(answer)) return { value: answer };
  const entries = Object.entries(answer);
  return entries.length === 1 && isObject(entries[0][1]) ? (entries[0][1] as Rec) : answer;
}

function columnsOf(records: readonly Rec[]): string[] {
  const columns = new Set<string>();
  for (const r of records) for (const k of Object.keys(r)) columns.add(k);
  return [...columns];
}

/** The sheet the records go to (refused by name when it cannot be one). */
function outputSheetName(out: OutputRequest): string {
  return sheetNameArg(out.sheetName, 'PDS results', 'output.sheetName');
}

function toSheet(records: Rec[], out: OutputRequest): string {
  const mode = out.mode ?? 'append';
  const sheet = sheetNamed(outputSheetName(out));
  const columns = columnsOf(records);
  const key = out.key?.trim() || columns.find((c) => c === 'id' || /Id$/.test(c));
  // The imports' modes match records by key: with none, a second run could not tell its records from the first's.
  if (!key) return 'nothing: the answer has no …Id field, name the key column (output.key)';
  if (mode === 'overwrite') clearForOverwrite(sheet);
  const c = writeRecords(sheet, columns.includes(key) ? columns : [...columns, key], records, mode, key);
  return `${sheet.getName()}: ${c.appended} added, ${c.updated} updated, ${c.unchanged} unchanged (by ${key})`;
}

function toRows(sheet: Sheet, answers: { row: number; answer: unknown }[]): string {
  const records = answers.map((a) => ({ row: a.row, record: recordOf(a.answer) }));
  const fields = columnsOf(records.map((r) => r.record));
  const headers = headerColumns(sheet);
  for (const field of fields) {
    const name = `PDS ${field}`;
    let column = headers.get(name);
    if (!column) {
      column = appendHeaders(sheet, [safeCell(name)]);
      headers.set(name, column);
    }
    writeSpan(sheet, column, 1, new Map<number, CellValue[]>(records.map((r) => [r.row, [safeCell(r.record[field])]])));
  }
  return `${records.length} row${records.length === 1 ? '' : 's'}: ${fields.length} PDS column${fields.length === 1 ? '' : 's'}`;
}

/** Refuses a bad output before anything is sent, naming the field. */
export function checkOutput(out: OutputRequest | undefined, perRow: boolean): void {
  if (!out || !out.to || out.to === 'none') return;
  if (out.to !== 'sheet' && out.to !== 'rows') fail('output.to: must be none, sheet or rows. Nothing was sent.');
  if (out.to === 'rows' && !perRow) fail('output.to: "rows" writes back into the selected rows; run once per selected row for it. Nothing was sent.');
  if (out.to === 'sheet') {
    if (out.mode !== undefined && !OUTPUT_MODES.includes(out.mode)) fail(`output.mode: must be one of ${OUTPUT_MODES.join(', ')}. Nothing was sent.`);
    outputSheetName(out);
  }
}

/** Writes the answers where the request says; returns what was written, or undefined when nothing was. */
export function writeAnswers(answers: { row: number; answer: unknown }[], out: OutputRequest | undefined, sheet?: Sheet): string | undefined {
  if (!out || !out.to || out.to === 'none' || answers.length === 0) return undefined;
  if (out.to === 'rows') return sheet ? toRows(sheet, answers) : undefined;
  return toSheet(
    answers.flatMap((a) => recordsOf(a.answer)),
    out,
  );
}
