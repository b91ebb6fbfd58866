/**
 * Templates (v2; public reference "Templates"; DECISIONS "Campaign steps, templates, drafts, bulk email"). Templates
 * are the organization's: every user reads, changes and deletes them. `type` in the query narrows to one kind.
 */
import { footersOf } from '../domain/email-footers';
import { HttpError, notFound } from '../errors';
import { json, ok, who } from '../http/respond';
import { apiRoute, type Call, type RouteSpec } from '../router';
import { nextSeq } from '../state/store';
import type { Template } from '../state/types';
import { bodyObject, int, onlyKeys, queryEnum, queryInt, str, type Obj } from '../validate';

export const TEMPLATE_TYPES = ['email', 'call', 'custom', 'linkedin-message', 'linkedin-connect-request'];
export const CONTENT_CATEGORIES = ['static', 'ai_prompt'];

export function templateView(t: Template) {
  return {
    templateId: t.templateId,
    name: t.name,
    type: t.type ?? 'email',
    contentCategory: t.contentCategory ?? 'static',
    subject: t.subject,
    body: t.body,
    emailFooterId: t.emailFooterId ?? null,
    emailSignatureId: t.emailSignatureId ?? null,
  };
}

function find(call: Call): Template {
  const id = /^\d+$/.test(call.params.id) ? Number(call.params.id) : NaN;
  const type = queryEnum(call.query, 'type', TEMPLATE_TYPES);
  const t = call.services.state.templates.find((x) => x.templateId === id && x.orgId === who(call).org.id);
  if (!t || (type !== undefined && (t.type ?? 'email') !== type)) throw notFound(`No ${type ? `${type} ` : ''}template ${call.params.id} in this organization`);
  return t;
}

/** Footer and signature ids must name something the organization has; the sandbox has footers, no signatures. */
function footerFields(call: Call, body: Obj): { emailFooterId?: number; emailSignatureId?: number } {
  const emailFooterId = int(body, 'emailFooterId', { min: 1 });
  if (emailFooterId !== undefined && !footersOf(who(call).org, call.services.state.config.seed.idBase).some((f) => f.emailFooterId === emailFooterId))
    throw new HttpError(422, `emailFooterId: no email footer ${emailFooterId} in this organization`);
  const emailSignatureId = int(body, 'emailSignatureId', { min: 1 });
  if (emailSignatureId !== undefined) throw new HttpError(422, `emailSignatureId: no email signature ${emailSignatureId} in this organization`);
  return { emailFooterId, emailSignatureId };
}

/** An email template must carry a subject and a body: a send fills them in. */
function checkEmailText(t: Pick<Template, 'subject' | 'body'> & { type?: string }): void {
  if ((t.type ?? 'email') !== 'email') return;
  if (!t.subject.trim()) throw new HttpError(422, 'subject: required for an email template');
  if (!t.body.trim()) throw new HttpError(422, 'body: required for an email template');
}

const FIELDS = ['name', 'type', 'subject', 'body', 'contentCategory', 'emailFooterId', 'emailSignatureId'];

function create(call: Call) {
  const { state, clock } = call.services;
  const body = bodyObject(call.body);
  onlyKeys(body, FIELDS);
  const type = str(body, 'type', { required: true, oneOf: TEMPLATE_TYPES });
  const t: Template = {
    templateId: nextSeq(state, 'template', 101),
    orgId: who(call).org.id,
    name: str(body, 'name', { required: true, max: 255 }),
    type,
    // Optional, static when not given: the service's integration sends it only when set (DECISIONS).
    contentCategory: str(body, 'contentCategory', { oneOf: CONTENT_CATEGORIES }) ?? 'static',
    subject: str(body, 'subject', { max: 998, allowEmpty: true }) ?? '',
    body: str(body, 'body', { allowEmpty: true }) ?? '',
    ...footerFields(call, body),
    createdAt: clock.iso(),
  };
  checkEmailText(t);
  state.templates.push(t);
  return ok(templateView(t), 201);
}

function update(call: Call) {
  const t = find(call);
  const body = bodyObject(call.body);
  onlyKeys(
    body,
    FIELDS.filter((f) => f !== 'type'),
  );
  const changes = {
    name: str(body, 'name', { max: 255 }),
    subject: str(body, 'subject', { max: 998, allowEmpty: true }),
    body: str(body, 'body', { allowEmpty: true }),
    contentCategory: str(body, 'contentCategory', { oneOf: CONTENT_CATEGORIES }),
    ...footerFields(call, body),
  };
  const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(given).length === 0) throw new HttpError(422, `body: give at least one field to change (${FIELDS.filter((f) => f !== 'type').join(', ')})`);
  checkEmailText({ type: t.type, subject: (given.subject as string) ?? t.subject, body: (given.body as string) ?? t.body });
  Object.assign(t, given);
  return ok(templateView(t));
}

function remove(call: Call) {
  const { state } = call.services;
  const t = find(call);
  // A step that names a deleted template would send nothing: refuse while one uses it.
  const user = [...state.campaigns.values()].find((c) => c.orgId === t.orgId && c.steps.some((s) => s.templateId === String(t.templateId)));
  if (user) throw new HttpError(409, `Cannot delete template ${t.templateId}: campaign ${user.campaignId} (${user.name}) uses it in a step`);
  state.templates.splice(state.templates.indexOf(t), 1);
  return json({ success: true });
}

function list(call: Call) {
  const { state } = call.services;
  const page = queryInt(call.query, 'page', { min: 1, def: 1 })!;
  const limit = queryInt(call.query, 'limit', { min: 1, max: 100, def: 100 })!;
  const text = (call.query.get('searchText') ?? '').toLowerCase();
  const type = queryEnum(call.query, 'type', TEMPLATE_TYPES);
  const stats = queryEnum(call.query, 'includeStats', ['true', 'false']) === 'true';
  const orgId = who(call).org.id;
  const rows = state.templates
    .filter((t) => t.orgId === orgId && (type === undefined || (t.type ?? 'email') === type) && (text === '' || t.name.toLowerCase().includes(text)))
    .slice((page - 1) * limit, page * limit);
  const emails = stats ? [...state.emails.values()].filter((e) => e.orgId === orgId && e.templateId !== null && e.status !== 'draft') : [];
  return ok(
    rows.map((t) => (stats ? { ...templateView(t), stats: { emailsSent: emails.filter((e) => e.templateId === t.templateId).length } } : templateView(t))),
  );
}

export const templateRoutes: RouteSpec[] = [
  apiRoute('v2', 'GET', '/templates', list, { query: ['page', 'limit', 'searchText', 'type', 'includeStats'] }),
  apiRoute('v2', 'POST', '/templates', create),
  apiRoute('v2', 'GET', '/templates/{id}', (call) => ok(templateView(find(call))), { query: ['type'] }),
  apiRoute('v2', 'PUT', '/templates/{id}', update, { query: ['type'] }),
  apiRoute('v2', 'DELETE', '/templates/{id}', remove, { query: ['type'] }),
];
