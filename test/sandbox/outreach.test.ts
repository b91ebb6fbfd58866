import type { RunningSandbox } from '../../sandbox/index';
import { admin, call, start, window } from './helpers';

/**
 * Conformance of the outreach operations. Each test names the line of ../shared/spec/public-reference.md
 * ("The rest of the service") its rule comes from, or the DECISIONS section "Campaign steps, templates, drafts,
 * bulk email" where the reference is silent.
 */

let sb: RunningSandbox;
let bobKey: string;
let contacts: { contactId: string; email: string; firstName: string }[];
beforeAll(async () => {
  sb = await start({ config: { rateLimit: { endpoints: { 'POST /v2/emails/send': 3 } } } as never });
  bobKey = sb.fixtures.users.find((u) => u.email.startsWith('bob'))!.apiKey;
  contacts = (await call('GET', `${sb.v1}/contacts?${window()}&limit=20`, { key: sb.apiKey })).body.data;
});
afterAll(() => sb.close());

const v2 = (method: string, path: string, body?: unknown, key = sb.apiKey) => call(method, `${sb.v2}${path}`, { key, body });

async function campaignWithSteps(name: string) {
  const r = await v2('POST', '/campaigns', {
    name,
    contactIds: [Number(contacts[0].contactId)],
    steps: [
      { type: 'auto-email', name: 'Intro', dueDay: 1, templateId: 101 },
      { type: 'call', name: 'Call', dueDay: 3 },
    ],
  });
  expect(r.status).toBe(201);
  return r.body.data.campaign.campaignId as string;
}

describe('campaigns: update and clone', () => {
  it('reference line 76: PUT /campaigns/{id} {name?, isPublic?, emailAccountIds?: number[]} changes only what is given', async () => {
    const id = await campaignWithSteps('Update me');
    // Numbers, as the reference types them; answered as the numeric text the service's ids are.
    const r = await v2('PUT', `/campaigns/${id}`, { isPublic: false, emailAccountIds: [4002] });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ campaignId: id, name: 'Update me', isPublic: false, emailAccountIds: ['4002'] });
    expect((await v2('PUT', `/campaigns/${id}`, { name: 'Renamed' })).body.data).toMatchObject({ name: 'Renamed', isPublic: false, identifier: 'renamed' });
    expect((await v2('PUT', `/campaigns/${id}`, {})).body.message).toMatch(/^body: give at least one field/);
    expect((await v2('PUT', `/campaigns/${id}`, { emailAccountIds: ['4005'] })).body.message).toMatch(/^emailAccountIds\[0\]: no email account/);
    expect((await v2('PUT', `/campaigns/${id}`, { isPublic: 'no' })).body.message).toMatch(/^isPublic: must be a boolean/);
    expect((await v2('PUT', `/campaigns/${id}`, { name: 'x' }, sb.apiKeyB)).status).toBe(404);
  });

  it('reference line 77: clone {name} copies the steps, not the contacts; the copy is a new draft', async () => {
    const id = await campaignWithSteps('Source');
    await v2('POST', `/campaigns/${id}/actions`, { action: 'ARCHIVE' });
    const r = await v2('POST', `/campaigns/${id}/clone`, { name: 'Source copy' });
    expect(r.status).toBe(201);
    const { campaign, steps } = r.body.data;
    expect(campaign).toMatchObject({ name: 'Source copy', status: 'draft', numContacts: '0', numSteps: '2' });
    expect(campaign.campaignId).not.toBe(id);
    expect(steps.map((s: { name: string; campaignId: string }) => [s.name, s.campaignId])).toEqual([
      ['Intro', campaign.campaignId],
      ['Call', campaign.campaignId],
    ]);
    expect((await v2('GET', `/campaigns/${campaign.campaignId}/contacts`)).body.data).toEqual([]);
    expect((await v2('GET', `/campaigns/${id}`)).body.data.campaign.numContacts).toBe('1');
    expect((await v2('POST', `/campaigns/${id}/clone`, {})).body.message).toMatch(/^name: required/);
  });
});

