import * as z from '../validation/zod';
import { idText, looseDateTime, looseInt, looseText } from './lenient';
import { lazyLooseObject } from '../validation/lazy-schema';

/** Task records (public reference, "The rest of the service": Tasks; the fields are ours, DECISIONS "Tasks, calls, activity"). */

/** The published task types (POST /tasks taskType). */
export const taskTypes = ['manual-email', 'call', 'action-item', 'linkedin'] as const;
/** The published task statuses. */
export const taskStatuses = ['scheduled', 'in-progress', 'completed', 'paused', 'errored', 'cancelled', 'skipped'] as const;
/** The published task actions (POST /tasks/{id}/actions). */
export const taskActions = ['cancel', 'complete', 'delete', 'pause', 'reschedule', 'schedule', 'skip', 'start', 'unpause'] as const;
/** The published priorities: 0, 1, 2. */
export const taskPriorities = [0, 1, 2] as const;

export type TaskType = (typeof taskTypes)[number];
export type TaskStatus = (typeof taskStatuses)[number];
export type TaskAction = (typeof taskActions)[number];

/**
 * A task as the service answers it. Only the id is required (the connector acts on it); every other field is
 * read tolerantly, and a status or type the service adds tomorrow is kept as text.
 */
export const taskSchema = /* @__PURE__ */ lazyLooseObject({
  taskId: idText,
  name: looseText,
  taskType: looseText,
  status: looseText,
  priority: looseInt,
  contactId: looseText,
  description: looseText,
  dueAt: looseDateTime,
  templateId: looseInt,
  campaignIdentifier: looseText,
  createdAt: looseDateTime,
  updatedAt: looseDateTime,
  completedAt: looseDateTime,
});
export type Task = z.output<typeof taskSchema>;
