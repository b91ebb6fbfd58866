import type { RunningSandbox } from '../../sandbox/index';
import { admin, call, start, window } from './helpers';

let sb: RunningSandbox;
let contactId: number;
let bobKey: string;
beforeAll(async () => {
  sb = await start();
  const org = await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey });
  contactId = Number(org.body.data[0].contactId);
  bobKey = sb.fixtures.users.find((u) => u.email.startsWith('bob'))!.apiKey;
});
afterAll(() => sb.close());

describe('emails (spec 4.5, 4.6, 3.4; DECISIONS: emails)', () => {
  it('4.5: send creates an email with status SCHEDULED from a connected account', async () => {
    const r = await call('POST', `${sb.v2}/emails/send`, {
      key: sb.apiKey,
      body: { contactId, from: sb.user.email, to: 'lead@example.com', subject: 'Hi', body: '<p>Hello</p>', cc: 'a@example.com, b@example.com' },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ status: 'SCHEDULED', from: sb.user.email, contactId: String(contactId) });
    for (const f of ['emailId', 'to', 'cc', 'bcc', 'subject', 'body', 'scheduledAt', 'sentAt', 'createdAt']) expect(r.body.data).toHaveProperty(f);
    const sent = (await admin(sb, 'GET', '/emails')).body;
    expect(sent.some((e: { emailId: string }) => e.emailId === r.body.data.emailId)).toBe(true);
  });

  it("4.5: from must match a connected email account of the user (another user's account does not count)", async () => {
    const r = await call('POST', `${sb.v2}/emails/send`, {
      key: sb.apiKey,
      body: { contactId, from: 'bob@acme.example', to: 'lead@example.com', subject: 'Hi', body: 'x' },
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/^from: .* not a connected email account/);
  });

  it('DECISIONS: contactId, from, to required; subject and body required unless templateId; bad addresses named', async () => {
    expect(
      (await call('POST', `${sb.v2}/emails/send`, { key: sb.apiKey, body: { from: sb.user.email, to: 'a@b.co', subject: 's', body: 'b' } })).body.message,
    ).toMatch(/^contactId: required/);
    expect(
      (await call('POST', `${sb.v2}/emails/send`, { key: sb.apiKey, body: { contactId, from: sb.user.email, to: 'a@b.co', body: 'b' } })).body.message,
    ).toMatch(/^subject: required/);
    expect(
      (await call('POST', `${sb.v2}/emails/send`, { key: sb.apiKey, body: { contactId, from: sb.user.email, to: 'nope', subject: 's', body: 'b' } })).body
        .message,
    ).toMatch(/^to: must be an e-mail/);
    const t = await call('POST', `${sb.v2}/emails/send`, { key: sb.apiKey, body: { contactId, from: sb.user.email, to: 'a@b.co', templateId: 101 } });
    expect(t.status).toBe(201);
    expect(t.body.data.subject).not.toContain('{{');
  });

  it("4.6: a draft sends once (status sent); a second send is 409; another user's draft is 404", async () => {
    const drafts = (await call('GET', `${sb.v2}/emails?status=draft`, { key: sb.apiKey })).body.data;
    expect(drafts.length).toBeGreaterThan(0);
    const id = drafts[0].emailId;
    expect((await call('POST', `${sb.v2}/emails/${id}/send`, { key: bobKey })).status).toBe(404);
    const r = await call('POST', `${sb.v2}/emails/${id}/send`, { key: sb.apiKey });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'sent', emailId: id });
    expect(r.body.data.sentAt).toEqual(expect.any(String));
    const again = await call('POST', `${sb.v2}/emails/${id}/send`, { key: sb.apiKey });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/sent/);
  });

  it('4.6: a from override must be a connected account', async () => {
    const drafts = (await call('GET', `${sb.v2}/emails?status=draft`, { key: sb.apiKey })).body.data;
    const bad = await call('POST', `${sb.v2}/emails/${drafts[0].emailId}/send`, { key: sb.apiKey, body: { from: 'x@y.example' } });
    expect(bad.status).toBe(422);
    const accounts = (await call('GET', `${sb.v2}/email-accounts`, { key: sb.apiKey })).body.data;
    const ok = await call('POST', `${sb.v2}/emails/${drafts[0].emailId}/send`, { key: sb.apiKey, body: { from: accounts[1].email } });
    expect(ok.body.data.from).toBe(accounts[1].email);
  });
});

