/**
 * Tasks (v2; public reference "The rest of the service": Tasks; DECISIONS "Tasks, calls, activity"). Tasks
 * belong to the organization: another organization's task is 404; contactId must be a contact it saved.
 */
import { applyTaskAction, actionForStatus, TASK_ACTIONS, TASK_STATUSES, type TaskAction } from '../domain/task-machine';
import { createTask, taskEvent } from '../domain/task-records';
import { HttpError, notFound } from '../errors';
import { json, ok, who } from '../http/respond';
import { apiRoute, type Call, type RouteSpec } from '../router';
import type { State } from '../state/store';
import type { Task, TaskStatus } from '../state/types';
import { bodyObject, int, onlyKeys, onlyQuery, parseIsoDateTime, queryEnum, queryInt, str, type Obj } from '../validate';

export const TASK_TYPES = ['manual-email', 'call', 'action-item', 'linkedin'] as const;
export const TASK_SORT_COLUMNS = ['dueAt', 'createdAt', 'updatedAt', 'priority', 'name', 'status'] as const;
const LIST_QUERY = ['limit', 'offset', 'campaignIdentifier', 'sortColumn', 'sortOrder', 'status', 'taskType'];
export const FEED_MAX_LIMIT = 100;
const DEFAULT_LIMIT = 50;

export const taskView = (t: Task) => ({
  taskId: t.taskId,
  name: t.name,
  taskType: t.taskType,
  status: t.status,
  priority: t.priority,
  contactId: t.contactId,
  description: t.description,
  dueAt: t.dueAt,
  templateId: t.templateId,
  campaignIdentifier: t.campaignIdentifier,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  completedAt: t.completedAt,
});

function find(call: Call): Task {
  const task = call.services.state.tasks.get(call.params.id);
  if (!task || task.orgId !== who(call).org.id) throw notFound(`No task ${call.params.id} in this organization`);
  return task;
}

function dateField(body: Obj, key: string): string | undefined {
  const v = str(body, key);
  if (v === undefined) return undefined;
  const t = parseIsoDateTime(v);
  if (t === null) throw new HttpError(422, `${key}: must be an ISO 8601 date-time with time and zone, e.g. 2026-01-31T09:00:00Z (got "${v}")`);
  return new Date(t).toISOString();
}

function templateOf(state: State, orgId: string, body: Obj): number | null {
  const templateId = int(body, 'templateId', { min: 1 });
  if (templateId === undefined) return null;
  if (!state.templates.some((t) => t.templateId === templateId && t.orgId === orgId))
    throw new HttpError(422, `templateId: no template ${templateId} in this organization`);
  return templateId;
}

function create(call: Call) {
  const { state, clock } = call.services;
  const me = who(call);
  const body = bodyObject(call.body);
  onlyKeys(body, ['name', 'taskType', 'contactId', 'description', 'dueAt', 'priority', 'templateId']);
  const name = str(body, 'name', { required: true, max: 255 });
  const taskType = str(body, 'taskType', { required: true, oneOf: TASK_TYPES }) as Task['taskType'];
  const contactId = int(body, 'contactId', { required: true, min: 1 });
  if (!state.orgContacts.get(me.org.id)!.byId.has(String(contactId))) throw new HttpError(422, `contactId: no contact ${contactId} in this organization`);
  // Optional, 0 (normal) when not given: the service's integration sends it only when set (DECISIONS).
  const priority = int(body, 'priority', { min: 0, max: 2 }) ?? 0;
  const task = createTask(state, {
    orgId: me.org.id,
    userId: me.user.id,
    name,
    taskType,
    priority,
    contactId: String(contactId),
    description: str(body, 'description', { allowEmpty: true }) ?? '',
    // A task without a due date is due at once (ours).
    dueAt: dateField(body, 'dueAt') ?? clock.iso(),
    templateId: templateOf(state, me.org.id, body),
    campaignIdentifier: null,
  });
  return ok(taskView(task), 201);
}