describe('campaign steps', () => {
  it('reference lines 78-80: list, create {type, name, dueDay, ...} with the seven published types', async () => {
    const id = await campaignWithSteps('Steps');
    const created = await v2('POST', `/campaigns/${id}/steps`, {
      type: 'linkedin-message',
      name: 'Say hi',
      dueDay: 5,
      templateData: { subject: 'Hi {{firstName}}', template: 'Hello' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ type: 'linkedin-message', name: 'Say hi', dueDay: 5, stepNumber: 3, status: 'active' });
    const list = (await v2('GET', `/campaigns/${id}/steps`)).body.data;
    expect(list.map((s: { stepNumber: number }) => s.stepNumber)).toEqual([1, 2, 3]);
    expect((await v2('POST', `/campaigns/${id}/steps`, { type: 'EMAIL', name: 'x', dueDay: 1 })).body.message).toMatch(/^type: must be one of manual-email/);
    expect((await v2('POST', `/campaigns/${id}/steps`, { type: 'call', name: 'x' })).body.message).toMatch(/^dueDay: required/);
    expect((await v2('POST', `/campaigns/${id}/steps`, { type: 'call', name: 'x', dueDay: 1, templateId: 9999 })).body.message).toMatch(
      /^templateId: no template/,
    );
    const both = await v2('POST', `/campaigns/${id}/steps`, {
      type: 'call',
      name: 'x',
      dueDay: 1,
      templateId: 101,
      templateData: { subject: 's', template: 't' },
    });
    expect(both.body.message).toMatch(/^templateData: give templateId or templateData, not both/);
  });

  it('reference lines 80-81: PUT {dueDay, stepNumber?...} moves a step; DELETE removes it and the rest move up', async () => {
    const id = await campaignWithSteps('Moves');
    const steps = (await v2('GET', `/campaigns/${id}/steps`)).body.data;
    const moved = await v2('PUT', `/campaigns/${id}/steps/${steps[1].campaignStepId}`, { dueDay: 2, stepNumber: 1, name: 'Call first' });
    expect(moved.body.data).toMatchObject({ stepNumber: 1, dueDay: 2, name: 'Call first' });
    expect((await v2('PUT', `/campaigns/${id}/steps/${steps[1].campaignStepId}`, { name: 'no day' })).body.message).toMatch(/^dueDay: required/);
    expect((await v2('PUT', `/campaigns/${id}/steps/${steps[1].campaignStepId}`, { dueDay: 1, stepNumber: 3 })).body.message).toMatch(
      /^stepNumber: must be at most 2/,
    );
    expect((await v2('DELETE', `/campaigns/${id}/steps/${steps[1].campaignStepId}`)).body).toEqual({ success: true });
    const left = (await v2('GET', `/campaigns/${id}/steps`)).body.data;
    expect(left.map((s: { name: string; stepNumber: number }) => [s.name, s.stepNumber])).toEqual([['Intro', 1]]);
    expect((await v2('DELETE', `/campaigns/${id}/steps/${steps[1].campaignStepId}`)).status).toBe(404);
  });

  it('reference line 82: actions PAUSE | RESUME | SKIP as a state machine; a refused move is 409 naming the state', async () => {
    const id = await campaignWithSteps('Actions');
    const step = (await v2('GET', `/campaigns/${id}/steps`)).body.data[0].campaignStepId;
    const act = (action: string) => v2('POST', `/campaigns/${id}/steps/${step}/actions`, { action });
    const refused = await act('RESUME');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Cannot RESUME step .*: it is active; allowed actions in state active: PAUSE, SKIP/);
    expect((await act('PAUSE')).body.data.status).toBe('paused');
    expect((await act('RESUME')).body.data.status).toBe('active');
    expect((await act('SKIP')).body.data.status).toBe('skipped');
    expect((await act('PAUSE')).body.message).toMatch(/it is skipped; allowed actions in state skipped: none/);
    expect((await act('STOP')).body.message).toMatch(/^action: must be one of PAUSE, RESUME, SKIP/);
  });

  it('DECISIONS: a completed or archived campaign keeps its steps (409 on create, update, delete and actions)', async () => {
    const id = await campaignWithSteps('Done');
    const step = (await v2('GET', `/campaigns/${id}/steps`)).body.data[0].campaignStepId;
    expect((await v2('POST', `/campaigns/${id}/actions`, { action: 'ARCHIVE' })).body.data.campaign.status).toBe('archived');
    expect((await v2('POST', `/campaigns/${id}/steps`, { type: 'call', name: 'x', dueDay: 1 })).status).toBe(409);
    expect((await v2('PUT', `/campaigns/${id}/steps/${step}`, { dueDay: 4 })).status).toBe(409);
    expect((await v2('DELETE', `/campaigns/${id}/steps/${step}`)).status).toBe(409);
    expect((await v2('POST', `/campaigns/${id}/steps/${step}/actions`, { action: 'SKIP' })).body.message).toMatch(/it is archived/);
  });
});

