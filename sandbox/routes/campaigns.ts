/** Campaigns (v2; spec 4.3, 4.4, 3.2-3.3; DECISIONS: campaigns). Visible to the whole organization. */
import { ACTIONS, applyAction, type Action } from '../domain/campaign-machine';
import { campaignStarted } from '../domain/campaign-started';
import { HttpError, notFound } from '../errors';
import { json, ok, who } from '../http/respond';
import { apiRoute, type Call, type RouteSpec } from '../router';
import { nextSeq, type State } from '../state/store';
import type { Campaign, CampaignStep, Org } from '../state/types';
import { array, bodyObject, int, itemId, itemInt, itemObject, object, onlyKeys, onlyQuery, queryInt, str, type Obj } from '../validate';

export const STEP_TYPES = ['EMAIL', 'CALL', 'TASK', 'auto-email', 'manual-email', 'call', 'linkedIn', 'linkedin-message', 'linkedin-connect-request', 'custom'];

export function view(state: State, c: Campaign) {
  const owner = state.users.get(c.userIdOwner)!;
  return {
    campaignId: c.campaignId,
    name: c.name,
    identifier: c.identifier,
    status: c.status,
    isPublic: c.isPublic,
    maxActiveContacts: c.maxActiveContacts,
    numContacts: String(c.contacts.size),
    numSteps: String(c.steps.length),
    numDays: c.steps.reduce((m, s) => Math.max(m, s.dueDay), 0),
    userIdOwner: c.userIdOwner,
    ownerName: `${owner.firstname} ${owner.lastname}`,
    startedAt: c.startedAt,
    pausedAt: c.pausedAt,
    completedAt: c.completedAt,
    createdAt: c.createdAt,
    emailAccountIds: [...c.emailAccountIds],
  };
}

export function stepView(s: CampaignStep) {
  const { templateData: _templateData, ...rest } = s;
  return rest;
}

export function find(call: Call): Campaign {
  const c = call.services.state.campaigns.get(call.params.id);
  if (!c || c.orgId !== who(call).org.id) throw notFound(`No campaign ${call.params.id} in this organization`);
  return c;
}

/** contactIds must be integers naming contacts the organization has saved. */
export function orgContactIds(state: State, org: Org, body: Obj, key: string, max: number, required: boolean): number[] | undefined {
  const ids = array(body, key, itemInt(1), { required, min: required ? 1 : undefined, max });
  const records = state.orgContacts.get(org.id)!;
  ids?.forEach((id, i) => {
    if (!records.byId.has(String(id))) throw new HttpError(422, `${key}[${i}]: no contact ${id} in this organization`);
  });
  return ids;
}

export function slugify(state: State, orgId: string, name: string): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'campaign';
  const taken = new Set([...state.campaigns.values()].filter((c) => c.orgId === orgId).map((c) => c.identifier));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** Account ids: the reference types them as numbers on update and as text on create; both name the account. */
export function accountIds(call: Call, body: Record<string, unknown>): string[] | undefined {
  const me = who(call);
  const ids = array(body, 'emailAccountIds', itemId);
  ids?.forEach((id, i) => {
    const acc = call.services.state.emailAccounts.find((a) => a.emailAccountId === id);
    if (!acc || call.services.state.users.get(acc.userId)!.orgId !== me.org.id)
      throw new HttpError(422, `emailAccountIds[${i}]: no email account ${id} in this organization`);
  });
  return ids;
}

