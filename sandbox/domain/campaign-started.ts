/**
 * What starting a campaign does beyond its status (DECISIONS "Tasks, calls, activity"): a feed event, and one
 * task per enrolled contact for each step a person carries out (calls, manual emails, LinkedIn, to-dos), due
 * on the step's day. Automatic email steps make no task.
 */
import type { State } from '../state/store';
import type { Campaign, Task } from '../state/types';
import { recordActivity } from './activity-log';
import { createTask } from './task-records';

const DAY = 86_400_000;

const TASK_TYPE_OF_STEP: Readonly<Record<string, Task['taskType']>> = {
  CALL: 'call',
  call: 'call',
  'manual-email': 'manual-email',
  TASK: 'action-item',
  custom: 'action-item',
  linkedIn: 'linkedin',
  'linkedin-message': 'linkedin',
  'linkedin-connect-request': 'linkedin',
};

export function campaignStarted(state: State, campaign: Campaign, userId: string): void {
  recordActivity(state, campaign.orgId, {
    type: 'campaign.started',
    description: `Campaign "${campaign.name}" started with ${campaign.contacts.size} contacts`,
    userId,
    campaignIdentifier: campaign.identifier,
  });
  const start = Date.parse(campaign.startedAt ?? state.clock.iso());
  for (const step of campaign.steps) {
    const taskType = TASK_TYPE_OF_STEP[step.type];
    if (!taskType) continue;
    for (const contactId of campaign.contacts.keys()) {
      createTask(state, {
        orgId: campaign.orgId,
        userId: campaign.userIdOwner,
        name: step.name,
        taskType,
        priority: 1,
        contactId,
        description: step.description,
        dueAt: new Date(start + (step.dueDay - 1) * DAY).toISOString(),
        templateId: step.templateId !== null ? Number(step.templateId) : null,
        campaignIdentifier: campaign.identifier,
      });
    }
  }
}
