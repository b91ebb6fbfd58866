/**
 * Bulk email, preview and footers (v2; public reference "Bulk email", "Preview", "Email footers"; DECISIONS "Campaign
 * steps, templates, drafts, bulk email"). A bulk send is refused where a send is (sender, template, subject/body)
 * and is paced as sends are: at most the send endpoint's per-window limit of emails is scheduled per window.
 */
import { emailSent } from '../domain/activity-log';
import { resolveRecipients } from '../domain/bulk-recipients';
import { footersOf } from '../domain/email-footers';
import { render } from '../domain/template-render';
import { HttpError } from '../errors';
import { ok, who } from '../http/respond';
import { apiRoute, type Call, type RouteSpec } from '../router';
import { nextSeq } from '../state/store';
import type { Email } from '../state/types';
import { bodyObject, emailField, int, onlyKeys, queryInt, str } from '../validate';
import { orgTemplate } from './email-drafts';
import { scheduleAt } from './emails';
import { connectedAccount } from './emails';

/** The endpoint whose window paces every email, sent one by one or in bulk. */
const SEND_ENDPOINT = 'POST /v2/emails/send';

function sendBulk(call: Call) {
  const { state, clock, config, rateLimiter } = call.services;
  const me = who(call);
  const body = bodyObject(call.body);
  onlyKeys(body, ['from', 'subject', 'body', 'scheduleAt', 'templateId', 'filters']);
  const from = connectedAccount(state, me, emailField(body, 'from', { required: true })!);
  const account = state.emailAccounts.find((a) => a.email === from)!;
  const template = orgTemplate(state, me, int(body, 'templateId', { min: 1 }));
  const subject = str(body, 'subject', { required: !template, max: 998 }) ?? template!.subject;
  const text = str(body, 'body', { required: !template }) ?? template!.body;
  const start = scheduleAt(call, body) ?? clock.iso();
  const recipients = resolveRecipients(state, me.org.id, me.user.id, body.filters);
  if (recipients.length === 0) throw new HttpError(422, 'filters: match no saved contact of this organization; nothing was sent');
  const cap = config.limits.campaignContactIds;
  if (recipients.length > cap)
    throw new HttpError(422, `filters: match ${recipients.length} contacts; one bulk send takes at most ${cap}; narrow the filters. Nothing was sent`);
  const perWindow = Math.max(1, rateLimiter.limitFor(me.org, SEND_ENDPOINT, false));
  const windowMs = config.rateLimit.windowMs;
  const startMs = Date.parse(start);
  const now = clock.iso();
  const emailIds: string[] = [];
  const skipped: { contactId: string; reason: string }[] = [];
  for (const contact of recipients) {
    const to = typeof contact.email === 'string' ? contact.email : '';
    if (!to) {
      skipped.push({ contactId: contact.contactId, reason: 'the contact has no email address' });
      continue;
    }
    const source = { contact, sender: { user: me.user, account } };
    const emailId = String(nextSeq(state, 'email', 70001));
    const email: Email = {
      emailId,
      userId: me.user.id,
      orgId: me.org.id,
      contactId: contact.contactId,
      from,
      to,
      cc: '',
      bcc: '',
      subject: render(subject, source).text,
      body: render(text, source).text,
      status: 'SCHEDULED',
      // Paced as single sends are: one window's worth of emails per window, in order.
      scheduledAt: new Date(startMs + Math.floor(emailIds.length / perWindow) * windowMs).toISOString(),
      sentAt: null,
      createdAt: now,
      templateId: template?.templateId ?? null,
    };
    state.emails.set(emailId, email);
    emailSent(state, email);
    emailIds.push(emailId);
  }
  return ok({ matched: recipients.length, scheduled: emailIds.length, emailIds, skipped }, 201);
}

function preview(call: Call) {
  const { state } = call.services;
  const me = who(call);
  const body = bodyObject(call.body);
  onlyKeys(body, ['to', 'subject', 'body', 'from', 'templateId']);
  const to = emailField(body, 'to', { required: true })!;
  const fromText = emailField(body, 'from');
  const from = fromText ? connectedAccount(state, me, fromText) : null;
  const template = orgTemplate(state, me, int(body, 'templateId', { min: 1 }));
  const subject = str(body, 'subject', { required: !template, max: 998 }) ?? template!.subject;
  const text = str(body, 'body', { required: !template }) ?? template!.body;
  // The contact is the saved contact with that address, if any; the sender is the given account or none.
  const wanted = to.trim().toLowerCase();
  const contact = [...state.orgContacts.get(me.org.id)!.byId.values()].find((c) => String(c.email ?? '').toLowerCase() === wanted);
  const account = from ? state.emailAccounts.find((a) => a.email === from) : undefined;
  const source = { contact, sender: account ? { user: me.user, account } : undefined };
  const s = render(subject, source);
  const b = render(text, source);
  return ok({ from, to, subject: s.text, body: b.text, contactId: contact?.contactId ?? null, missingVariables: [...new Set([...s.missing, ...b.missing])] });
}

function footers(call: Call) {
  const page = queryInt(call.query, 'page', { min: 1, def: 1 })!;
  const limit = queryInt(call.query, 'limit', { min: 1, max: 100, def: 100 })!;
  return ok(footersOf(who(call).org, call.services.state.config.seed.idBase).slice((page - 1) * limit, page * limit));
}

export const bulkEmailRoutes: RouteSpec[] = [
  apiRoute('v2', 'POST', '/emails/send-bulk', sendBulk),
  apiRoute('v2', 'POST', '/emails/preview', preview),
  apiRoute('v2', 'GET', '/email-footers', footers, { query: ['page', 'limit'] }),
];
