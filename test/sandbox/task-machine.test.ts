/**
 * The task state machine on its own (public reference line 97-98: the nine actions and seven statuses; which
 * action moves which status is ours, DECISIONS "Tasks, calls, activity"). Covers the moves the HTTP suite
 * cannot reach, e.g. out of `errored`, which only the service sets.
 */
import { actionForStatus, allowedTaskActions, applyTaskAction, TASK_ACTIONS, TASK_STATUSES, type TaskAction } from '../../sandbox/domain/task-machine';
import { HttpError } from '../../sandbox/errors';
import type { Task, TaskStatus } from '../../sandbox/state/types';

const NOW = '2026-11-23T10:00:00.000Z';

function task(status: TaskStatus, pausedFrom: TaskStatus | null = null): Task {
  return {
    taskId: '1',
    orgId: 'org_a',
    userId: 'user_1',
    name: 'Call',
    taskType: 'call',
    status,
    pausedFrom,
    priority: 1,
    contactId: '10001',
    description: '',
    dueAt: '2026-11-20T00:00:00.000Z',
    templateId: null,
    campaignIdentifier: null,
    createdAt: NOW,
    updatedAt: NOW,
    completedAt: null,
  };
}

/** Every (status, action) pair: the status it leads to, or 409. `delete` is allowed from every status. */
const EXPECTED: Record<TaskStatus, Partial<Record<TaskAction, TaskStatus | 'deleted'>>> = {
  scheduled: { start: 'in-progress', complete: 'completed', pause: 'paused', skip: 'skipped', cancel: 'cancelled', delete: 'deleted' },
  'in-progress': { complete: 'completed', pause: 'paused', cancel: 'cancelled', delete: 'deleted' },
  paused: { unpause: 'scheduled', skip: 'skipped', cancel: 'cancelled', delete: 'deleted' },
  errored: { cancel: 'cancelled', schedule: 'scheduled', reschedule: 'scheduled', delete: 'deleted' },
  cancelled: { reschedule: 'scheduled', delete: 'deleted' },
  skipped: { reschedule: 'scheduled', delete: 'deleted' },
  completed: { delete: 'deleted' },
};

describe('task machine (PR 97-98; moves: DECISIONS)', () => {
  it('every status and every action: the move made, or 409 naming the status and the allowed actions', () => {
    for (const status of TASK_STATUSES) {
      for (const action of TASK_ACTIONS) {
        const t = task(status);
        const expected = EXPECTED[status][action];
        if (expected === undefined) {
          let error: unknown;
          try {
            applyTaskAction(t, action, NOW);
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(HttpError);
          expect((error as HttpError).status).toBe(409);
          expect((error as HttpError).message).toBe(
            `Cannot ${action} task 1: it is ${status}; allowed actions in status ${status}: ${Object.keys(EXPECTED[status])
              .sort((a, b) => TASK_ACTIONS.indexOf(a as TaskAction) - TASK_ACTIONS.indexOf(b as TaskAction))
              .join(', ')}`,
          );
          expect(t.status).toBe(status);
        } else {
          applyTaskAction(t, action, NOW);
          expect(t.status).toBe(expected === 'deleted' ? status : expected);
        }
      }
      expect(allowedTaskActions(status).sort()).toEqual(Object.keys(EXPECTED[status]).sort());
    }
  });

  it('unpause returns to the status the task was paused from; complete stamps completedAt; reschedule makes it due a day later', () => {
    const t = task('in-progress');
    applyTaskAction(t, 'pause', NOW);
    expect(t).toMatchObject({ status: 'paused', pausedFrom: 'in-progress' });
    applyTaskAction(t, 'unpause', NOW);
    expect(t).toMatchObject({ status: 'in-progress', pausedFrom: null });
    applyTaskAction(t, 'complete', NOW);
    expect(t.completedAt).toBe(NOW);
    const e = task('errored');
    applyTaskAction(e, 'schedule', NOW);
    expect(e.dueAt).toBe('2026-11-20T00:00:00.000Z');
    const s = task('skipped');
    applyTaskAction(s, 'reschedule', NOW);
    expect(s.dueAt).toBe('2026-11-24T10:00:00.000Z');
  });

  it('a status set by PUT maps to the action making that move; errored is 422; no move is 409', () => {
    expect(actionForStatus(task('scheduled'), 'in-progress')).toBe('start');
    expect(actionForStatus(task('errored'), 'scheduled')).toBe('schedule');
    expect(actionForStatus(task('skipped'), 'scheduled')).toBe('reschedule');
    expect(actionForStatus(task('cancelled'), 'scheduled')).toBe('reschedule');
    expect(actionForStatus(task('paused', 'scheduled'), 'scheduled')).toBe('unpause');
    expect(actionForStatus(task('completed'), 'completed')).toBeNull();
    expect(() => actionForStatus(task('scheduled'), 'errored')).toThrow(/^status: errored is set by the service/);
    expect(() => actionForStatus(task('completed'), 'scheduled')).toThrow(/^Cannot set status scheduled on task 1: it is completed/);
  });
});
