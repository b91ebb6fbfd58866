import { z } from 'zod';
import { successOnlySchema, taskActions, taskSchema, taskStatuses, taskTypes, v2Envelope } from '../records';
import { integerId, isoDateTimeInput, nameText, pathId, shortText } from '../validation/fields';
import { textCaps } from '../validation/limits';
import { keyedById, defineOperation } from './types';
import { lazySchema } from '../validation/lazy-schema';

/** Tasks (public reference, "The rest of the service": Tasks; the rest in DECISIONS "Tasks, calls, activity"). */

/** The largest page the tasks and activity reads take (DECISIONS). */
export const feedPageLimit = 100;

const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { message: `must be one of ${values.join(', ')}` });

/** Published priorities 0 | 1 | 2 (0 low, 2 high: DECISIONS). */
export const taskPriority = lazySchema(() =>
  z
    .number({ message: 'must be 0 (low), 1 (normal) or 2 (high)' })
    .int('must be 0 (low), 1 (normal) or 2 (high)')
    .min(0, 'must be 0 (low), 1 (normal) or 2 (high)')
    .max(2, 'must be 0 (low), 1 (normal) or 2 (high)'),
);

const description = lazySchema(() => z.string().max(textCaps.any, `must be at most ${textCaps.any} characters`));

/** The columns tasks sort by (not published: DECISIONS "Tasks, calls, activity"). */
export const taskSortColumns = ['dueAt', 'createdAt', 'updatedAt', 'priority', 'name', 'status'] as const;

/** Offset paging of the tasks and activity reads: limit 1..100, offset from 0. */
export const offsetPaging = {
  limit: lazySchema(() =>
    z.number().int('must be a whole number').min(1, 'must be at least 1').max(feedPageLimit, `at most ${feedPageLimit} per page`).optional(),
  ),
  offset: lazySchema(() => z.number().int('must be a whole number').min(0, 'must be 0 or more').optional()),
};
const paging = { style: 'offset', offsetField: 'offset', limitField: 'limit', maxLimit: feedPageLimit } as const;

const base = { version: 'v2', resource: 'tasks', pathFields: [], queryFields: [], credits: 'none', pagination: { style: 'none' }, auth: 'required' } as const;
const byId = { path: '/tasks/{id}', pathFields: ['id'] } as const;

export const listTasksOperation = defineOperation({
  ...base,
  id: 'tasks.list',
  action: 'list',
  returns: 'list',
  title: 'List tasks',
  description: 'Lists your tasks (calls, manual emails, LinkedIn steps, to-dos), filtered by status, type or campaign.',
  method: 'GET',
  path: '/tasks',
  queryFields: ['limit', 'offset', 'campaignIdentifier', 'sortColumn', 'sortOrder', 'status', 'taskType'],
  input: lazySchema(() =>
    z.strictObject({
      ...offsetPaging,
      campaignIdentifier: shortText().optional(),
      sortColumn: oneOf(taskSortColumns).optional(),
      sortOrder: oneOf(['asc', 'desc']).optional(),
      status: oneOf(taskStatuses).optional(),
      taskType: oneOf(taskTypes).optional(),
    }),
  ),
  output: lazySchema(() => v2Envelope(z.array(taskSchema))),
  result: (body) => body.data,
  retry: 'safe',
  pagination: paging,
});

export const getTaskOperation = defineOperation({
  ...base,
  ...byId,
  id: 'tasks.get',
  action: 'get',
  title: 'Get task',
  description: 'Reads one task.',
  method: 'GET',
  input: lazySchema(() => z.strictObject({ id: pathId })),
  output: lazySchema(() => v2Envelope(taskSchema)),
  result: (body) => body.data,
  retry: 'safe',
});

export const createTaskOperation = defineOperation({
  ...base,
  id: 'tasks.create',
  action: 'create',
  title: 'Create task',
  description: 'Creates a task for a saved contact: a call, a manual email, a LinkedIn step or a to-do.',
  method: 'POST',
  path: '/tasks',
  input: lazySchema(() =>
    z.strictObject({
      name: nameText('task name'),
      taskType: oneOf(taskTypes),
      contactId: integerId,
      priority: taskPriority,
      description: description.optional(),
      dueAt: isoDateTimeInput.optional(),
      templateId: integerId.optional(),
    }),
  ),
  output: lazySchema(() => v2Envelope(taskSchema)),
  result: (body) => body.data,
  // Never repeat a create after an ambiguous failure: the salesperson would get the task twice.
  retry: 'unsafe',
});

export const updateTaskOperation = defineOperation({
  ...base,
  ...byId,
  id: 'tasks.update',
  action: 'update',
  changesRecord: true,
  title: 'Update task',
  description: "Changes a task's name, description, due date, priority or status.",
  method: 'PUT',
  input: lazySchema(() =>
    z
      .strictObject({
        id: pathId,
        name: nameText('task name').optional(),
        description: description.optional(),
        dueAt: isoDateTimeInput.optional(),
        priority: taskPriority.optional(),
        status: oneOf(taskStatuses).optional(),
      })
      .refine((v) => Object.keys(v).some((k) => k !== 'id'), { message: 'give at least one field to change (name, description, dueAt, priority, status)' }),
  ),
  output: lazySchema(() => v2Envelope(taskSchema)),
  result: (body) => body.data,
  // Setting the same values twice changes nothing more.
  retry: 'safe',
});

export const deleteTaskOperation = defineOperation({
  ...base,
  ...byId,
  id: 'tasks.delete',
  action: 'delete',
  title: 'Delete task',
  description: 'Deletes a task.',
  method: 'DELETE',
  input: lazySchema(() => z.strictObject({ id: pathId })),
  output: successOnlySchema,
  result: (body) => body,
  // A lost answer to a delete is surfaced, not repeated: a repeat would answer 404 and hide that it worked.
  retry: 'unsafe',
});

export const taskActionOperation = defineOperation({
  ...base,
  id: 'tasks.action',
  action: 'action',
  title: 'Change task state',
  description: 'Starts, completes, pauses, unpauses, skips, cancels, schedules, reschedules or deletes a task.',
  method: 'POST',
  path: '/tasks/{id}/actions',
  pathFields: ['id'],
  input: lazySchema(() => z.strictObject({ id: pathId, action: oneOf(taskActions) })),
  output: lazySchema(() => v2Envelope(taskSchema).or(successOnlySchema)),
  result: (body) => ('data' in body ? body.data : body),
  // A move that happened is refused the second time (409), which would hide that it worked: never guessed at.
  retry: 'unsafe',
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