function create(call: Call) {
  const { state, clock, config } = call.services;
  const me = who(call);
  const body = bodyObject(call.body);
  onlyKeys(body, ['name', 'emailAccountIds', 'steps', 'contactIds', 'maxActiveContacts']);
  const name = str(body, 'name', { required: true, max: 255 });
  const accounts = accountIds(call, body) ?? [];
  const steps = (array(body, 'steps', itemObject) ?? []).map((s, i) => {
    const path = `steps[${i}]`;
    onlyKeys(s, ['type', 'name', 'description', 'dueDay', 'templateId', 'templateData'], path);
    const type = str(s, 'type', { required: true, oneOf: STEP_TYPES, path });
    const dueDay = int(s, 'dueDay', { required: true, min: 1, path });
    const templateId = int(s, 'templateId', { min: 1, path });
    if (templateId !== undefined && !state.templates.some((t) => t.templateId === templateId && t.orgId === me.org.id))
      throw new HttpError(422, `${path}.templateId: no template ${templateId} in this organization`);
    return {
      type,
      dueDay,
      templateId,
      name: str(s, 'name', { path, allowEmpty: true }),
      description: str(s, 'description', { path, allowEmpty: true }),
      templateData: object(s, 'templateData', path),
    };
  });
  const contactIds = orgContactIds(state, me.org, body, 'contactIds', config.limits.campaignContactIds, false) ?? [];
  let maxActive: number | null = null;
  const requested = int(body, 'maxActiveContacts', { min: 1 });
  if (requested !== undefined) {
    maxActive = requested;
    if (!me.org.features.maxActiveContacts)
      throw new HttpError(422, 'maxActiveContacts: requires the Max Active Contacts feature, which is not enabled for this organization');
  }
  const now = clock.iso();
  const campaignId = String(nextSeq(state, 'campaign', 9001));
  const campaign: Campaign = {
    campaignId,
    orgId: me.org.id,
    name,
    identifier: slugify(state, me.org.id, name),
    status: 'draft',
    archivedFrom: null,
    isPublic: true,
    maxActiveContacts: maxActive,
    userIdOwner: me.user.id,
    startedAt: null,
    pausedAt: null,
    completedAt: null,
    createdAt: now,
    emailAccountIds: accounts,
    steps: [],
    contacts: new Map(),
  };
  campaign.steps = steps.map((s, i) => ({
    campaignStepId: String(nextSeq(state, 'campaignStep', 60001)),
    campaignId,
    type: s.type,
    name: s.name ?? `Step ${i + 1}`,
    description: s.description ?? '',
    status: 'active',
    stepNumber: i + 1,
    dueDay: s.dueDay,
    templateId: s.templateId !== undefined ? String(s.templateId) : null,
    templateData: s.templateData ?? null,
    createdAt: now,
  }));
  for (const id of contactIds)
    if (!campaign.contacts.has(String(id))) campaign.contacts.set(String(id), { contactId: String(id), status: 'scheduled', addedAt: now });
  state.campaigns.set(campaignId, campaign);
  return ok({ campaign: view(state, campaign), steps: campaign.steps.map(stepView), contactsAdded: campaign.contacts.size }, 201);
}

function list(call: Call) {
  onlyQuery(call.query, ['searchText', 'limit']);
  const limit = queryInt(call.query, 'limit', { min: 1, max: 500, def: 50 })!;
  const text = (call.query.get('searchText') ?? '').toLowerCase();
  const { state } = call.services;
  const me = who(call);
  const rows = [...state.campaigns.values()].filter((c) => c.orgId === me.org.id && (text === '' || c.name.toLowerCase().includes(text)));
  return ok(rows.slice(0, limit).map((c) => view(state, c)));
}

function action(call: Call) {
  const c = find(call);
  const body = bodyObject(call.body);
  onlyKeys(body, ['action']);
  const act = str(body, 'action', { required: true, oneOf: ACTIONS }) as Action;
  applyAction(c, act, call.services.clock.iso());
  if (act === 'START') campaignStarted(call.services.state, c, who(call).user.id);
  if (act === 'DELETE') {
    call.services.state.campaigns.delete(c.campaignId);
    return json({ success: true });
  }
  return ok({ campaign: view(call.services.state, c) });
}

function remove(call: Call) {
  const c = find(call);
  applyAction(c, 'DELETE', call.services.clock.iso());
  call.services.state.campaigns.delete(c.campaignId);
  return json({ success: true });
}

function contactsBody(call: Call): number[] {
  const body = bodyObject(call.body);
  onlyKeys(body, ['contactIds']);
  return orgContactIds(call.services.state, who(call).org, body, 'contactIds', call.services.config.limits.campaignContactIds, true)!;
}