describe('lists, saved searches, reference (spec 4.7-4.9; DECISIONS)', () => {
  it("4.9: lists of the user; rename; another user's list is 404; create 201; delete; add contacts", async () => {
    const mine = (await call('GET', `${sb.v2}/lists`, { key: sb.apiKey })).body.data;
    const bobs = (await call('GET', `${sb.v2}/lists`, { key: bobKey })).body.data;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((l: { listId: string }) => l.listId)).not.toContain(bobs[0].listId);
    expect(mine[0].listId).toMatch(/^\d+$/);
    const renamed = await call('PUT', `${sb.v2}/lists/${mine[0].listId}`, { key: sb.apiKey, body: { name: 'Renamed' } });
    expect(renamed.body.data.name).toBe('Renamed');
    expect((await call('PUT', `${sb.v2}/lists/${bobs[0].listId}`, { key: sb.apiKey, body: { name: 'x' } })).status).toBe(404);
    expect((await call('PUT', `${sb.v2}/lists/${mine[0].listId}`, { key: sb.apiKey, body: { name: '' } })).body.message).toMatch(/^name: must not be empty/);
    const created = await call('POST', `${sb.v2}/lists`, { key: sb.apiKey, body: { name: 'New list' } });
    expect(created.status).toBe(201);
    const add = await call('POST', `${sb.v2}/lists/${created.body.data.listId}/contacts`, { key: sb.apiKey, body: { contactIds: [contactId] } });
    expect(add.body.data.contactsAdded).toBe(1);
    expect((await call('DELETE', `${sb.v2}/lists/${created.body.data.listId}`, { key: sb.apiKey })).body).toEqual({ success: true });
    expect((await call('GET', `${sb.v2}/lists/${created.body.data.listId}`, { key: sb.apiKey })).status).toBe(404);
  });

  it('4.7 / 4.8: saved searches owned by the user; only provided fields change; numResultsApproved >= 0', async () => {
    const mine = (await call('GET', `${sb.v2}/saved-searches`, { key: sb.apiKey })).body.data;
    const s = mine[0];
    for (const f of ['savedSearchId', 'name', 'type', 'values', 'sortColumn', 'sortOrder', 'tagIds', 'numResultsApproved', 'gptRequestIdNLS'])
      expect(s).toHaveProperty(f);
    expect((await call('GET', `${sb.v2}/saved-searches/${s.savedSearchId}`, { key: bobKey })).status).toBe(404);
    const upd = await call('PUT', `${sb.v2}/saved-searches/${s.savedSearchId}`, { key: sb.apiKey, body: { numResultsApproved: 7 } });
    expect(upd.body.data).toMatchObject({ numResultsApproved: 7, name: s.name, values: s.values });
    const neg = await call('PUT', `${sb.v2}/saved-searches/${s.savedSearchId}`, { key: sb.apiKey, body: { numResultsApproved: -1 } });
    expect(neg.status).toBe(422);
    expect(neg.body.message).toMatch(/^numResultsApproved: must be >= 0/);
    expect((await call('PUT', `${sb.v2}/saved-searches/${s.savedSearchId}`, { key: sb.apiKey, body: { tagIds: ['a'] } })).body.message).toMatch(/^tagIds\[0\]/);
    const typed = (await call('GET', `${sb.v2}/saved-searches?type=companies`, { key: sb.apiKey })).body.data;
    for (const t of typed) expect(t.type).toBe('companies');
  });

  it('4.9 / public reference: contact statuses, credits, oauth/me (not wrapped), email accounts, templates', async () => {
    const st = await call('GET', `${sb.v2}/contact-statuses`, { key: sb.apiKey });
    expect(st.body.data[0]).toEqual({ statusId: expect.any(Number), name: expect.any(String), label: expect.any(String) });
    const cr = await call('GET', `${sb.v2}/credits`, { key: sb.apiKey });
    expect(cr.body.data.balance).toBe(Number(cr.headers.get('x-publicapi-credits')));
    const me = await call('GET', `${sb.v2}/oauth/me`, { key: sb.apiKey });
    expect(me.body).toEqual({ success: true, email: sb.user.email, firstname: expect.any(String), lastname: expect.any(String) });
    const acc = await call('GET', `${sb.v2}/email-accounts`, { key: sb.apiKey });
    expect(acc.body.data.map((a: { email: string }) => a.email)).toContain(sb.user.email);
    const tpl = await call('GET', `${sb.v2}/templates`, { key: sb.apiKey });
    expect(Number.isInteger(tpl.body.data[0].templateId)).toBe(true);
  });
});
