/** Campaign and campaign-step tools (spec 4.3, 4.4; public reference "Campaigns", "Campaign steps"). */
import { args, bool, id, ids, integer, object, oneOf, strings, text, type RestToolSpec } from './rest-tool-kit';

const STEP_TYPES = ['manual-email', 'auto-email', 'call', 'linkedIn', 'linkedin-message', 'linkedin-connect-request', 'custom'];
const CAMPAIGN_ACTIONS = ['START', 'PAUSE', 'RESUME', 'COMPLETE', 'ARCHIVE', 'UNARCHIVE', 'DELETE'];
const STEP_ACTIONS = ['PAUSE', 'RESUME', 'SKIP'];

const campaign = { campaignId: id('campaign') };
const step = { ...campaign, stepId: id('campaign step') };
const onCampaign = { pathArgs: { campaignId: 'id' } };
const onStep = { pathArgs: { campaignId: 'id', stepId: 'stepId' } };
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
    description: "The organization's campaigns, optionally filtered by name. Free.",
    kind: 'read',
    method: 'GET',
    path: '/campaigns',
    inputSchema: args({ searchText: { type: 'string' }, limit: integer(1, 500) }),
    returns: 'list',
  },
  {
    name: 'get_campaign',
    title: 'Get campaign',
    description: 'One campaign with its steps.',
    kind: 'read',
    method: 'GET',
    path: '/campaigns/{id}',
    ...onCampaign,
    inputSchema: args(campaign, ['campaignId']),
    returns: 'record',
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
        emailAccountIds: strings('Email account ids to send from.'),
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
    inputSchema: args(
      { ...campaign, name: text('New name.', 255), isPublic: bool(), emailAccountIds: { type: 'array', items: { type: ['string', 'integer'] } } },
      ['campaignId'],
    ),
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
    inputSchema: args({ ...campaign, name: text('Name of the copy.', 255) }, ['campaignId', 'name']),
    returns: 'record',
  },
  {
    name: 'campaign_action',
    title: 'Campaign action',
    description: 'START, PAUSE, RESUME, COMPLETE, ARCHIVE, UNARCHIVE or DELETE a campaign (a refused move answers why).',
    kind: 'action',
    method: 'POST',
    path: '/campaigns/{id}/actions',
    ...onCampaign,
    inputSchema: args({ ...campaign, action: oneOf(CAMPAIGN_ACTIONS) }, ['campaignId', 'action']),
    returns: 'record',
  },
  {
    name: 'add_campaign_contacts',
    title: 'Add campaign contacts',
    description: 'Enrolls org contacts (up to 500 per call) in a campaign.',
    kind: 'update',
    method: 'POST',
    path: '/campaigns/{id}/contacts',
    ...onCampaign,
    inputSchema: args({ ...campaign, contactIds: ids('Org contact') }, ['campaignId', 'contactIds']),
    returns: 'record',
  },
  {
    name: 'remove_campaign_contacts',
    title: 'Remove campaign contacts',
    description: 'Takes contacts (up to 500 per call) out of a campaign.',
    kind: 'delete',
    method: 'DELETE',
    path: '/campaigns/{id}/contacts',
    ...onCampaign,
    inputSchema: args({ ...campaign, contactIds: ids('Org contact') }, ['campaignId', 'contactIds']),
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
    inputSchema: args(campaign, ['campaignId']),
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
    inputSchema: args({ ...campaign, type: oneOf(STEP_TYPES), ...stepFields }, ['campaignId', 'type', 'name', 'dueDay']),
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
    inputSchema: args({ ...step, ...stepFields, stepNumber: integer(1) }, ['campaignId', 'stepId', 'dueDay']),
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
    inputSchema: args(step, ['campaignId', 'stepId']),
    returns: 'record',
  },
  {
    name: 'campaign_step_action',
    title: 'Campaign step action',
    description: 'PAUSE, RESUME or SKIP one step of a campaign.',
    kind: 'action',
    method: 'POST',
    path: '/campaigns/{id}/steps/{stepId}/actions',
    ...onStep,
    inputSchema: args({ ...step, action: oneOf(STEP_ACTIONS) }, ['campaignId', 'stepId', 'action']),
    returns: 'record',
  },
];
