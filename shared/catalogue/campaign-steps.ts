import * as z from '../validation/zod';
import { campaignStepSchema, v2ListOf, v2Of } from '../records';
import { nameText, oneOf, pathId, optionalText } from '../validation/fields';
import { deleteBase, keyedById, defineOperation, v2Base, listBase } from './types';
import { lazySchema, lazyStrictObject } from '../validation/lazy-schema';
import { emailSubject } from './email-fields';
import { optionalTemplateId, campaignId } from './inputs';
import { refuseField } from '../validation/transform-issue';

/** Campaign steps (public reference, "Campaign steps"). */

/** The step types the public reference lists. */
export const stepTypes = ['manual-email', 'auto-email', 'call', 'linkedIn', 'linkedin-message', 'linkedin-connect-request', 'custom'] as const;
/** Step actions (public reference): PAUSE | RESUME | SKIP. */
export const stepActions = ['PAUSE', 'RESUME', 'SKIP'] as const;

const dueDay = /* @__PURE__ */ lazySchema(() =>
  z
    .number({ message: 'must be a whole number of days, at least 1' })
    .check(z.int('must be a whole number of days'), z.minimum(1, 'must be at least 1 (spec 8)')),
);

/** Inline template of a step: the reference's `templateData: {subject, template}`. */
const templateData = /* @__PURE__ */ lazyStrictObject(() => ({
  subject: emailSubject,
  template: z.string(),
}));

const base = { ...v2Base, resource: 'campaignSteps' } as const;
const onCampaign = { path: '/campaigns/{campaignId}/steps' } as const;
const onStep = { path: '/campaigns/{campaignId}/steps/{stepId}' } as const;

/** A step gives its text by a saved template or inline, not both (DECISIONS "Campaign steps, templates ..."). */
function oneTemplateSource(v: { templateId?: number; templateData?: unknown }, ctx: z.core.$RefinementCtx): void {
  if (v.templateId !== undefined && v.templateData !== undefined) refuseField(ctx, 'templateData', 'give templateId or templateData, not both');
}

export const listStepsOperation = defineOperation({
  ...base,
  ...onCampaign,
  ...listBase,
  title: 'List campaign steps',
  description: 'Lists the steps of a campaign in their order.',
  input: lazyStrictObject({ campaignId: campaignId }),
  output: v2ListOf(campaignStepSchema),
});

export const createStepOperation = defineOperation({
  ...base,
  ...onCampaign,
  action: 'create',
  title: 'Add campaign step',
  description: 'Adds a step (email, call, LinkedIn or custom task) to the end of a campaign.',
  method: 'POST',
  input: lazySchema(() =>
    z
      .strictObject({
        campaignId: campaignId,
        type: oneOf(stepTypes),
        name: nameText('step name'),
        dueDay,
        description: optionalText,
        templateId: optionalTemplateId,
        templateData: z.optional(templateData),
      })
      .check(z.superRefine(oneTemplateSource)),
  ),
  output: v2Of(campaignStepSchema),
  // A repeated create would add the step twice.
});

export const updateStepOperation = defineOperation({
  ...base,
  ...onStep,
  action: 'update',
  title: 'Update campaign step',
  description: 'Changes the day, name, description, position or template of a campaign step.',
  method: 'PUT',
  input: lazySchema(() =>
    z
      .strictObject({
        campaignId: campaignId,
        stepId: pathId,
        dueDay,
        name: z.optional(nameText('step name')),
        description: optionalText,
        stepNumber: z.optional(z.number({ message: 'must be a whole number' }).check(z.int('must be a whole number'), z.minimum(1, 'must be at least 1'))),
        templateId: optionalTemplateId,
        templateData: z.optional(templateData),
      })
      .check(z.superRefine(oneTemplateSource)),
  ),
  output: v2Of(campaignStepSchema),
  // Safe to repeat (a PUT): the same values twice leave the step as once (stepNumber is a position, not a move by one).
});

export const deleteStepOperation = defineOperation({
  ...base,
  ...onStep,
  ...deleteBase,
  title: 'Delete campaign step',
  description: 'Removes a step from a campaign; the steps after it move up.',
  input: lazyStrictObject({ campaignId: campaignId, stepId: pathId }),
  // A lost answer to a delete is surfaced, not repeated: a repeat would answer 404 and hide that it worked.
});

export const stepActionOperation = defineOperation({
  ...base,
  path: '/campaigns/{campaignId}/steps/{stepId}/actions',
  action: 'action',
  title: 'Change campaign step state',
  description: 'Pauses, resumes or skips one step of a campaign.',
  method: 'POST',
  input: lazyStrictObject(() => ({
    campaignId: campaignId,
    stepId: pathId,
    action: oneOf(stepActions),
  })),
  output: v2Of(campaignStepSchema),
  // A lost answer to SKIP must not be guessed at: a repeat would be refused and hide that it worked.
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const campaignStepOperations = keyedById([listStepsOperation, createStepOperation, updateStepOperation, deleteStepOperation, stepActionOperation]);
