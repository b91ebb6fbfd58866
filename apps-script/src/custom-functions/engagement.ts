/**
 * Custom functions for tasks, the activity feed and the call choices (issue 11): free reads, declared once here
 * and spread into the registry. Filters left blank are left out; the core checks the rest (status, taskType...)
 * before anything is sent, and a bad one shows in the cell naming the argument and the rule.
 */
import { listActivityOperation, listCallDispositionsOperation, listCallSentimentsOperation, listTasksOperation, type AnyOperation } from '../../../shared';
import * as records from '../../../shared/records';
import { intArg, isBlank } from '../args';
import type { CellValue } from '../cells';
import type { Answering } from './answer';
import { customFunction, param, stringParam, type CustomFunction } from './define';
import { listFunction, pagedTable } from './read-table';
import { columnsOf } from './reference';

const taskColumns = /* @__PURE__ */ columnsOf(records.taskSchema);
const activityColumns = /* @__PURE__ */ columnsOf(records.activitySchema);
const dispositionColumns = /* @__PURE__ */ columnsOf(records.callDispositionSchema);
const sentimentColumns = /* @__PURE__ */ columnsOf(records.callSentimentSchema);

/** A cell's text filter: blank is no filter; a number typed in a cell is read as its text. */
function textArg(value: unknown): string | undefined {
  return isBlank(value) ? undefined : String(value).trim() || undefined;
}

function withoutBlanks(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

/** Up to `limit` records of an offset-paged read, as a table with a header row. */
function feedTable(a: Answering, op: AnyOperation, input: Record<string, unknown>, limit: unknown, columns: readonly string[]): CellValue[][] {
  return pagedTable(a, op, withoutBlanks(input), columns, intArg(limit, 'limit', 100, 1, 2000));
}

const limit = param('limit', 'number', 'Most rows to return (default 100, up to 2000).');

export const engagementFunctions: Record<string, CustomFunction> = {
  PDS_TASKS: customFunction({
    summary: "Lists your organization's tasks (free), optionally only one status, type or campaign.",
    params: [
      stringParam('status', 'Optional: scheduled, in-progress, completed, paused, errored, cancelled or skipped.'),
      stringParam('taskType', 'Optional: manual-email, call, action-item or linkedin.'),
      limit,
      stringParam('campaignIdentifier', 'Optional: only the tasks of this campaign (its identifier, e.g. q3-directors).'),
    ],
    returns: 'A table of tasks with a header row, soonest due first.',
    operations: [listTasksOperation],
    body: (a, status, taskType, max, campaignIdentifier) =>
      feedTable(
        a,
        listTasksOperation,
        { status: textArg(status), taskType: textArg(taskType), campaignIdentifier: textArg(campaignIdentifier) },
        max,
        taskColumns,
      ),
  }),
  PDS_ACTIVITY: customFunction({
    summary: "Lists what happened to your organization's contacts, newest first (free): emails, calls, tasks, campaigns.",
    params: [
      param('contactId', 'number', 'Optional: only the activity of this saved contact.'),
      stringParam('searchText', 'Optional: only events whose description contains this text.'),
      limit,
      stringParam('campaignIdentifier', 'Optional: only the activity of this campaign.'),
    ],
    returns: 'A table of activity events with a header row, newest first.',
    operations: [listActivityOperation],
    body: (a, contactId, searchText, max, campaignIdentifier) =>
      feedTable(
        a,
        listActivityOperation,
        { contactId: textArg(contactId), searchText: textArg(searchText), campaignIdentifier: textArg(campaignIdentifier) },
        max,
        activityColumns,
      ),
  }),
  PDS_CALL_DISPOSITIONS: listFunction(
    { summary: 'Lists the outcomes a logged call can have, with their ids (free).', returns: 'A table of call dispositions with a header row.' },
    listCallDispositionsOperation,
    dispositionColumns,
  ),
  PDS_CALL_SENTIMENTS: listFunction(
    { summary: 'Lists the sentiments a logged call can have, with their ids (free).', returns: 'A table of call sentiments with a header row.' },
    listCallSentimentsOperation,
    sentimentColumns,
  ),
};
