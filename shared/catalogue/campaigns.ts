import * as z from '../validation/zod';
import {
  campaignActionResultSchema,
  campaignContactSchema,
  campaignContactsChangeSchema,
  campaignCreateResultSchema,
  campaignDetailSchema,
  campaignMetricsSchema,
  campaignSchema,
  v2Envelope,
  v2ListOf,
  v2Of,
  type CampaignActionResult,
} from '../records';
import { textCaps } from '../validation/limits';
import { nameText, nonEmpty, oneOf, wholeNumber, trueOrFalse, optionalText, optionalShortText } from '../validation/fields';
import { picks } from './pickers';
import { contactIdsBatch, deleteBase, keyedById, defineOperation, v2Base, getBase, listBase } from './types';
import { lazySchema, lazyStrictObject } from '../validation/lazy-schema';
import { optionalTemplateId, campaignId, contactIds } from './inputs';
import { jsonObject } from '../validation/json-object';

/**
 * Spec 4.3: a step of a campaign create. The spec states types and dueDay >= 1 (spec 8); the service refuses a step
 * without its type or its dueDay (issue 21: `steps: [{}]` was sent and refused), so both are required here.
 */
export const campaignStepInput = /* @__PURE__ */ lazyStrictObject(() => ({
  type: nonEmpty('step type such as EMAIL, CALL or TASK'),
  name: optionalShortText,
  description: optionalText,
  dueDay: z
    .number({ message: 'is required: a whole number of days, at least 1' })
    .check(z.int('must be a whole number of days'), z.minimum(1, 'must be at least 1 (spec 8)')),
  templateId: optionalTemplateId,
  templateData: z.optional(jsonObject()),
}));

export const campaignActions = ['START', 'PAUSE', 'RESUME', 'COMPLETE', 'ARCHIVE', 'UNARCHIVE', 'DELETE'] as const;

/** The input of the operations that take only the campaign. */
const campaignIdInput = /* @__PURE__ */ lazyStrictObject({ id: campaignId });

/**
 * An email account id as text (create and update): a whole number given as a number is taken as its digits; any other
 * number is left for the text check to refuse with `typeMessage`. `more`: the operation's own checks of the text.
 */
const accountIdText = (typeMessage: string, ...more: z.core.$ZodCheck<string>[]) =>
  z.pipe(
    z.transform((v) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? String(v) : v)),
    z
      .string({ message: typeMessage })
      .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(textCaps.id, `must be an id of at most ${textCaps.id} characters`), ...more),
  );

const base = { ...v2Base, resource: 'campaigns' } as const;
const byId = { path: '/campaigns/{id}' } as const;

export const createCampaignOperation = defineOperation({
  ...base,
  action: 'create',
  title: 'Create campaign',
  description: 'Creates an outreach sequence, optionally with its steps and the contacts to enroll.',
  method: 'POST',
  path: '/campaigns',
  input: lazyStrictObject(() => ({
    name: nameText('campaign name'),
    emailAccountIds: z.optional(
      picks(
        z.array(
          // The service's email account ids are whole numbers (issue 31): their digits, as the account list gives them.
          accountIdText(
            'must be an email account id: a whole number such as 4001',
            z.regex(/^\d+$/, 'must be an email account id: a whole number such as 4001'),
          ),
        ),
        'sendingAccounts',
      ),
    ),
    steps: z.optional(z.array(campaignStepInput)),
    contactIds: z.optional(contactIds),
    maxActiveContacts: z.optional(wholeNumber(1, 'must be at least 1 (spec 8)')),
  })),
  output: v2Of(campaignCreateResultSchema),
  // Never repeat a create after an ambiguous failure: it would make a second campaign.
  // More contacts than one request takes: create with the first chunk, then add the rest to the new campaign.
  batch: {
    ...contactIdsBatch,
    thenAdd: {
      operation: 'campaigns.addContacts',
      recordId: (answer) => (answer as { campaign: { campaignId: string } }).campaign.campaignId,
      countField: 'contactsAdded',
      // The create's answer counts only the first chunk: the campaign as the service holds it counts them all.
      reread: { operation: 'campaigns.get', field: 'campaign' },
    },
  },
});

export const getCampaignOperation = defineOperation({
  ...base,
  ...getBase,
  title: 'Get campaign',
  description: 'Reads one campaign with its steps.',
  ...byId,
  input: campaignIdInput,
  output: v2Of(campaignDetailSchema),
});

export const listCampaignsOperation = defineOperation({
  ...base,
  ...listBase,
  title: 'List campaigns',
  description: 'Lists campaigns, optionally filtered by a text in their name.',
  path: '/campaigns',
  queryFields: ['searchText', 'limit'],
  input: lazyStrictObject(() => ({
    searchText: optionalShortText,
    limit: z.optional(wholeNumber(1)),
  })),
  output: v2ListOf(campaignSchema),
});

export const deleteCampaignOperation = defineOperation({
  ...base,
  ...deleteBase,
  title: 'Delete campaign',
  description: 'Deletes a campaign that is not running (pause it first).',
  ...byId,
  input: campaignIdInput,
  // A lost answer to a delete is surfaced, not repeated: a repeat would answer 404 and hide that it worked.
});