function compareBy(column: string): (a: Task, b: Task) => number {
  switch (column) {
    case 'priority':
      return (a, b) => a.priority - b.priority;
    case 'name':
      return (a, b) => a.name.localeCompare(b.name);
    default:
      return (a, b) => String(a[column as keyof Task]).localeCompare(String(b[column as keyof Task]));
  }
}

function list(call: Call) {
  onlyQuery(call.query, LIST_QUERY);
  const limit = queryInt(call.query, 'limit', { min: 1, max: FEED_MAX_LIMIT, def: DEFAULT_LIMIT })!;
  const offset = queryInt(call.query, 'offset', { min: 0, def: 0 })!;
  const column = queryEnum(call.query, 'sortColumn', TASK_SORT_COLUMNS) ?? 'dueAt';
  const order = queryEnum(call.query, 'sortOrder', ['asc', 'desc']) ?? 'asc';
  const status = queryEnum(call.query, 'status', TASK_STATUSES);
  const taskType = queryEnum(call.query, 'taskType', TASK_TYPES);
  const campaign = call.query.get('campaignIdentifier') || undefined;
  const me = who(call);
  const by = compareBy(column);
  // Ties go by task id, so paging by offset is stable.
  const rows = [...call.services.state.tasks.values()]
    .filter((t) => t.orgId === me.org.id && (status === undefined || t.status === status) && (taskType === undefined || t.taskType === taskType))
    .filter((t) => campaign === undefined || t.campaignIdentifier === campaign)
    .sort((a, b) => (order === 'desc' ? -by(a, b) : by(a, b)) || Number(a.taskId) - Number(b.taskId));
  return ok(rows.slice(offset, offset + limit).map(taskView));
}

function update(call: Call) {
  const task = find(call);
  const me = who(call);
  const now = call.services.clock.iso();
  const body = bodyObject(call.body);
  onlyKeys(body, ['name', 'description', 'dueAt', 'priority', 'status']);
  if (Object.keys(body).length === 0) throw new HttpError(422, 'body: give at least one field to change (name, description, dueAt, priority, status)');
  // Everything is checked before anything changes, so a refused field leaves the task as it was.
  const name = str(body, 'name', { max: 255 });
  const description = str(body, 'description', { allowEmpty: true });
  const dueAt = dateField(body, 'dueAt');
  const priority = int(body, 'priority', { min: 0, max: 2 });
  const status = str(body, 'status', { oneOf: TASK_STATUSES }) as TaskStatus | undefined;
  const move = status !== undefined ? actionForStatus(task, status) : null;
  // The move first, so a dueAt given in the same change wins over the one a reschedule sets.
  if (move) applyTaskAction(task, move, now);
  if (name !== undefined) task.name = name;
  if (description !== undefined) task.description = description;
  if (dueAt !== undefined) task.dueAt = dueAt;
  if (priority !== undefined) task.priority = priority;
  task.updatedAt = now;
  taskEvent(call.services.state, task, move ?? 'updated', me.user.id);
  return ok(taskView(task));
}

function remove(call: Call, task: Task) {
  call.services.state.tasks.delete(task.taskId);
  taskEvent(call.services.state, task, 'delete', who(call).user.id);
  return json({ success: true });
}

function action(call: Call) {
  const task = find(call);
  const body = bodyObject(call.body);
  onlyKeys(body, ['action']);
  const act = str(body, 'action', { required: true, oneOf: TASK_ACTIONS }) as TaskAction;
  applyTaskAction(task, act, call.services.clock.iso());
  if (act === 'delete') return remove(call, task);
  taskEvent(call.services.state, task, act, who(call).user.id);
  return ok(taskView(task));
}

export const taskRoutes: RouteSpec[] = [
  apiRoute('v2', 'GET', '/tasks', list, { query: LIST_QUERY }),
  apiRoute('v2', 'POST', '/tasks', create),
  apiRoute('v2', 'GET', '/tasks/{id}', (call) => ok(taskView(find(call)))),
  apiRoute('v2', 'PUT', '/tasks/{id}', update),
  apiRoute('v2', 'DELETE', '/tasks/{id}', (call) => remove(call, find(call))),
  apiRoute('v2', 'POST', '/tasks/{id}/actions', action),
];
