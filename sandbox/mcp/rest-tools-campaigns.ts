/** Campaign and campaign-step tools (spec 4.3, 4.4; public reference "Campaigns", "Campaign steps"). */
import { anyText, args, bool, eitherOf, id, ids, integer, object, oneOf, text, type RestToolSpec } from './rest-tool-kit';

const STEP_TYPES = ['manual-email', 'auto-email', 'call', 'linkedIn', 'linkedin-message', 'linkedin-connect-request', 'custom'];
const CAMPAIGN_ACTIONS = ['START', 'PAUSE', 'RESUME', 'COMPLETE', 'ARCHIVE', 'UNARCHIVE', 'DELETE'];
const STEP_ACTIONS = ['PAUSE', 'RESUME', 'SKIP'];

/** A campaign by id or by its identifier (the service's integration sends either). */
const campaign = { campaignId: id('campaign'), campaignIdentifier: text("The campaign's identifier (instead of campaignId).") };
const CAMPAIGN_FORMS = ['campaignId', 'campaignIdentifier'];
/** A step by campaignStepId alone (its campaign is found by it), or by stepId with its campaign. */
const step = { ...campaign, stepId: id('campaign step'), campaignStepId: id('campaign step (its campaign is found by it)') };
const STEP_FORMS = ['campaignStepId', ['stepId', 'campaignId'], ['stepId', 'campaignIdentifier']];
const onCampaign = { pathArgs: { campaignId: 'id' }, target: 'campaign' as const };
const onStep = { pathArgs: { campaignId: 'id', stepId: 'stepId' }, target: 'step' as const };
/** Email account ids: the service's integration sends numbers, answers carry numeric strings. */
const accountIds = { type: 'array', items: { type: ['string', 'integer'], minLength: 1 }, description: 'Email account ids to send from.' };
const templateData = { type: 'object', properties: { subject: { type: 'string' }, template: { type: 'string' } }, additionalProperties: false };
/** Spec 4.3 names EMAIL, CALL, TASK as step types too; the public reference lists the service's own. */
const stepItem = {
  type: 'object',
  properties: {
    type: text('Step type, e.g. auto-email, call, linkedin-message.'),
    name: { type: 'string' },
    description: { type: 'string' },
    dueDay: integer(1),
    templateId: integer(1),
    templateData: object('Inline template data.'),
  },
  required: ['type', 'dueDay'],
  additionalProperties: false,
};
const stepFields = {
  name: text('Step name.'),
  description: { type: 'string' },
  dueDay: integer(1, undefined, 'Day of the campaign the step is due (from 1).'),
  templateId: integer(1),
  templateData,
};

