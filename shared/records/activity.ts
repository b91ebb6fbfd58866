import * as z from '../validation/zod';
import { fieldsOf, idText, looseDateTime, looseText } from './lenient';
import { lazyLooseObject } from '../validation/lazy-schema';

/** Activity feed events (public reference, "The rest of the service": Activity; fields in DECISIONS "Tasks, calls, activity"). */

/** Event types the sandbox writes; the service may have more, so `type` stays plain text. */
export const knownActivityTypes = [
  'task.created',
  'task.updated',
  'task.started',
  'task.completed',
  'task.paused',
  'task.unpaused',
  'task.skipped',
  'task.cancelled',
  'task.scheduled',
  'task.rescheduled',
  'task.deleted',
  'call.logged',
  'email.sent',
  'campaign.started',
] as const;

/** One event: the id is required (the trigger deduplicates and orders by it); the rest is read tolerantly. */
export const activitySchema = /* @__PURE__ */ lazyLooseObject({
  activityId: idText,
  ...fieldsOf(looseText, 'type description contactId campaignIdentifier taskId callId emailId userId'),
  occurredAt: looseDateTime,
});
export type ActivityEvent = z.output<typeof activitySchema>;
