/**
 * Campaign step states and the step actions PAUSE / RESUME / SKIP (public reference, "Campaign steps"). States
 * active, paused, skipped (DECISIONS "Campaign steps, templates, drafts, bulk email"): PAUSE active->paused,
 * RESUME paused->active, SKIP active|paused->skipped (final). A refused move is 409 naming the state and what is allowed.
 */
import { HttpError } from '../errors';
import type { Campaign, CampaignStep } from '../state/types';

export const STEP_ACTIONS = ['PAUSE', 'RESUME', 'SKIP'] as const;
export type StepAction = (typeof STEP_ACTIONS)[number];

const FROM: Record<StepAction, string[]> = { PAUSE: ['active'], RESUME: ['paused'], SKIP: ['active', 'paused'] };
const TO: Record<StepAction, string> = { PAUSE: 'paused', RESUME: 'active', SKIP: 'skipped' };

export function allowedStepActions(status: string): StepAction[] {
  return STEP_ACTIONS.filter((a) => FROM[a].includes(status));
}

/** A finished campaign's steps are history: no step may be added, changed, removed or moved. */
export function assertStepsEditable(c: Campaign): void {
  if (c.status === 'completed' || c.status === 'archived') throw new HttpError(409, `Cannot change the steps of campaign ${c.campaignId}: it is ${c.status}`);
}

export function applyStepAction(c: Campaign, step: CampaignStep, action: StepAction): void {
  assertStepsEditable(c);
  if (!FROM[action].includes(step.status)) {
    const allowed = allowedStepActions(step.status);
    throw new HttpError(
      409,
      `Cannot ${action} step ${step.campaignStepId} of campaign ${c.campaignId}: it is ${step.status}; ` +
        `allowed actions in state ${step.status}: ${allowed.join(', ') || 'none'}`,
    );
  }
  step.status = TO[action];
}
