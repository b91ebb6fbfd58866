import { failureOutcome, UNKNOWN_OUTCOME_TEXT, ValidationError, type Client } from '../../../shared';
import { fingerprint } from '../../../shared/hash';
import { deadlineAfter, timeLeft } from '../budget';
import { keyOf, safeCell, type CellValue } from '../cells';
import { run } from '../client';
import { fail, refused, userMessage } from '../errors';
import { isObject } from '../../../shared/flow/is-object';
import { noRowsDone, type RowCounts } from '../rows/row-counts';
import { gasHost, sleepUntil } from '../host';
import { issueConfirmation, takeConfirmation } from '../sidebar/confirmation';
import { selectedRows } from '../research/targets';
import { appendHeaders, headerColumns, writeSpan } from '../sheet-io';
import type { FieldKind } from '../../../shared/catalogue/form-fields';
import { inputFrom, rowValue } from './form-values';
import { checkOutput, writeAnswers, type OutputRequest } from './output';
import type { Runnable } from './runnable';

/**
 * Runs one operation or MCP tool from the sidebar: once with the form's values, or once per selected row with each
 * field the form leaves blank taken from the row's column of that name. Every input is checked
 * before anything is sent; the preview says what will be sent and what it may cost, and for an unsafe operation hands
 * out a one-time confirmation bound to exactly these inputs. Per row, each row's outcome is written to a column
 * `PDS <operation>`: a row that holds a result or an unknown outcome is never run again by an unsafe operation.
 */
export interface RunRequest {
  values?: Record<string, unknown>;
  /** Each form field's kind (form-fields.ts), as the sidebar's form showed it: how a cell's text is read. */
  kinds?: Record<string, FieldKind>;
  perRow?: boolean;
  /**
   * Per row: the column (its header) that fills each field, as the sidebar's mapping shows it (`contactIds` →
   * "contactId", `contacts.contactName` → "Name"). Without it, a field takes the column of its own name.
   */
  columns?: Record<string, string>;
  output?: OutputRequest;
}

interface Planned {
  /** Sheet row, or 0 for a run with the form's values. */
  row: number;
  input: Record<string, unknown>;
}

interface Plan {
  runs: Planned[];
  skipped: number;
  sheet?: GoogleAppsScript.Spreadsheet.Sheet;
  outcomeColumn?: number;
}

const PENDING_KEY = 'pds.runOperation.pending';
const MAX_ROWS = 500;
const PREVIEWED = 3;
/** Rows the preview lists (values per row); past these it says how many more. */
const LISTED = 20;
export const outcomeHeader = (r: Runnable) => `PDS ${r.key}`;

/** An optional object of the request (values, kinds): absent is empty; anything else but an object is refused. */
function objectArg(value: unknown, name: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) fail(`${name}: must be an object of field names. Nothing was sent.`);
  return value;
}

/** The sidebar's column mapping: field → a header of the sheet (a header that is not there is refused, by name). */
function columnsArg(value: unknown, headers: Map<string, number>, sheetName: string): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  const columns = objectArg(value, 'request.columns');
  for (const [field, header] of Object.entries(columns))
    if (typeof header !== 'string' || !headers.has(header))
      fail(`No column "${String(header)}" in sheet "${sheetName}" (chosen for ${field}). Nothing was sent.`);
  return columns as Record<string, string>;
}

function plan(r: Runnable, req: RunRequest): Plan {
  const values = objectArg(req.values, 'request.values');
  const kinds = objectArg(req.kinds, 'request.kinds') as Record<string, FieldKind>;
  checkOutput(req.output, !!req.perRow);
  if (!req.perRow) {
    const input = inputFrom(kinds, values);
    r.check(input);
    return { runs: [{ row: 0, input }], skipped: 0 };
  }
  const { sheet, rows } = selectedRows();
  if (rows.length > MAX_ROWS) fail(`Select at most ${MAX_ROWS} rows. Nothing was sent.`);
  const headers = headerColumns(sheet);
  const width = Math.max(sheet.getLastColumn(), 1);
  const cells = sheet.getRange(rows[0], 1, rows.length, width).getValues();
  const columns = columnsArg(req.columns, headers, sheet.getName());
  const outcomeColumn = headers.get(outcomeHeader(r));
  const runs: Planned[] = [];
  let skipped = 0;
  rows.forEach((row, i) => {
    const done = outcomeColumn ? keyOf(cells[i][outcomeColumn - 1]) : '';
    // An unsafe operation never runs again on a row that holds its result or an unknown outcome; a refusal may be retried.
    if (r.unsafe && done && !done.startsWith('error:')) return void skipped++;
    const cell = (header: string) => (headers.has(header) ? cells[i][headers.get(header)! - 1] : undefined);
    const input = inputFrom(kinds, values, columns ? (name) => rowValue(name, kinds, columns, cell) : cell);
    try {
      r.check(input);
    } catch (error) {
      throw new ValidationError(`Row ${row}: ${(error as Error).message}`, error instanceof ValidationError ? error.issues : []);
    }
    runs.push({ row, input });
  });
  if (runs.length === 0 && skipped === 0) fail('The selection holds no rows to run. Nothing was sent.');
  return { runs, skipped, sheet, outcomeColumn };
}

