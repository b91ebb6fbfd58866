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
  validate,
  type AnyOperation,
} from '../../../shared';
import { failureOutcome } from '../../../shared/errors';
import { deadlineAfter, timeLeft } from '../budget';
import { makeClient, run } from '../client';
import { fail, refused, userMessage } from '../errors';
import { gasHost, sleepUntil } from '../host';
import { selectedKeys, selectedRows, type SelectedRows } from '../research/targets';
import { track } from '../rows/row-status';
import { roleColumn } from '../rows/tagged-columns';
import { noRowsDone, type RowCounts } from '../rows/row-counts';
import { requestArg } from './inputs';
import { selectedFields } from './outreach';

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
function targetsOf(selection: SelectedRows, outcome: number): { pending: Target[]; skipped: number } {
  const [ids] = selectedFields(
    selection,
    ['contactId'],
    'The sheet has no contactId column: import saved contacts or enrich the rows first. Nothing was sent.',
  );
  const cells = selectedKeys(selection, outcome);
  const pending: Target[] = [];
  let skipped = 0;
  selection.rows.forEach((row, i) => {
    const id = ids[i];
    if (!/^\d+$/.test(id)) return;
    const cell = cells[i];
    if (cell && !cell.startsWith('error:')) {
      skipped++;
      return;
    }
    pending.push({ row, contactId: Number(id) });
  });
  if (pending.length === 0 && skipped === 0) fail('None of the selected rows has a contactId. Nothing was sent.');
  return { pending, skipped };
}

/**
 * Runs `op` once per selected row with the request's `fields` (those given) and the row's contactId. The fields are
 * checked before anything is sent (a bad one refuses the whole run); then rows go one by one within the time budget.
 */
function perRow(op: AnyOperation, req: unknown, names: string[], column: string, idOf: (answer: Record<string, unknown>) => string): RowsOutcome {
  const given = requestArg<Record<string, unknown>>(req);
  const fields = Object.fromEntries(names.flatMap((n) => (given[n] === undefined || given[n] === '' ? [] : [[n, given[n]]])));
  const client = makeClient();
  const selection = selectedRows();
  // Checked once with a stand-in contactId: a wrong field is named before the first row is sent.
  validate(op.input, { ...fields, contactId: 1 }, op.title);
  const outcomeAt = outcomeColumn(selection.sheet, column);
  const { pending, skipped } = targetsOf(selection, outcomeAt);
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
      if (!timeLeft(deadline)) {
        out.remaining = pending.length - i;
        break;
      }
      try {
        const answer = run(client, call(client, op, { ...fields, contactId: target.contactId }), host) as Record<string, unknown>;
        written.set(target.row, idOf(answer));
        out.done++;
      } catch (error) {
        if (refused(error)) {
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
  const fields = ['name', 'taskType', 'priority', 'description', 'dueAt', 'templateId'];
  return perRow(createTaskOperation, req, fields, 'PDS task', (task) => `task ${String(task.taskId)}`);
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
  const fields = ['callDispositionId', 'callSentimentId', 'callScript', 'calledAt', 'durationMs'];
  return perRow(logCallOperation, req, fields, 'PDS call', (logged) => `call ${String(logged.callId)}`);
}

/** The choices the sidebar's call form shows: dispositions and sentiments with their ids. */
export function callChoices(): { dispositions: unknown[]; sentiments: unknown[] } {
  const client = makeClient();
  const dispositions = run(client, call(client, listCallDispositionsOperation, {}));
  const sentiments = run(client, call(client, listCallSentimentsOperation, {}));
  return { dispositions, sentiments };
}