export const campaignActionOperation = defineOperation({
  ...base,
  action: 'action',
  title: 'Change campaign state',
  description: 'Starts, pauses, resumes, completes, archives, unarchives or deletes a campaign.',
  method: 'POST',
  path: '/campaigns/{id}/actions',
  input: lazyStrictObject(() => ({ id: campaignId, action: oneOf(campaignActions) })),
  // The service answers the campaign, or only `{success}`: one envelope whose data may be absent reads both. The
  // campaign is optional in it, as `z.partial` made it (which would keep zod's whole partial helper in Code.js).
  output: lazySchema(() => v2Envelope(z.optional(z.looseObject({ campaign: z.optional(campaignActionResultSchema.shape.campaign) })))),
  result: (body): Partial<CampaignActionResult> => body.data ?? { success: body.success },
  // START twice would be refused, not doubled; but a lost answer to DELETE must not be guessed at either.
});

export const campaignMetricsOperation = defineOperation({
  ...base,
  method: 'GET',
  action: 'metrics',
  title: 'Get campaign metrics',
  description: 'Counts of contacts, emails sent, opens, replies and bounces of a campaign.',
  path: '/campaigns/{id}/metrics',
  input: campaignIdInput,
  output: v2Of(campaignMetricsSchema),
});

export const listCampaignContactsOperation = defineOperation({
  ...base,
  method: 'GET',
  action: 'listContacts',
  title: 'List campaign contacts',
  description: 'Lists the contacts enrolled in a campaign.',
  path: '/campaigns/{id}/contacts',
  input: campaignIdInput,
  output: v2ListOf(campaignContactSchema),
});

export const addCampaignContactsOperation = defineOperation({
  ...base,
  action: 'addContacts',
  title: 'Add contacts to campaign',
  description: 'Enrolls saved contacts in a campaign (more than 500 are sent in several requests).',
  method: 'POST',
  path: '/campaigns/{id}/contacts',
  input: lazyStrictObject({ id: campaignId, contactIds }),
  output: v2Of(campaignContactsChangeSchema),
  batch: contactIdsBatch,
});

export const removeCampaignContactsOperation = defineOperation({
  ...base,
  action: 'removeContacts',
  title: 'Remove contacts from campaign',
  description: 'Takes contacts out of a campaign.',
  method: 'DELETE',
  path: '/campaigns/{id}/contacts',
  input: lazyStrictObject({ id: campaignId, contactIds }),
  output: v2Of(campaignContactsChangeSchema),
  retry: 'safe',
  countsUncertainAfterRepeat: ['contactsRemoved'],
  batch: contactIdsBatch,
});

/**
 * Email account ids: the update's reference body types them as numbers, the create's as text (spec 4.3). A digit
 * text is sent as the number; any other id as the text the account list answers (DECISIONS "Campaign steps ...").
 */
const updateAccountIds = /* @__PURE__ */ lazySchema(() =>
  picks(
    z.array(
      z.pipe(
        accountIdText('must be an email account id'),
        z.transform((v) => (/^\d{1,15}$/.test(v) ? Number(v) : v)),
      ),
    ),
    'sendingAccounts',
  ),
);

export const updateCampaignOperation = defineOperation({
  ...base,
  action: 'update',
  title: 'Update campaign',
  description: 'Renames a campaign, shares it with the team or not, or changes the email accounts it sends from.',
  method: 'PUT',
  ...byId,
  input: lazySchema(() =>
    z
      .strictObject({
        id: campaignId,
        name: z.optional(nameText('campaign name')),
        isPublic: z.optional(trueOrFalse),
        emailAccountIds: z.optional(updateAccountIds),
      })
      .check(
        z.refine((v) => v.name !== undefined || v.isPublic !== undefined || v.emailAccountIds !== undefined, {
          message: 'give at least one field to change (name, isPublic, emailAccountIds)',
          path: ['name'],
        }),
      ),
  ),
  output: v2Of(campaignSchema),
  // Safe to repeat (a PUT): setting the same values twice changes nothing more.
});

export const cloneCampaignOperation = defineOperation({
  ...base,
  action: 'clone',
  title: 'Clone campaign',
  description: 'Makes a new draft campaign with the same steps (the contacts are not copied).',
  method: 'POST',
  path: '/campaigns/{id}/clone',
  input: lazyStrictObject(() => ({ id: campaignId, name: nameText('campaign name') })),
  output: v2Of(campaignDetailSchema),
  // Never repeat a clone after an ambiguous failure: it would make a second campaign.
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const campaignOperations = keyedById([
  createCampaignOperation,
  getCampaignOperation,
  listCampaignsOperation,
  updateCampaignOperation,
  cloneCampaignOperation,
  campaignActionOperation,
  deleteCampaignOperation,
  campaignMetricsOperation,
  listCampaignContactsOperation,
  addCampaignContactsOperation,
  removeCampaignContactsOperation,
]);
