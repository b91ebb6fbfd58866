/**
 * The activity feed: an append-only log per organization of what happened to its contacts (public reference,
 * "The rest of the service": Activity). Ids come from one increasing sequence, so a larger id is a later
 * event; the feed answers newest first and pages by offset (DECISIONS "Tasks, calls, activity").
 */
import { nextSeq, type State } from '../state/store';
import type { ActivityEvent } from '../state/types';

export type ActivityInput = Pick<ActivityEvent, 'type' | 'description' | 'userId'> &
  Partial<Pick<ActivityEvent, 'contactId' | 'campaignIdentifier' | 'taskId' | 'callId' | 'emailId'>>;

/** Appends one event to the organization's feed (the operations that make things happen call this). */
export function recordActivity(state: State, orgId: string, event: ActivityInput): ActivityEvent {
  const activityId = String(nextSeq(state, 'activity', 500001));
  // `id` too: the service's integration reads and de-duplicates events by `id` (DECISIONS "The service's own client").
  const written: ActivityEvent = {
    id: activityId,
    activityId,
    type: event.type,
    description: event.description,
    contactId: event.contactId ?? null,
    campaignIdentifier: event.campaignIdentifier ?? null,
    taskId: event.taskId ?? null,
    callId: event.callId ?? null,
    emailId: event.emailId ?? null,
    userId: event.userId,
    occurredAt: state.clock.iso(),
  };
  let log = state.activity.get(orgId);
  if (!log) state.activity.set(orgId, (log = []));
  log.push(written);
  return written;
}

export interface ActivityFilters {
  campaignIdentifier?: string;
  contactId?: string;
  searchText?: string;
}

/** One page of the feed, newest first, after the filters. */
export function activityPage(state: State, orgId: string, filters: ActivityFilters, offset: number, limit: number): ActivityEvent[] {
  const text = filters.searchText?.trim().toLowerCase() ?? '';
  const out: ActivityEvent[] = [];
  const log = state.activity.get(orgId) ?? [];
  let skipped = 0;
  for (let i = log.length - 1; i >= 0 && out.length < limit; i--) {
    const e = log[i];
    if (filters.contactId !== undefined && e.contactId !== filters.contactId) continue;
    if (filters.campaignIdentifier !== undefined && e.campaignIdentifier !== filters.campaignIdentifier) continue;
    if (text && !e.description.toLowerCase().includes(text) && !e.type.toLowerCase().includes(text)) continue;
    if (skipped++ < offset) continue;
    out.push(e);
  }
  return out;
}

/** The feed event of an email sent (a send, or a draft sent). */
export function emailSent(state: State, email: { orgId: string; userId: string; contactId: string; emailId: string; subject: string; to: string }): void {
  recordActivity(state, email.orgId, {
    type: 'email.sent',
    description: `Email "${email.subject}" sent to ${email.to}`,
    userId: email.userId,
    contactId: email.contactId,
    emailId: email.emailId,
  });
}
