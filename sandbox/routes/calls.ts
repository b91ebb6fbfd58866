/**
 * Calls (v2; public reference "The rest of the service": Calls; DECISIONS "Tasks, calls, activity"). A call
 * is logged against a contact the organization saved; dispositions, sentiments and tasks must be its own.
 */
import { recordActivity } from '../domain/activity-log';
import { HttpError } from '../errors';
import { ok, who } from '../http/respond';
import { apiRoute, type Call, type RouteSpec } from '../router';
import { nextSeq } from '../state/store';
import type { CallLog } from '../state/types';
import { bodyObject, int, itemId, onlyKeys, parseIsoDateTime, str } from '../validate';

const view = (c: CallLog) => {
  const { orgId: _orgId, userId: _userId, ...rest } = c;
  return rest;
};

function phone(body: Record<string, unknown>, key: string): string | null {
  const v = str(body, key, { max: 50 });
  if (v === undefined) return null;
  if (!/^\+?[0-9 ().-]{3,}$/.test(v.trim())) throw new HttpError(422, `${key}: must be a phone number such as +1 555 010 0100 (got "${v}")`);
  return v.trim();
}

function log(call: Call) {
  const { state, clock } = call.services;
  const me = who(call);
  const body = bodyObject(call.body);
  onlyKeys(body, ['contactId', 'callDispositionId', 'callSentimentId', 'callScript', 'calledAt', 'durationMs', 'fromNumber', 'toNumber', 'taskId']);
  const contactId = int(body, 'contactId', { required: true, min: 1 });
  if (!state.orgContacts.get(me.org.id)!.byId.has(String(contactId))) throw new HttpError(422, `contactId: no contact ${contactId} in this organization`);
  const dispositionId = int(body, 'callDispositionId', { min: 1 });
  const dispositions = state.callDispositions.get(me.org.id) ?? [];
  const disposition = dispositions.find((d) => d.callDispositionId === dispositionId);
  if (dispositionId !== undefined && !disposition)
    throw new HttpError(422, `callDispositionId: no call disposition ${dispositionId} (GET /calls/dispositions lists them)`);
  const sentimentId = int(body, 'callSentimentId', { min: 1 });
  if (sentimentId !== undefined && !(state.callSentiments.get(me.org.id) ?? []).some((s) => s.callSentimentId === sentimentId))
    throw new HttpError(422, `callSentimentId: no call sentiment ${sentimentId} (GET /calls/sentiments lists them)`);
  const calledAtText = str(body, 'calledAt');
  const calledAt = calledAtText !== undefined ? parseIsoDateTime(calledAtText) : clock.now();
  if (calledAt === null)
    throw new HttpError(422, `calledAt: must be an ISO 8601 date-time with time and zone, e.g. 2026-01-31T09:00:00Z (got "${calledAtText}")`);
  const durationMs = int(body, 'durationMs', { min: 0 });
  // A task id as a number (the service's integration) or as the numeric text the answers carry.
  const taskId = body.taskId === undefined ? undefined : itemId(body.taskId, 'body.taskId');
  const task = taskId !== undefined ? state.tasks.get(taskId) : undefined;
  if (taskId !== undefined && (!task || task.orgId !== me.org.id)) throw new HttpError(422, `taskId: no task ${taskId} in this organization`);
  const record: CallLog = {
    callId: String(nextSeq(state, 'call', 80001)),
    orgId: me.org.id,
    userId: me.user.id,
    contactId: String(contactId),
    callDispositionId: dispositionId ?? null,
    callSentimentId: sentimentId ?? null,
    callScript: str(body, 'callScript', { allowEmpty: true }) ?? '',
    calledAt: new Date(calledAt).toISOString(),
    durationMs: durationMs ?? null,
    fromNumber: phone(body, 'fromNumber'),
    toNumber: phone(body, 'toNumber'),
    taskId: taskId !== undefined ? String(taskId) : null,
    createdAt: clock.iso(),
  };
  state.calls.set(record.callId, record);
  recordActivity(state, me.org.id, {
    type: 'call.logged',
    description: `Call with contact ${record.contactId} logged${disposition ? ` (${disposition.name})` : ''}`,
    userId: me.user.id,
    contactId: record.contactId,
    campaignIdentifier: task?.campaignIdentifier ?? null,
    taskId: record.taskId,
    callId: record.callId,
  });
  return ok(view(record), 201);
}

export const callRoutes: RouteSpec[] = [
  apiRoute('v2', 'POST', '/calls/log', log),
  apiRoute('v2', 'GET', '/calls/dispositions', (call) => ok(call.services.state.callDispositions.get(who(call).org.id) ?? [])),
  apiRoute('v2', 'GET', '/calls/sentiments', (call) => ok(call.services.state.callSentiments.get(who(call).org.id) ?? [])),
];
