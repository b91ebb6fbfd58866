/**
 * Campaign update and clone (v2; public reference "Campaigns"; DECISIONS "Campaign steps, templates, drafts, bulk
 * email"). A clone is a new draft with copies of the steps and none of the contacts.
 */
import { HttpError } from '../errors';
import { ok, who } from '../http/respond';
import { apiRoute, type Call, type RouteSpec } from '../router';
import { nextSeq } from '../state/store';
import type { Campaign } from '../state/types';
import { bodyObject, bool, onlyKeys, str } from '../validate';
import { accountIds, find, slugify, stepView, view } from './campaigns';

function update(call: Call) {
  const c = find(call);
  const body = bodyObject(call.body);
  onlyKeys(body, ['name', 'isPublic', 'emailAccountIds']);
  const name = str(body, 'name', { max: 255 });
  const isPublic = bool(body, 'isPublic');
  const accounts = accountIds(call, body);
  if (name === undefined && isPublic === undefined && accounts === undefined)
    throw new HttpError(422, 'body: give at least one field to change (name, isPublic, emailAccountIds)');
  if (c.status === 'archived') throw new HttpError(409, `Cannot update campaign ${c.campaignId}: it is archived; UNARCHIVE it first`);
  if (name !== undefined && name !== c.name) {
    c.name = name;
    c.identifier = slugify(call.services.state, c.orgId, name);
  }
  if (isPublic !== undefined) c.isPublic = isPublic;
  if (accounts !== undefined) c.emailAccountIds = accounts;
  return ok(view(call.services.state, c));
}

function clone(call: Call) {
  const { state, clock } = call.services;
  const source = find(call);
  const body = bodyObject(call.body);
  onlyKeys(body, ['name']);
  const name = str(body, 'name', { required: true, max: 255 });
  const me = who(call);
  const now = clock.iso();
  const campaignId = String(nextSeq(state, 'campaign', 9001));
  const copy: Campaign = {
    ...source,
    campaignId,
    name,
    identifier: slugify(state, me.org.id, name),
    status: 'draft',
    archivedFrom: null,
    userIdOwner: me.user.id,
    startedAt: null,
    pausedAt: null,
    completedAt: null,
    createdAt: now,
    emailAccountIds: [...source.emailAccountIds],
    // The steps are copied (fresh ids, active again); the contacts are not (public reference).
    steps: source.steps.map((s, i) => ({
      ...s,
      campaignStepId: String(nextSeq(state, 'campaignStep', 60001)),
      campaignId,
      status: 'active',
      stepNumber: i + 1,
      templateData: s.templateData ? { ...s.templateData } : null,
      createdAt: now,
    })),
    contacts: new Map(),
  };
  state.campaigns.set(campaignId, copy);
  return ok({ campaign: view(state, copy), steps: copy.steps.map(stepView) }, 201);
}

export const campaignChangeRoutes: RouteSpec[] = [apiRoute('v2', 'PUT', '/campaigns/{id}', update), apiRoute('v2', 'POST', '/campaigns/{id}/clone', clone)];
