import * as z from '../validation/zod';
import { nonNegativeInt, digitString, isoDateTime, text } from './primitives';
import { lazySchema, lazyLooseObject } from '../validation/lazy-schema';

/** Campaign records (spec 2.2, 2.3, 4.3; other campaign answers from DECISIONS "Campaigns (v2)"). */

/** Spec 3 lists draft..completed; `archived` is our DECISIONS state (ARCHIVE / UNARCHIVE actions). */
export const campaignStatuses = ['draft', 'active', 'paused', 'completed', 'archived'] as const;
export const campaignStatusSchema = /* @__PURE__ */ lazySchema(() => z.enum(campaignStatuses));
export type CampaignStatus = z.output<typeof campaignStatusSchema>;

/** Spec 2.2. numContacts and numSteps are strings there, so a number is refused. */
export const campaignSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  campaignId: text,
  name: text,
  identifier: text,
  status: campaignStatusSchema,
  isPublic: z.boolean(),
  maxActiveContacts: z.nullable(z.int()),
  numContacts: text,
  numSteps: text,
  numDays: z.int(),
  userIdOwner: text,
  ownerName: text,
  startedAt: z.nullable(isoDateTime),
  pausedAt: z.nullable(isoDateTime),
  completedAt: z.nullable(isoDateTime),
  createdAt: isoDateTime,
  emailAccountIds: z.array(text),
}));
export type Campaign = z.output<typeof campaignSchema>;

/** Spec 2.3. Step type and status values beyond the examples are not shown (2.10), so plain strings. */
export const campaignStepSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  campaignStepId: text,
  campaignId: text,
  type: text,
  name: text,
  description: text,
  status: text,
  stepNumber: z.int(),
  dueDay: z.int(),
  templateId: z.nullable(text),
  createdAt: isoDateTime,
}));
export type CampaignStep = z.output<typeof campaignStepSchema>;

/** Data of the create answer (spec 4.3, 201). */
export const campaignCreateResultSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  campaign: campaignSchema,
  steps: z.array(campaignStepSchema),
  contactsAdded: nonNegativeInt,
}));
export type CampaignCreateResult = z.output<typeof campaignCreateResultSchema>;

/** Data of `GET /v2/campaigns/{id}` (DECISIONS). */
export const campaignDetailSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  campaign: campaignSchema,
  steps: z.array(campaignStepSchema),
}));
export type CampaignDetail = z.output<typeof campaignDetailSchema>;

/** Data of `POST /v2/campaigns/{id}/actions` (DECISIONS). */
export const campaignActionResultSchema = /* @__PURE__ */ lazyLooseObject({ campaign: campaignSchema });
export type CampaignActionResult = z.output<typeof campaignActionResultSchema>;

/** Item of `GET /v2/campaigns/{id}/contacts` (DECISIONS); contactId is a digit string like the org contact's. */
export const campaignContactSchema = /* @__PURE__ */ lazyLooseObject({
  contactId: digitString,
  status: text,
  addedAt: isoDateTime,
});
export type CampaignContact = z.output<typeof campaignContactSchema>;

/** Data of `POST` / `DELETE /v2/campaigns/{id}/contacts`: one of the two counts, by method. */
export const campaignContactsChangeSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  contactsAdded: z.optional(nonNegativeInt),
  contactsRemoved: z.optional(nonNegativeInt),
}));
export type CampaignContactsChange = z.output<typeof campaignContactsChangeSchema>;

/** Data of `GET /v2/campaigns/{id}/metrics` (DECISIONS): plain integer counters. */
export const campaignMetricsSchema = /* @__PURE__ */ lazyLooseObject({
  numContacts: nonNegativeInt,
  emailsSent: nonNegativeInt,
  opens: nonNegativeInt,
  replies: nonNegativeInt,
  bounces: nonNegativeInt,
});
export type CampaignMetrics = z.output<typeof campaignMetricsSchema>;