function addContacts(call: Call) {
  const c = find(call);
  const ids = contactsBody(call);
  if (c.status === 'completed' || c.status === 'archived') throw new HttpError(409, `Cannot add contacts to campaign ${c.campaignId}: it is ${c.status}`);
  const now = call.services.clock.iso();
  let added = 0;
  for (const id of ids) {
    if (c.contacts.has(String(id))) continue;
    c.contacts.set(String(id), { contactId: String(id), status: c.status === 'active' ? 'active' : 'scheduled', addedAt: now });
    added++;
  }
  return ok({ contactsAdded: added });
}

function removeContacts(call: Call) {
  const c = find(call);
  const body = bodyObject(call.body);
  onlyKeys(body, ['contactIds']);
  const ids = array(body, 'contactIds', itemInt(1), { required: true, min: 1, max: call.services.config.limits.campaignContactIds });
  let removed = 0;
  for (const id of ids) if (c.contacts.delete(String(id))) removed++;
  return ok({ contactsRemoved: removed });
}

/** Enrolled contacts in enrollment order, paged by offset and limit (default: all), searchText on name or email. */
function listContacts(call: Call) {
  const c = find(call);
  const limit = queryInt(call.query, 'limit', { min: 1, max: 500 });
  const offset = queryInt(call.query, 'offset', { min: 0, def: 0 })!;
  const text = (call.query.get('searchText') ?? '').trim().toLowerCase();
  const records = call.services.state.orgContacts.get(c.orgId)!;
  const matches = (contactId: string) => {
    const r = records.byId.get(contactId);
    return [r?.fullName, r?.email].some((v) => typeof v === 'string' && v.toLowerCase().includes(text));
  };
  const rows = [...c.contacts.values()].filter((row) => text === '' || matches(row.contactId));
  const page = rows.slice(offset, limit === undefined ? undefined : offset + limit);
  return json({ success: true, data: page, supplementalData: { total: rows.length, offset, limit: limit ?? rows.length } });
}

/**
 * The campaign's own emails only (DECISIONS "The service's own client"): sent to an enrolled contact, from one of the
 * campaign's sending accounts, once the campaign had started and the contact was enrolled. A one-off email to the
 * same contact is not the campaign's.
 */
function metrics(call: Call) {
  const c = find(call);
  const { state } = call.services;
  const senders = new Set(state.emailAccounts.filter((a) => c.emailAccountIds.includes(a.emailAccountId)).map((a) => a.email.toLowerCase()));
  const started = c.startedAt === null ? Infinity : Date.parse(c.startedAt);
  const emails = [...state.emails.values()].filter((e) => {
    const enrolled = c.contacts.get(e.contactId);
    if (e.orgId !== c.orgId || !enrolled || e.status === 'draft' || !senders.has(e.from.toLowerCase())) return false;
    const at = Date.parse(e.sentAt ?? e.scheduledAt ?? e.createdAt);
    return at >= started && at >= Date.parse(enrolled.addedAt);
  });
  return ok({ numContacts: c.contacts.size, emailsSent: emails.length, opens: 0, replies: 0, bounces: 0 });
}

export const campaignRoutes: RouteSpec[] = [
  apiRoute('v2', 'POST', '/campaigns', create),
  apiRoute('v2', 'GET', '/campaigns', list, { query: ['searchText', 'limit'] }),
  apiRoute('v2', 'GET', '/campaigns/{id}', (call) => {
    const c = find(call);
    return ok({ campaign: view(call.services.state, c), steps: c.steps.map(stepView) });
  }),
  apiRoute('v2', 'DELETE', '/campaigns/{id}', remove),
  apiRoute('v2', 'POST', '/campaigns/{id}/actions', action),
  apiRoute('v2', 'GET', '/campaigns/{id}/contacts', listContacts, { query: ['limit', 'offset', 'searchText'] }),
  apiRoute('v2', 'POST', '/campaigns/{id}/contacts', addContacts),
  apiRoute('v2', 'DELETE', '/campaigns/{id}/contacts', removeContacts, { body: 'json' }),
  apiRoute('v2', 'GET', '/campaigns/{id}/metrics', metrics),
];