describe('templates', () => {
  it('reference lines 83-86: create, get, update, delete; type in the query narrows; an email template needs subject and body', async () => {
    const made = await v2('POST', '/templates', {
      name: 'Hello',
      type: 'email',
      subject: 'Hi {{firstName}}',
      body: '<p>Hi</p>',
      contentCategory: 'static',
      emailFooterId: 1,
    });
    expect(made.status).toBe(201);
    const id = made.body.data.templateId;
    expect(made.body.data).toMatchObject({ type: 'email', contentCategory: 'static', emailFooterId: 1 });
    expect((await v2('GET', `/templates/${id}?type=email`)).body.data.name).toBe('Hello');
    expect((await v2('GET', `/templates/${id}?type=call`)).status).toBe(404);
    expect((await v2('GET', `/templates/${id}?type=sms`)).status).toBe(400);
    expect((await v2('PUT', `/templates/${id}`, { subject: 'New {{company}}' })).body.data.subject).toBe('New {{company}}');
    expect((await v2('PUT', `/templates/${id}`, { body: '  ' })).body.message).toMatch(/^body: required for an email template/);
    expect((await v2('POST', '/templates', { name: 'x', type: 'email', contentCategory: 'static' })).body.message).toMatch(/^subject: required/);
    expect((await v2('POST', '/templates', { name: 'x', type: 'fax', contentCategory: 'static' })).body.message).toMatch(/^type: must be one of email/);
    expect((await v2('POST', '/templates', { name: 'x', type: 'call', contentCategory: 'dynamic' })).body.message).toMatch(/^contentCategory: must be one of/);
    expect((await v2('POST', '/templates', { name: 'x', type: 'call', contentCategory: 'static', emailFooterId: 99 })).body.message).toMatch(
      /^emailFooterId: no email footer 99/,
    );
    expect((await v2('GET', `/templates/${id}`, undefined, sb.apiKeyB)).status).toBe(404);
    expect((await v2('DELETE', `/templates/${id}`)).body).toEqual({ success: true });
    expect((await v2('GET', `/templates/${id}`)).status).toBe(404);
  });

  it('DECISIONS: a template a campaign step uses is not deleted (409)', async () => {
    await campaignWithSteps('Uses 101');
    const r = await v2('DELETE', '/templates/101');
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/^Cannot delete template 101: campaign .* uses it in a step/);
  });

  it('reference line 83: GET /templates takes page, limit, searchText, type, includeStats', async () => {
    const all = (await v2('GET', '/templates')).body.data;
    expect(all.length).toBeGreaterThanOrEqual(3);
    const page2 = (await v2('GET', '/templates?page=2&limit=1')).body.data;
    expect(page2).toEqual([all[1]]);
    expect((await v2('GET', '/templates?searchText=break')).body.data.map((t: { name: string }) => t.name)).toEqual(['Break-up (A)']);
    expect((await v2('GET', '/templates?type=call')).body.data.every((t: { type: string }) => t.type === 'call')).toBe(true);
    expect((await v2('GET', '/templates?includeStats=true')).body.data[0].stats).toEqual({ emailsSent: expect.any(Number) });
    expect((await v2('GET', '/templates?limit=101')).status).toBe(400);
  });

  it('reference lines 85-86, 105: the MCP resource templates/variables lists the variables', async () => {
    const r = await call('POST', sb.mcp, {
      key: sb.apiKey,
      body: { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'prospecting://templates/variables' } },
    });
    const names = JSON.parse(r.body.result.contents[0].text).variables.map((v: { name: string }) => v.name);
    expect(names).toEqual(expect.arrayContaining(['firstName', 'company', 'senderEmail']));
  });
});

