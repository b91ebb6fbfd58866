import * as z from '../validation/zod';
import { successOnlySchema, taskActions, taskSchema, taskStatuses, taskTypes, v2Envelope, v2ListOf, v2Of } from '../records';
import { integerId, isoDateTimeInput, nameText, oneOf, pathId, wholeNumber, optionalShortText, optionalLongText } from '../validation/fields';
import { deleteBase, keyedById, defineOperation, v2Base, getBase, listBase } from './types';
import { lazySchema, lazyStrictObject } from '../validation/lazy-schema';
import { idInput } from './inputs';

/** Tasks (public reference, "The rest of the service": Tasks; the rest in DECISIONS "Tasks, calls, activity"). */

/** The largest page the tasks and activity reads take (DECISIONS). */
export const feedPageLimit = 100;

/** Published priorities 0 | 1 | 2, named as the service's own integration names them (0 normal, the default). */
const priorityRule = 'must be 0 (normal), 1 (high) or 2 (urgent)';
export const taskPriority = /* @__PURE__ */ lazySchema(() =>
  z.number({ message: priorityRule }).check(z.int(priorityRule), z.minimum(0, priorityRule), z.maximum(2, priorityRule)),
);

/** The columns tasks sort by (not published: DECISIONS "Tasks, calls, activity"). */
export const taskSortColumns = ['dueAt', 'createdAt', 'updatedAt', 'priority', 'name', 'status'] as const;

/** Offset paging of the tasks and activity reads: limit 1..100, offset from 0. */
export const offsetPaging = {
  limit: lazySchema(() => z.optional(wholeNumber(1).check(z.maximum(feedPageLimit, `at most ${feedPageLimit} per page`)))),
  offset: lazySchema(() => z.optional(wholeNumber(0, 'must be 0 or more'))),
};
/** Their pagination: offset + limit, at most feedPageLimit per page. */
export const feedPaging = { style: 'offset', offsetField: 'offset', limitField: 'limit', maxLimit: feedPageLimit } as const;

const base = { ...v2Base, resource: 'tasks' } as const;
const byId = { path: '/tasks/{id}' } as const;

export const listTasksOperation = defineOperation({
  ...base,
  ...listBase,
  title: 'List tasks',
  description: 'Lists your tasks (calls, manual emails, LinkedIn steps, to-dos), filtered by status, type or campaign.',
  path: '/tasks',
  queryFields: ['limit', 'offset', 'campaignIdentifier', 'sortColumn', 'sortOrder', 'status', 'taskType'],
  input: lazyStrictObject(() => ({
    ...offsetPaging,
    campaignIdentifier: optionalShortText,
    sortColumn: z.optional(oneOf(taskSortColumns)),
    sortOrder: z.optional(oneOf(['asc', 'desc'])),
    status: z.optional(oneOf(taskStatuses)),
    taskType: z.optional(oneOf(taskTypes)),
  })),
  output: v2ListOf(taskSchema),
  pagination: feedPaging,
});

export const getTaskOperation = defineOperation({
  ...base,
  ...byId,
  ...getBase,
  title: 'Get task',
  description: 'Reads one task.',
  input: idInput,
  output: v2Of(taskSchema),
});

export const createTaskOperation = defineOperation({
  ...base,
  action: 'create',
  title: 'Create task',
  description: 'Creates a task for a saved contact: a call, a manual email, a LinkedIn step or a to-do.',
  method: 'POST',
  path: '/tasks',
  input: lazyStrictObject(() => ({
    name: nameText('task name'),
    taskType: oneOf(taskTypes),
    contactId: integerId,
    // Optional as the service has it: its own integration sends priority only as an additional field (DECISIONS).
    priority: z.optional(taskPriority),
    description: optionalLongText,
    dueAt: z.optional(isoDateTimeInput),
    templateId: z.optional(integerId),
  })),
  output: v2Of(taskSchema),
  // Never repeat a create after an ambiguous failure: the salesperson would get the task twice.
});

export const updateTaskOperation = defineOperation({
  ...base,
  ...byId,
  action: 'update',
  title: 'Update task',
  description: "Changes a task's name, description, due date, priority or status.",
  method: 'PUT',
  input: lazySchema(() =>
    z
      .strictObject({
        id: pathId,
        name: z.optional(nameText('task name')),
        description: optionalLongText,
        dueAt: z.optional(isoDateTimeInput),
        priority: z.optional(taskPriority),
        status: z.optional(oneOf(taskStatuses)),
      })
      .check(
        z.refine((v) => Object.keys(v).some((k) => k !== 'id'), { message: 'give at least one field to change (name, description, dueAt, priority, status)' }),
      ),
  ),
  output: v2Of(taskSchema),
  // Safe to repeat (a PUT): setting the same values twice changes nothing more.
});

export const deleteTaskOperation = defineOperation({
  ...base,
  ...byId,
  ...deleteBase,
  title: 'Delete task',
  description: 'Deletes a task.',
  input: idInput,
  // A lost answer to a delete is surfaced, not repeated: a repeat would answer 404 and hide that it worked.
});

export const taskActionOperation = defineOperation({
  ...base,
  action: 'action',
  title: 'Change task state',
  description: 'Starts, completes, pauses, unpauses, skips, cancels, schedules, reschedules or deletes a task.',
  method: 'POST',
  path: '/tasks/{id}/actions',
  input: lazyStrictObject(() => ({ id: pathId, action: oneOf(taskActions) })),
  output: lazySchema(() => z.union([v2Envelope(taskSchema), successOnlySchema])),
  result: (body) => ('data' in body ? body.data : body),
  // A move that happened is refused the second time (409), which would hide that it worked: never guessed at.
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const taskOperations = keyedById([
  listTasksOperation,
  getTaskOperation,
  createTaskOperation,
  updateTaskOperation,
  deleteTaskOperation,
  taskActionOperation,
]);
