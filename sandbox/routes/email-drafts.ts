/**
 * Email drafts (v2; public reference "Email drafts"; DECISIONS "Campaign steps, templates, drafts, bulk email").
 * A draft is its writer's (another user's is 404, as lists); it changes until it is sent (POST /emails/{id}/send).
 */
import { render } from '../domain/template-render';
import { HttpError, notFound } from '../errors';
import { ok, who } from '../http/respond';
import { apiRoute, type AuthedIdentity, type Call, type RouteSpec } from '../router';
import { nextSeq, type State } from '../state/store';
import type { Email, OrgContact, Template } from '../state/types';
import { bodyObject, emailField, int, onlyKeys, str } from '../validate';
import { connectedAccount, scheduleAt, view } from './emails';

const FIELDS = ['contactId', 'from', 'to', 'subject', 'body', 'cc', 'bcc', 'scheduleAt', 'templateId'];

export function orgContact(state: State, me: AuthedIdentity, id: number, path = 'contactId'): OrgContact {
  const contact = state.orgContacts.get(me.org.id)!.byId.get(String(id));
  if (!contact) throw new HttpError(422, `${path}: no contact ${id} in this organization`);
  return contact;
}

export function orgTemplate(state: State, me: AuthedIdentity, id: number | undefined): Template | undefined {
  if (id === undefined) return undefined;
  const t = state.templates.find((x) => x.templateId === id && x.orgId === me.org.id);
  if (!t) throw new HttpError(422, `templateId: no template ${id} in this organization`);
  return t;
}

function findOwn(call: Call): Email {
  const email = call.services.state.emails.get(call.params.id);
  if (!email || email.userId !== who(call).user.id) throw notFound(`No email ${call.params.id} for this user`);
  return email;
}

function create(call: Call) {
  const { state, clock } = call.services;
  const me = who(call);
  const body = bodyObject(call.body);
  onlyKeys(body, FIELDS);
  const contactId = int(body, 'contactId', { required: true, min: 1 });
  const contact = orgContact(state, me, contactId);
  const from = connectedAccount(state, me, emailField(body, 'from', { required: true })!);
  const to = emailField(body, 'to', { required: true })!;
  const template = orgTemplate(state, me, int(body, 'templateId', { min: 1 }));
  const account = state.emailAccounts.find((a) => a.email === from)!;
  const fill = (text: string) => render(text, { contact, sender: { user: me.user, account } }).text;
  const subject = str(body, 'subject', { required: !template, max: 998 }) ?? fill(template!.subject);
  const text = str(body, 'body', { required: !template }) ?? fill(template!.body);
  const now = clock.iso();
  const emailId = String(nextSeq(state, 'email', 70001));
  const email: Email = {
    emailId,
    userId: me.user.id,
    orgId: me.org.id,
    contactId: String(contactId),
    from,
    to,
    cc: emailField(body, 'cc', { multiple: true }) ?? '',
    bcc: emailField(body, 'bcc', { multiple: true }) ?? '',
    subject,
    body: text,
    status: 'draft',
    scheduledAt: scheduleAt(call, body) ?? null,
    sentAt: null,
    createdAt: now,
    templateId: template?.templateId ?? null,
  };
  state.emails.set(emailId, email);
  return ok(view(email), 201);
}

function update(call: Call) {
  const { state } = call.services;
  const me = who(call);
  const email = findOwn(call);
  const body = bodyObject(call.body);
  onlyKeys(body, FIELDS);
  if (Object.keys(body).length === 0) throw new HttpError(422, `body: give at least one field to change (${FIELDS.join(', ')})`);
  if (email.status !== 'draft') throw new HttpError(409, `Email ${email.emailId} is not a draft (status ${email.status}); only a draft can change`);
  const contactId = int(body, 'contactId', { min: 1 });
  if (contactId !== undefined) orgContact(state, me, contactId);
  const fromText = emailField(body, 'from');
  const from = fromText !== undefined ? connectedAccount(state, me, fromText) : undefined;
  const to = emailField(body, 'to');
  if (to !== undefined && to.trim() === '') throw new HttpError(422, 'to: must be an e-mail address, not empty');
  const template = orgTemplate(state, me, int(body, 'templateId', { min: 1 }));
  const subject = str(body, 'subject', { max: 998 });
  const text = str(body, 'body');
  const cc = emailField(body, 'cc', { multiple: true });
  const bcc = emailField(body, 'bcc', { multiple: true });
  const at = scheduleAt(call, body);
  if (contactId !== undefined) email.contactId = String(contactId);
  if (from !== undefined) email.from = from;
  if (to !== undefined) email.to = to;
  if (cc !== undefined) email.cc = cc;
  if (bcc !== undefined) email.bcc = bcc;
  if (at !== undefined) email.scheduledAt = at;
  if (template) {
    // A new template rewrites the text it gives, unless the same change gives its own.
    const contact = orgContact(state, me, Number(email.contactId));
    const account = state.emailAccounts.find((a) => a.email === email.from);
    const source = { contact, sender: account ? { user: me.user, account } : undefined };
    email.templateId = template.templateId;
    email.subject = render(template.subject, source).text;
    email.body = render(template.body, source).text;
  }
  if (subject !== undefined) email.subject = subject;
  if (text !== undefined) email.body = text;
  return ok(view(email));
}

export const emailDraftRoutes: RouteSpec[] = [
  apiRoute('v2', 'POST', '/emails', create),
  apiRoute('v2', 'GET', '/emails/{id}', (call) => ok(view(findOwn(call)))),
  apiRoute('v2', 'PUT', '/emails/{id}', update),
];