describe('email drafts', () => {
  it('reference lines 87-88: POST /emails creates a draft; GET and PUT read and change it; sending makes it a sent email', async () => {
    const c = contacts[0];
    const r = await v2('POST', '/emails', { contactId: Number(c.contactId), from: sb.user.email, to: c.email, templateId: 101, cc: 'x@example.com' });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ status: 'draft', contactId: c.contactId, sentAt: null, cc: 'x@example.com' });
    expect(r.body.data.body).toContain(`Hi ${c.firstName},`);
    const id = r.body.data.emailId;
    expect((await v2('GET', `/emails/${id}`)).body.data.emailId).toBe(id);
    expect((await v2('GET', `/emails/${id}`, undefined, bobKey)).status).toBe(404);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const changed = await v2('PUT', `/emails/${id}`, { subject: 'Changed', scheduleAt: later });
    expect(changed.body.data).toMatchObject({ subject: 'Changed', scheduledAt: later, status: 'draft' });
    expect((await v2('PUT', `/emails/${id}`, { subject: 'x' }, bobKey)).status).toBe(404);
    expect((await v2('POST', `/emails/${id}/send`)).body.data.status).toBe('sent');
    const again = await v2('PUT', `/emails/${id}`, { subject: 'Too late' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/is not a draft \(status sent\)/);
  });

  it('DECISIONS: a draft without subject and body needs a templateId; a scheduleAt already past means as soon as possible', async () => {
    const base = { contactId: Number(contacts[0].contactId), from: sb.user.email, to: 'a@b.co' };
    expect((await v2('POST', '/emails', base)).body.message).toMatch(/^subject: required/);
    const past = await v2('POST', '/emails', { ...base, subject: 's', body: 'b', scheduleAt: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(201);
    expect(Date.parse(past.body.data.scheduledAt)).toBeGreaterThan(Date.parse('2025-01-01T00:00:00Z'));
    expect((await v2('POST', '/emails', { ...base, subject: 's', body: 'b', scheduleAt: 'tomorrow' })).body.message).toMatch(
      /^scheduleAt: must be an ISO 8601/,
    );
    expect((await v2('POST', '/emails', { ...base, from: 'bob@acme.example', subject: 's', body: 'b' })).body.message).toMatch(/^from: .* not a connected/);
  });
});

describe('bulk email', () => {
  it('reference lines 89-91: send-bulk resolves the filters to saved contacts and schedules one email each', async () => {
    const list = (await v2('POST', '/lists', { name: 'Bulk targets' })).body.data.listId;
    const ids = contacts.slice(0, 7).map((c) => Number(c.contactId));
    await v2('POST', `/lists/${list}/contacts`, { contactIds: ids });
    const before = (await admin(sb, 'GET', '/emails')).body.length;
    const r = await v2('POST', '/emails/send-bulk', { from: sb.user.email, templateId: 101, filters: { lists: [Number(list)] } });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ matched: 7, scheduled: 7, skipped: [] });
    const emails = (await admin(sb, 'GET', '/emails')).body;
    expect(emails.length).toBe(before + 7);
    const mine = emails.filter((e: { emailId: string }) => r.body.data.emailIds.includes(e.emailId));
    expect(mine.every((e: { status: string; body: string }) => e.status === 'SCHEDULED' && !e.body.includes('{{'))).toBe(true);
    // Paced like single sends: the send window here takes 3 emails, so 7 emails span three windows.
    const times = [...new Set(mine.map((e: { scheduledAt: string }) => e.scheduledAt))];
    expect(times).toHaveLength(3);
    expect(Date.parse(times[1] as string) - Date.parse(times[0] as string)).toBe(60_000);
  });

  it("reference line 89 (filters): all filters must hold; another user's list, an empty filter and unknown values are refused", async () => {
    const c = contacts[1];
    const both = await v2('POST', '/emails/send-bulk', {
      from: sb.user.email,
      subject: 'Hi',
      body: 'Hello {{firstName}}',
      filters: { contactIds: [Number(c.contactId), Number(contacts[2].contactId)], queryText: String(c.email) },
    });
    expect(both.body.data).toMatchObject({ matched: 1, scheduled: 1 });
    const bobList = (await v2('POST', '/lists', { name: 'Bob only' }, bobKey)).body.data.listId;
    const send = (filters: unknown, extra: Record<string, unknown> = {}) =>
      v2('POST', '/emails/send-bulk', { from: sb.user.email, subject: 's', body: 'b', filters, ...extra });
    expect((await send({ lists: [Number(bobList)] })).body.message).toMatch(/^filters.lists\[0\]: no list \d+ of this user/);
    expect((await send({})).body.message).toMatch(/^filters: give at least one filter/);
    expect((await send({ seniorities: ['Boss'] })).body.message).toMatch(/^filters.seniorities\[0\]: must be one of/);
    expect((await send({ prospectStatuses: ['hot'] })).body.message).toMatch(/^filters.prospectStatuses\[0\]: must be one of new/);
    expect((await send({ queryText: 'zzzz-nobody' })).body.message).toMatch(/^filters: match no saved contact/);
    expect((await send({ technologies: ['x'] }, { subject: undefined, body: undefined })).body.message).toMatch(/^subject: required/);
    expect((await send({ contactIds: [1] }, { from: 'bob@acme.example' })).body.message).toMatch(/^from: .* not a connected/);
  });

  it('DECISIONS: one bulk send takes at most the contact cap (500, a setting); nothing is sent over that', async () => {
    const small = await start({ config: { limits: { campaignContactIds: 5 } } as never });
    try {
      const before = (await admin(small, 'GET', '/emails')).body.length;
      const r = await call('POST', `${small.v2}/emails/send-bulk`, {
        key: small.apiKey,
        body: { from: small.user.email, subject: 's', body: 'b', filters: { engagementStatuses: ['not-emailed'] } },
      });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(/^filters: match \d+ contacts; one bulk send takes at most 5; narrow the filters/);
      expect((await admin(small, 'GET', '/emails')).body.length).toBe(before);
    } finally {
      await small.close();
    }
  });
});

