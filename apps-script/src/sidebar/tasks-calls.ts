/**
 * Sidebar: for the selected rows, create one task or log one call per contact (issue 11). Each row's outcome is
 * written beside it ("PDS task" / "PDS call": the new id, "error: ..." or "unknown: ..."), so running the action
 * again only does the rows not done yet. A create or log whose answer was lost is never repeated: its row says
 * "unknown" and the run stops there; a row that already has an id or "unknown" is skipped, only "error" rows
 * (refused by the service, so nothing was made) are tried again.
 */
import {
  call,
  createTaskOperation,
  listCallDispositionsOperation,
  listCallSentimentsOperation,
  logCallOperation,
  ProspectingError,
  ValidationError,
  validate,
  type AnyOperation,
} from '../../../shared';
import { failureOutcome } from '../../../shared/errors';
import { deadlineAfter } from '../budget';
import { keyOf } from '../cells';
import { makeClient, run } from '../client';
import { userMessage } from '../errors';
import { gasHost, sleepUntil } from '../host';
import { selectedRows } from '../research/targets';
import { headerColumns } from '../sheet-io';
import { track } from '../rows/row-status';
import { roleColumn } from '../rows/tagged-columns';
import { noRowsDone, type RowCounts } from '../rows/row-counts';
import { requestArg } from './inputs';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export interface RowsOutcome extends RowCounts {
  /** The column the outcomes were written to. */
  column: string;
}

interface Target {
  row: number;
  contactId: number;
}

/**
 * The add-on's outcome column, made (header written) when the sheet has none: tagged, so it is found again when
 * moved or renamed (rows/tagged-columns.ts).
 */
function outcomeColumn(sheet: Sheet, name: string): number {
  return roleColumn(sheet, outcomeRole(name), name);
}

const outcomeRole = (name: string) => `outcome:${name}`;

/** The selected rows with a contactId ("contactId" or "PDS contactId" column), and what their outcome cell holds. */
function targetsOf(sheet: Sheet, rows: number[], outcome: number): { pending: Target[]; skipped: number } {
  const headers = headerColumns(sheet);
  const idColumn = headers.get('contactId') ?? headers.get('PDS contactId');
  if (!idColumn) throw new Error('The sheet has no contactId column: import saved contacts or enrich the rows first. Nothing was sent.');
  const first = rows[0];
  const ids = sheet.getRange(first, idColumn, rows.length, 1).getValues();
  const cells = sheet.getRange(first, outcome, rows.length, 1).getValues();
  const pending: Target[] = [];
  let skipped = 0;
  rows.forEach((row, i) => {
    const id = keyOf(ids[i][0]);
    if (!/^\d+$/.test(id)) return;
    const cell = keyOf(cells[i][0]);
    if (cell && !cell.startsWith('error:')) {
      skipped++;
      return;
    }
    pending.push({ row, contactId: Number(id) });
  });
  if (pending.length === 0 && skipped === 0) throw new Error('None of the selected rows has a contactId. Nothing was sent.');
  return { pending, skipped };
}

/** The service refused this row (4xx but 429): nothing was made, the next row may still work. */
function refusedRow(error: unknown): boolean {
  return error instanceof ProspectingError && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/**
 * Runs `op` once per selected row with the same fields and the row's contactId. The fields are checked before
 * anything is sent (a bad one refuses the whole run); then rows go one by one within the time budget.
 */
function perRow(op: AnyOperation, fields: Record<string, unknown>, column: string, idOf: (answer: Record<string, unknown>) => string): RowsOutcome {
  const client = makeClient();
  const selection = selectedRows();
  // Checked once with a stand-in contactId: a wrong field is named before the first row is sent.
  validate(op.input, { ...fields, contactId: 1 }, op.title);
  const outcomeAt = outcomeColumn(selection.sheet, column);
  const { pending, skipped } = targetsOf(selection.sheet, selection.rows, outcomeAt);
  const deadline = deadlineAfter(client.addOn.runBudgetMs);
  const host = gasHost({ sleep: sleepUntil(deadline) });
  // Outcomes are written by row id: rows may be inserted, deleted or sorted while the requests go out.
  const rows = track(
    selection.sheet,
    pending.map((t) => t.row),
    outcomeRole(column),
    column,
  );
  const written = new Map<number, string>();
  const out: RowsOutcome = { column, ...noRowsDone(skipped) };
  const note = (row: number, text: string) => {
    written.set(row, text);
    if (out.messages.length < 5) out.messages.push(`Row ${row}: ${text}`);
  };
  try {
    for (let i = 0; i < pending.length; i++) {
      const target = pending[i];
      if (Date.now() >= deadline) {
        out.remaining = pending.length - i;
        break;
      }
      try {
        const answer = run(client, call(client, op, { ...fields, contactId: target.contactId }), host) as Record<string, unknown>;
        written.set(target.row, idOf(answer));
        out.done++;
      } catch (error) {
        if (refusedRow(error) || error instanceof ValidationError) {
          out.errors++;
          note(target.row, `error: ${userMessage(error)}`);
          continue;
        }
        // The core's outcome model: a lost answer, a server error or an unreadable 2xx may have left it made.
        if (failureOutcome(error, 'unsafe') === 'unknown') {
          out.unknown++;
          note(target.row, `unknown: ${userMessage(error)}`);
          out.remaining = pending.length - i - 1;
          break;
        }
        // Not sent (rate limit past the budget, service unreachable): the row stays as it was, for the next run.
        out.remaining = pending.length - i;
        out.messages.push(`Stopped at row ${target.row}: ${userMessage(error)}`);
        break;
      }
    }
  } finally {
    rows.write(written);
  }
  return out;
}

export interface TaskRequest {
  name: string;
  taskType: string;
  priority: number;
  description?: string;
  dueAt?: string;
  templateId?: number;
}

/** One task per selected contact (never repeated after a lost answer). */
export function createTasksForSelection(req: TaskRequest): RowsOutcome {
  const { name, taskType, priority, description, dueAt, templateId } = requestArg<TaskRequest>(req, 'request');
  const fields = Object.fromEntries(
    Object.entries({ name, taskType, priority, description, dueAt, templateId }).filter(([, v]) => v !== undefined && v !== ''),
  );
  return perRow(createTaskOperation, fields, 'PDS task', (task) => `task ${String(task.taskId)}`);
}

export interface CallRequest {
  callDispositionId?: number;
  callSentimentId?: number;
  callScript?: string;
  calledAt?: string;
  durationMs?: number;
}

/** One logged call per selected contact (never repeated after a lost answer). */
export function logCallsForSelection(req: CallRequest): RowsOutcome {
  const { callDispositionId, callSentimentId, callScript, calledAt, durationMs } = requestArg<CallRequest>(req, 'request');
  const fields = Object.fromEntries(
    Object.entries({ callDispositionId, callSentimentId, callScript, calledAt, durationMs }).filter(([, v]) => v !== undefined && v !== ''),
  );
  return perRow(logCallOperation, fields, 'PDS call', (logged) => `call ${String(logged.callId)}`);
}

/** The choices the sidebar's call form shows: dispositions and sentiments with their ids. */
export function callChoices(): { dispositions: unknown[]; sentiments: unknown[] } {
  const client = makeClient();
  const dispositions = run(client, call(client, listCallDispositionsOperation, {}));
  const sentiments = run(client, call(client, listCallSentimentsOperation, {}));
  return { dispositions, sentiments };
}
