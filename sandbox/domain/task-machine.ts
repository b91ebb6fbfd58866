/**
 * Task lifecycle (public reference: statuses scheduled, in-progress, completed, paused, errored, cancelled,
 * skipped; actions cancel, complete, delete, pause, reschedule, schedule, skip, start, unpause). Which action
 * moves which status is not published: the table below is ours (DECISIONS "Tasks, calls, activity").
 * A refused move is 409 with a message naming the current status and the actions it allows.
 */
import { HttpError } from '../errors';
import type { Task, TaskStatus } from '../state/types';

export const TASK_ACTIONS = ['cancel', 'complete', 'delete', 'pause', 'reschedule', 'schedule', 'skip', 'start', 'unpause'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];
export const TASK_STATUSES: readonly TaskStatus[] = ['scheduled', 'in-progress', 'completed', 'paused', 'errored', 'cancelled', 'skipped'];

const ALL = TASK_STATUSES;

/** The statuses each action moves a task out of. */
export const TASK_MOVES: Readonly<Record<TaskAction, readonly TaskStatus[]>> = {
  start: ['scheduled'],
  complete: ['scheduled', 'in-progress'],
  pause: ['scheduled', 'in-progress'],
  unpause: ['paused'],
  skip: ['scheduled', 'paused'],
  cancel: ['scheduled', 'in-progress', 'paused', 'errored'],
  schedule: ['errored'],
  reschedule: ['errored', 'skipped', 'cancelled'],
  delete: ALL,
};

const DAY = 86_400_000;

export function allowedTaskActions(status: TaskStatus): TaskAction[] {
  return TASK_ACTIONS.filter((a) => TASK_MOVES[a].includes(status));
}

/** The status an action leaves the task in (unpause: the status it was paused from). */
export function statusAfter(task: Pick<Task, 'status' | 'pausedFrom'>, action: Exclude<TaskAction, 'delete'>): TaskStatus {
  switch (action) {
    case 'start':
      return 'in-progress';
    case 'complete':
      return 'completed';
    case 'pause':
      return 'paused';
    case 'unpause':
      return task.pausedFrom ?? 'scheduled';
    case 'skip':
      return 'skipped';
    case 'cancel':
      return 'cancelled';
    case 'schedule':
    case 'reschedule':
      return 'scheduled';
  }
}

function refuse(task: Task, what: string): HttpError {
  return new HttpError(
    409,
    `Cannot ${what} task ${task.taskId}: it is ${task.status}; allowed actions in status ${task.status}: ${allowedTaskActions(task.status).join(', ')}`,
  );
}

/** Applies an action (all but delete, which the caller performs) or throws 409. */
export function applyTaskAction(task: Task, action: TaskAction, nowIso: string): void {
  if (!TASK_MOVES[action].includes(task.status)) throw refuse(task, action);
  if (action === 'delete') return;
  const next = statusAfter(task, action);
  task.pausedFrom = action === 'pause' ? task.status : null;
  task.status = next;
  task.updatedAt = nowIso;
  if (next === 'completed') task.completedAt = nowIso;
  // Rescheduling a task that was skipped, cancelled or failed makes it due again: a day from now (ours).
  if (action === 'reschedule') task.dueAt = new Date(Date.parse(nowIso) + DAY).toISOString();
}

/** Back to scheduled by a PUT: schedule (keeps dueAt) before reschedule (moves it), where both apply. */
const PUT_PREFERENCE: readonly Exclude<TaskAction, 'delete'>[] = ['start', 'complete', 'pause', 'unpause', 'skip', 'cancel', 'schedule', 'reschedule'];

/**
 * A status set through `PUT /tasks/{id}`: the action that makes that move from the current status, so a PUT
 * follows the same table as the actions. The same status is no change (null); errored is the service's to set.
 */
export function actionForStatus(task: Task, target: TaskStatus): TaskAction | null {
  if (target === task.status) return null;
  if (target === 'errored') throw new HttpError(422, 'status: errored is set by the service when a task fails; it cannot be set by a change');
  const action = PUT_PREFERENCE.find((a) => TASK_MOVES[a].includes(task.status) && statusAfter(task, a) === target);
  if (!action) throw refuse(task, `set status ${target} on`);
  return action;
}
