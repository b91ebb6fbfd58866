/** Emails (v2; spec 4.5, 4.6, 3.4; DECISIONS: emails). The sender must be a connected account of the user. */
import { emailSent } from '../domain/activity-log';
import { HttpError, notFound } from '../errors';
import { ok, who } from '../http/respond';
import { apiRoute, type AuthedIdentity, type Call, type RouteSpec } from '../router';
import { nextSeq, type State } from '../state/store';
import type { Email } from '../state/types';
import { bodyObject, emailField, int, onlyKeys, onlyQuery, parseIsoDateTime, queryEnum, str, type Obj } from '../validate';

export function view(e: Email) {
  return {
    emailId: e.emailId,
    contactId: e.contactId,
    from: e.from,
    to: e.to,
    cc: e.cc,
    bcc: e.bcc,
    subject: e.subject,
    body: e.body,
    status: e.status,
    scheduledAt: e.scheduledAt,
    sentAt: e.sentAt,
    createdAt: e.createdAt,
  };
}

export function connectedAccount(state: State, me: AuthedIdentity, from: string): string {
  const account = state.emailAccounts.find((a) => a.userId === me.user.id && a.email.toLowerCase() === from.trim().toLowerCase());
  if (!account) {
    const mine = state.emailAccounts.filter((a) => a.userId === me.user.id).map((a) => a.email);
    throw new HttpError(422, `from: ${from} is not a connected email account of this user (connected: ${mine.join(', ') || 'none'})`);
  }
  return account.email;
}

/**
 * A time to send at: ISO 8601 with a zone. A time already past means as soon as possible (the answer shows the time
 * used): a client cannot know the service's clock, so it could not check "not in the past" before sending.
 */
export function scheduleAt(call: Call, body: Obj): string | undefined {
  const raw = str(body, 'scheduleAt');
  if (raw === undefined) return undefined;
  const t = parseIsoDateTime(raw);
  if (t === null) throw new HttpError(422, `scheduleAt: must be an ISO 8601 date-time with a zone, e.g. 2026-01-31T09:00:00Z (got "${raw}")`);
  return new Date(Math.max(t, call.services.clock.now())).toISOString();
}

function send(call: Call) {
  const { state, clock } = call.services;
  const me = who(call);
  const body = bodyObject(call.body);
  // scheduleAt beyond spec 4.5: the service's integration sends it with a send as with a draft (DECISIONS).
  onlyKeys(body, ['contactId', 'from', 'to', 'subject', 'body', 'cc', 'bcc', 'templateId', 'scheduleAt']);
  const contactId = int(body, 'contactId', { required: true, min: 1 });
  const contact = state.orgContacts.get(me.org.id)!.byId.get(String(contactId));
  if (!contact) throw new HttpError(422, `contactId: no contact ${contactId} in this organization`);
  const from = connectedAccount(state, me, emailField(body, 'from', { required: true })!);
  const to = emailField(body, 'to', { required: true })!;
  const cc = emailField(body, 'cc', { multiple: true }) ?? '';
  const bcc = emailField(body, 'bcc', { multiple: true }) ?? '';
  const templateId = int(body, 'templateId', { min: 1 });
  const template = templateId !== undefined ? state.templates.find((t) => t.templateId === templateId && t.orgId === me.org.id) : undefined;
  if (templateId !== undefined && !template) throw new HttpError(422, `templateId: no template ${templateId} in this organization`);
  const subject = str(body, 'subject', { required: !template, max: 998 }) ?? fill(template!.subject, contact);
  const text = str(body, 'body', { required: !template }) ?? fill(template!.body, contact);
  const now = clock.iso();
  const emailId = String(nextSeq(state, 'email', 70001));
  const email: Email = {
    emailId,
    userId: me.user.id,
    orgId: me.org.id,
    contactId: String(contactId),
    from,
    to,
    cc,
    bcc,
    subject,
    body: text,
    status: 'SCHEDULED',
    scheduledAt: scheduleAt(call, body) ?? now,
    sentAt: null,
    createdAt: now,
    templateId: templateId ?? null,
  };
  state.emails.set(emailId, email);
  emailSent(state, email);
  return ok(view(email), 201);
}

/** Template placeholders `{{field}}` filled from the org contact. */
function fill(text: string, contact: Record<string, unknown>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(contact[key] ?? ''));
}

function sendDraft(call: Call) {
  const { state, clock } = call.services;
  const me = who(call);
  const email = state.emails.get(call.params.id);
  if (!email || email.userId !== me.user.id) throw notFound(`No email draft ${call.params.id} for this user`);
  const body = bodyObject(call.body, true);
  onlyKeys(body, ['from']);
  const from = body.from !== undefined ? connectedAccount(state, me, emailField(body, 'from', { required: true })!) : email.from;
  if (email.status !== 'draft') throw new HttpError(409, `Email ${email.emailId} is not a draft (status ${email.status}); a draft is sent once`);
  // The draft's own account may have been disconnected since it was written.
  if (body.from === undefined) connectedAccount(state, me, from);
  email.from = from;
  email.status = 'sent';
  email.sentAt = clock.iso();
  emailSent(state, email);
  return ok(view(email));
}

function listEmails(call: Call) {
  onlyQuery(call.query, ['status']);
  const status = queryEnum(call.query, 'status', ['draft', 'SCHEDULED', 'sent']);
  const me = who(call);
  return ok([...call.services.state.emails.values()].filter((e) => e.userId === me.user.id && (status === undefined || e.status === status)).map(view));
}

export const emailRoutes: RouteSpec[] = [
  apiRoute('v2', 'POST', '/emails/send', send),
  apiRoute('v2', 'POST', '/emails/{id}/send', sendDraft),
  apiRoute('v2', 'GET', '/emails', listEmails, { query: ['status'] }),
];
