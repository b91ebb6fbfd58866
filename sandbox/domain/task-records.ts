/** Making tasks and writing their feed events, shared by the task routes and the campaign start. */
import { nextSeq, type State } from '../state/store';
import type { Task } from '../state/types';
import { recordActivity } from './activity-log';
import type { TaskAction } from './task-machine';

export type NewTask = Pick<
  Task,
  'orgId' | 'userId' | 'name' | 'taskType' | 'priority' | 'contactId' | 'description' | 'dueAt' | 'templateId' | 'campaignIdentifier'
>;

export function createTask(state: State, fields: NewTask): Task {
  const now = state.clock.iso();
  const task: Task = {
    ...fields,
    taskId: String(nextSeq(state, 'task', 30001)),
    status: 'scheduled',
    pausedFrom: null,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
  state.tasks.set(task.taskId, task);
  taskEvent(state, task, 'created', task.userId);
  return task;
}

const PAST: Record<TaskAction | 'created' | 'updated', string> = {
  created: 'created',
  updated: 'updated',
  start: 'started',
  complete: 'completed',
  pause: 'paused',
  unpause: 'unpaused',
  skip: 'skipped',
  cancel: 'cancelled',
  schedule: 'scheduled',
  reschedule: 'rescheduled',
  delete: 'deleted',
};

/** One feed event for what happened to a task: `task.completed`, ... */
export function taskEvent(state: State, task: Task, what: TaskAction | 'created' | 'updated', userId: string): void {
  recordActivity(state, task.orgId, {
    type: `task.${PAST[what]}`,
    description: `Task "${task.name}" (${task.taskType}) ${PAST[what]} for contact ${task.contactId}`,
    userId,
    contactId: task.contactId,
    campaignIdentifier: task.campaignIdentifier,
    taskId: task.taskId,
  });
}