describe('preview and footers', () => {
  it('reference line 92: preview renders template variables from the contact with that address and sends nothing', async () => {
    const c = contacts[3];
    const before = (await admin(sb, 'GET', '/emails')).body.length;
    const r = await v2('POST', '/emails/preview', { to: c.email, subject: 'Hi {{firstName}}', body: 'From {{senderFirstName}} {{nope}}', from: sb.user.email });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ subject: `Hi ${c.firstName}`, body: 'From Alice ', contactId: c.contactId, missingVariables: ['nope'] });
    const t = await v2('POST', '/emails/preview', { to: 'stranger@example.com', templateId: 101 });
    expect(t.body.data.missingVariables).toEqual(expect.arrayContaining(['company', 'firstName']));
    expect((await v2('POST', '/emails/preview', { to: c.email, body: 'x' })).body.message).toMatch(/^subject: required/);
    expect((await admin(sb, 'GET', '/emails')).body.length).toBe(before);
  });

  it('reference line 93: GET /email-footers (page, limit)', async () => {
    const all = (await v2('GET', '/email-footers')).body.data;
    expect(all[0]).toEqual({ emailFooterId: 1, name: expect.any(String), body: expect.any(String) });
    expect((await v2('GET', '/email-footers?page=2&limit=1')).body.data).toEqual([all[1]]);
  });
});