export const campaignTools: RestToolSpec[] = [
  {
    name: 'list_campaigns',
    title: 'List campaigns',
    description: "The organization's campaigns, optionally filtered by name; with campaignId or campaignIdentifier, that one campaign. Free.",
    kind: 'read',
    method: 'GET',
    path: '/campaigns',
    inputSchema: args({ searchText: { type: 'string' }, limit: integer(1, 500), ...campaign }),
    returns: 'list',
    target: 'campaign',
    single: { args: ['campaignId'], path: '/campaigns/{id}', recordKey: 'campaign' },
  },
  {
    name: 'create_campaign',
    title: 'Create campaign',
    description: 'Creates a draft campaign with optional steps and up to 500 contacts. maxActiveContacts needs the Max Active Contacts feature.',
    kind: 'create',
    method: 'POST',
    path: '/campaigns',
    inputSchema: args(
      {
        name: text('Campaign name.', 255),
        emailAccountIds: accountIds,
        steps: { type: 'array', items: stepItem },
        contactIds: ids('Org contact', 500),
        maxActiveContacts: integer(1, undefined, 'Requires the Max Active Contacts feature (see the me resource).'),
      },
      ['name'],
    ),
    returns: 'record',
  },
  {
    name: 'update_campaign',
    title: 'Update campaign',
    description: "Changes a campaign's name, visibility or sending accounts.",
    kind: 'update',
    method: 'PUT',
    path: '/campaigns/{id}',
    ...onCampaign,
    inputSchema: eitherOf(args({ ...campaign, name: text('New name.', 255), isPublic: bool(), emailAccountIds: accountIds }), CAMPAIGN_FORMS),
    returns: 'record',
  },
  {
    name: 'clone_campaign',
    title: 'Clone campaign',
    description: 'Copies a campaign and its steps (not its contacts) under a new name.',
    kind: 'create',
    method: 'POST',
    path: '/campaigns/{id}/clone',
    ...onCampaign,
    inputSchema: eitherOf(args({ ...campaign, name: text('Name of the copy.', 255) }, ['name']), CAMPAIGN_FORMS),
    returns: 'record',
  },
  {
    name: 'delete_campaign',
    title: 'Delete campaign',
    description: 'Deletes a campaign (spec 4.4: the same as the lifecycle action DELETE).',
    kind: 'delete',
    method: 'DELETE',
    path: '/campaigns/{id}',
    ...onCampaign,
    inputSchema: eitherOf(args(campaign), CAMPAIGN_FORMS),
    returns: 'record',
  },
  {
    name: 'execute_campaign_action',
    title: 'Execute campaign action',
    description: 'START, PAUSE, RESUME, COMPLETE, ARCHIVE, UNARCHIVE or DELETE a campaign (a refused move answers why).',
    kind: 'action',
    method: 'POST',
    path: '/campaigns/{id}/actions',
    ...onCampaign,
    inputSchema: eitherOf(args({ ...campaign, action: oneOf(CAMPAIGN_ACTIONS) }, ['action']), CAMPAIGN_FORMS),
    returns: 'record',
  },
  {
    name: 'add_contacts_to_campaign',
    title: 'Add contacts to campaign',
    description: 'Enrolls org contacts (up to 500 per call) in a campaign.',
    kind: 'update',
    method: 'POST',
    path: '/campaigns/{id}/contacts',
    ...onCampaign,
    inputSchema: eitherOf(args({ ...campaign, contactIds: ids('Org contact') }, ['contactIds']), CAMPAIGN_FORMS),
    returns: 'record',
  },
  {
    name: 'remove_contacts_from_campaign',
    title: 'Remove contacts from campaign',
    description: 'Takes contacts (up to 500 per call) out of a campaign.',
    kind: 'delete',
    method: 'DELETE',
    path: '/campaigns/{id}/contacts',
    ...onCampaign,
    inputSchema: eitherOf(args({ ...campaign, contactIds: ids('Org contact') }, ['contactIds']), CAMPAIGN_FORMS),
    returns: 'record',
  },
  {
    name: 'list_campaign_contacts',
    title: 'List campaign contacts',
    description: 'The contacts enrolled in a campaign, with their state in it, paged by limit and offset. Free.',
    kind: 'read',
    method: 'GET',
    path: '/campaigns/{id}/contacts',
    ...onCampaign,
    inputSchema: eitherOf(
      args({ ...campaign, limit: integer(1, 500), offset: integer(0), searchText: anyText("Part of an enrolled contact's name or email.") }),
      CAMPAIGN_FORMS,
    ),
    returns: 'list',
  },
  {
    name: 'get_campaign_metrics',
    title: 'Get campaign metrics',
    description: "A campaign's counts: contacts, emails sent, opens, clicks, replies, bounces. Free.",
    kind: 'read',
    method: 'GET',
    path: '/campaigns/{id}/metrics',
    ...onCampaign,
    inputSchema: eitherOf(args(campaign), CAMPAIGN_FORMS),
    returns: 'record',
  },
  {
    name: 'list_campaign_steps',
    title: 'List campaign steps',
    description: "A campaign's steps in order.",
    kind: 'read',
    method: 'GET',
    path: '/campaigns/{id}/steps',
    ...onCampaign,
    inputSchema: eitherOf(args(campaign), CAMPAIGN_FORMS),
    returns: 'list',
  },
  {
    name: 'create_campaign_step',
    title: 'Create campaign step',
    description: 'Adds a step (email, call, LinkedIn or custom) to a campaign.',
    kind: 'create',
    method: 'POST',
    path: '/campaigns/{id}/steps',
    ...onCampaign,
    inputSchema: eitherOf(args({ ...campaign, type: oneOf(STEP_TYPES), ...stepFields }, ['type', 'name', 'dueDay']), CAMPAIGN_FORMS),
    returns: 'record',
  },
  {
    name: 'update_campaign_step',
    title: 'Update campaign step',
    description: "Changes a step's day, name, description, position or template.",
    kind: 'update',
    method: 'PUT',
    path: '/campaigns/{id}/steps/{stepId}',
    ...onStep,
    inputSchema: eitherOf(args({ ...step, ...stepFields, stepNumber: integer(1) }, ['dueDay']), STEP_FORMS),
    returns: 'record',
  },
  {
    name: 'delete_campaign_step',
    title: 'Delete campaign step',
    description: 'Removes a step from a campaign.',
    kind: 'delete',
    method: 'DELETE',
    path: '/campaigns/{id}/steps/{stepId}',
    ...onStep,
    inputSchema: eitherOf(args(step), STEP_FORMS),
    returns: 'record',
  },
  {
    name: 'execute_campaign_step_action',
    title: 'Execute campaign step action',
    description: 'PAUSE, RESUME or SKIP one step of a campaign.',
    kind: 'action',
    method: 'POST',
    path: '/campaigns/{id}/steps/{stepId}/actions',
    ...onStep,
    inputSchema: eitherOf(args({ ...step, action: oneOf(STEP_ACTIONS) }, ['action']), STEP_FORMS),
    returns: 'record',
  },
];