/** The most credits the runs may spend: one per research item (the service does not charge recent duplicates). */
function creditsOf(r: Runnable, runs: Planned[]): number {
  let n = 0;
  for (const { input } of runs) for (const f of r.creditFields) n += Array.isArray(input[f]) ? (input[f] as unknown[]).length : 0;
  return n;
}

function fingerprintOf(r: Runnable, p: Plan, output: unknown): string {
  return fingerprint(JSON.stringify([r.key, p.sheet?.getName() ?? '', p.runs.map((x) => [x.row, x.input]), output ?? null]));
}

export interface RunPreview {
  title: string;
  unsafe: boolean;
  runs: number;
  skipped: number;
  /** The input of each run (the first 20), for the sidebar to show in its words; `more` runs past these. */
  rows: { row: number; input: Record<string, unknown> }[];
  more: number;
  /** The first requests, as they would be sent. */
  requests: { row: number; method: string; target: string; body?: unknown }[];
  /** "free", or the most credits the runs may spend. */
  cost: string;
  /** Unsafe operations: give it back to run; it works once, for exactly what was previewed. */
  confirmation?: string;
}

export function previewRun(r: Runnable, req: RunRequest): RunPreview {
  const p = plan(r, req);
  const { runs } = p;
  const credits = creditsOf(r, runs);
  const preview: RunPreview = {
    title: r.title,
    unsafe: r.unsafe,
    runs: runs.length,
    skipped: p.skipped,
    rows: runs.slice(0, LISTED),
    more: Math.max(0, runs.length - LISTED),
    requests: runs.slice(0, PREVIEWED).map((x) => ({ row: x.row, ...r.describe(x.input) })),
    cost: r.creditFields.length ? `at most ${credits} credit${credits === 1 ? '' : 's'} (1 per item; recent duplicates are free)` : 'free',
  };
  if (!r.unsafe) return preview;
  return { ...preview, confirmation: issueConfirmation(PENDING_KEY, fingerprintOf(r, p, req.output)) };
}

export interface RunResult extends RowCounts {
  /** A single run's answer, for the sidebar to show (long answers are cut). */
  answer?: string;
  written?: string;
}

export function runPlanned(r: Runnable, req: RunRequest, confirmation: unknown, client: Client & { addOn: { runBudgetMs: number } }): RunResult {
  const p = plan(r, req);
  const total = p.runs.length;
  if (r.unsafe)
    takeConfirmation(
      PENDING_KEY,
      confirmation,
      fingerprintOf(r, p, req.output),
      'This run was already made or started, or was never previewed: preview again. Nothing was sent.',
      'The values, the rows or the output changed since the preview: preview again. Nothing was sent.',
    );
  const deadline = deadlineAfter(client.addOn.runBudgetMs);
  const host = gasHost({ sleep: sleepUntil(deadline) });
  const out: RunResult = noRowsDone(p.skipped);
  const answers: { row: number; answer: unknown }[] = [];
  const outcomes = new Map<number, CellValue[]>();
  const note = (row: number, text: string) => {
    if (row) outcomes.set(row, [safeCell(text)]);
    if (out.messages.length < 5) out.messages.push(row ? `Row ${row}: ${text}` : text);
  };
  for (let i = 0; i < total; i++) {
    const { row, input } = p.runs[i];
    if (i > 0 && !timeLeft(deadline)) {
      out.remaining = total - i;
      break;
    }
    try {
      const answer = run(client, r.send(client, input), host);
      answers.push({ row, answer });
      if (row) outcomes.set(row, [safeCell('done')]);
      out.done++;
    } catch (error) {
      if (failureOutcome(error, r.unsafe ? 'unsafe' : 'safe') === 'unknown') {
        out.unknown++;
        note(row, `${UNKNOWN_OUTCOME_TEXT}: ${userMessage(error)}`);
        out.remaining = total - i - 1;
        break;
      }
      if (refused(error) && total > 1) {
        out.errors++;
        note(row, `error: ${userMessage(error)}`);
        continue;
      }
      if (total === 1 && !row) throw error;
      // Not done and nothing happened (rate limit past the budget, service unreachable): the rest waits for the next run.
      out.remaining = total - i;
      out.messages.push(`Stopped${row ? ` at row ${row}` : ''}: ${userMessage(error)}`);
      break;
    }
  }
  // The outcome column, appended on the first run that writes one.
  if (p.sheet && outcomes.size) writeSpan(p.sheet, p.outcomeColumn || appendHeaders(p.sheet, [safeCell(outcomeHeader(r))]), 1, outcomes);
  if (!req.perRow && answers.length) out.answer = JSON.stringify(answers[0].answer, null, 1).slice(0, 4000);
  const written = writeAnswers(answers, req.output, p.sheet);
  if (written) out.written = written;
  return out;
}
