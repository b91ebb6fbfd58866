/**
 * Campaign lifecycle (DECISIONS: campaigns). States draft, active, paused, completed, archived.
 * START needs maxActiveContacts > 0 (spec 3.2). DELETE is refused only while active.
 */
import { HttpError } from '../errors';
import type { Campaign } from '../state/types';

export const ACTIONS = ['START', 'PAUSE', 'RESUME', 'COMPLETE', 'ARCHIVE', 'UNARCHIVE', 'DELETE'] as const;
export type Action = (typeof ACTIONS)[number];
type Status = Campaign['status'];

const FROM: Record<Action, Status[]> = {
  START: ['draft'],
  PAUSE: ['active'],
  RESUME: ['paused'],
  COMPLETE: ['active', 'paused'],
  ARCHIVE: ['draft', 'paused', 'completed'],
  UNARCHIVE: ['archived'],
  DELETE: ['draft', 'paused', 'completed', 'archived'],
};

export function allowedActions(status: Status): Action[] {
  return ACTIONS.filter((a) => FROM[a].includes(status));
}

/** Applies an action (all but DELETE, which the caller performs) or throws 409/422 with a clear message. */
export function applyAction(c: Campaign, action: Action, nowIso: string): void {
  if (!FROM[action].includes(c.status)) {
    throw new HttpError(
      409,
      `Cannot ${action} campaign ${c.campaignId}: it is ${c.status}; allowed actions in state ${c.status}: ${allowedActions(c.status).join(', ') || 'none'}`,
    );
  }
  if (action === 'START' && !(c.maxActiveContacts !== null && c.maxActiveContacts > 0)) {
    throw new HttpError(
      422,
      `maxActiveContacts: START needs maxActiveContacts greater than 0; campaign ${c.campaignId} has ${c.maxActiveContacts ?? 'none'} (spec 3.2)`,
    );
  }
  switch (action) {
    case 'START':
      c.status = 'active';
      c.startedAt = nowIso;
      break;
    case 'PAUSE':
      c.status = 'paused';
      c.pausedAt = nowIso;
      break;
    case 'RESUME':
      c.status = 'active';
      c.pausedAt = null;
      break;
    case 'COMPLETE':
      c.status = 'completed';
      c.completedAt = nowIso;
      break;
    case 'ARCHIVE':
      c.archivedFrom = c.status;
      c.status = 'archived';
      break;
    case 'UNARCHIVE':
      c.status = c.archivedFrom ?? 'draft';
      c.archivedFrom = null;
      break;
    case 'DELETE':
      break;
  }
}
