import type { RunningSandbox } from '../../sandbox/index';
import { call, start, window } from './helpers';

let sb: RunningSandbox;
let contactIds: number[];
beforeAll(async () => {
  sb = await start();
  const org = await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey });
  contactIds = org.body.data.slice(0, 5).map((c: { contactId: string }) => Number(c.contactId));
});
afterAll(() => sb.close());

const create = (body: unknown, key = sb.apiKey) => call('POST', `${sb.v2}/campaigns`, { key, body });
const act = (id: string, action: string) => call('POST', `${sb.v2}/campaigns/${id}/actions`, { key: sb.apiKey, body: { action } });

describe('campaigns (spec 4.3, 4.4, 2.2, 2.3, 3.2, 3.3; DECISIONS: campaigns)', () => {
  it('4.3: create with inline steps and contacts answers 201 {campaign, steps, contactsAdded}', async () => {
    const r = await create({
      name: 'Q3 outreach',
      steps: [
        { type: 'EMAIL', name: 'Intro', description: 'first', dueDay: 1, templateId: 101 },
        { type: 'CALL', dueDay: 3 },
      ],
      contactIds,
      maxActiveContacts: 10,
    });
    expect(r.status).toBe(201);
    expect(r.body.success).toBe(true);
    const { campaign, steps, contactsAdded } = r.body.data;
    expect(campaign).toMatchObject({
      name: 'Q3 outreach',
      status: 'draft',
      maxActiveContacts: 10,
      numContacts: '5',
      numSteps: '2',
      numDays: 3,
      identifier: 'q3-outreach',
    });
    for (const f of ['campaignId', 'isPublic', 'userIdOwner', 'ownerName', 'startedAt', 'pausedAt', 'completedAt', 'createdAt', 'emailAccountIds'])
      expect(campaign).toHaveProperty(f);
    expect(steps.map((s: { stepNumber: number }) => s.stepNumber)).toEqual([1, 2]);
    expect(steps[0]).toMatchObject({ campaignId: campaign.campaignId, type: 'EMAIL', dueDay: 1, templateId: '101' });
    expect(contactsAdded).toBe(5);
  });

  it('4.3 / 8: contactIds over 500 → 422 naming contactIds', async () => {
    const r = await create({ name: 'x', contactIds: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/^contactIds: must have at most 500 items/);
  });

  it('4.3 / 8: dueDay below 1, maxActiveContacts below 1, a missing name, a bad step type → 422 naming the field', async () => {
    expect((await create({ name: 'x', steps: [{ type: 'EMAIL', dueDay: 0 }] })).body.message).toMatch(/^steps\[0\]\.dueDay: must be >= 1/);
    expect((await create({ name: 'x', maxActiveContacts: 0 })).body.message).toMatch(/^maxActiveContacts: must be >= 1/);
    expect((await create({ steps: [] })).body.message).toMatch(/^name: required/);
    expect((await create({ name: 'x', steps: [{ type: 'FAX', dueDay: 1 }] })).body.message).toMatch(/^steps\[0\]\.type: must be one of/);
    expect((await create({ name: 'x', contactIds: ['12'] })).body.message).toMatch(/^contactIds\[0\]: must be an integer/);
    expect((await create({ name: 'x', contactIds: [1] })).body.message).toMatch(/^contactIds\[0\]: no contact 1/);
  });

  it('3.2: maxActiveContacts needs the Max Active Contacts feature (organization B has it off)', async () => {
    const r = await create({ name: 'b', maxActiveContacts: 5 }, sb.apiKeyB);
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/^maxActiveContacts: requires the Max Active Contacts feature/);
    expect((await create({ name: 'b' }, sb.apiKeyB)).status).toBe(201);
  });

  it('3.2: START is refused without maxActiveContacts > 0, with a clear message', async () => {
    const c = (await create({ name: 'no max' })).body.data.campaign;
    const r = await act(c.campaignId, 'START');
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/maxActiveContacts/);
  });

  it('DECISIONS / state machine: START, PAUSE, RESUME, COMPLETE, ARCHIVE, UNARCHIVE; impossible moves are 409 naming the state', async () => {
    const c = (await create({ name: 'machine', maxActiveContacts: 3 })).body.data.campaign;
    const id = c.campaignId;
    expect((await act(id, 'PAUSE')).status).toBe(409);
    const started = await act(id, 'START');
    expect(started.status).toBe(200);
    expect(started.body.data.campaign).toMatchObject({ status: 'active' });
    expect(started.body.data.campaign.startedAt).toEqual(expect.any(String));
    const del = await call('DELETE', `${sb.v2}/campaigns/${id}`, { key: sb.apiKey });
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/active/);
    expect((await act(id, 'ARCHIVE')).status).toBe(409);
    expect((await act(id, 'PAUSE')).body.data.campaign.status).toBe('paused');
    expect((await act(id, 'RESUME')).body.data.campaign.status).toBe('active');
    expect((await act(id, 'COMPLETE')).body.data.campaign.status).toBe('completed');
    expect((await act(id, 'START')).body.message).toMatch(/completed/);
    expect((await act(id, 'ARCHIVE')).body.data.campaign.status).toBe('archived');
    expect((await act(id, 'UNARCHIVE')).body.data.campaign.status).toBe('completed');
    expect((await act(id, 'LAUNCH')).status).toBe(422);
    expect((await act(id, 'DELETE')).body).toEqual({ success: true });
    expect((await call('GET', `${sb.v2}/campaigns/${id}`, { key: sb.apiKey })).status).toBe(404);
  });

  it('4.4: DELETE /campaigns/{id} of a draft answers {success: true}', async () => {
    const c = (await create({ name: 'to delete' })).body.data.campaign;
    const r = await call('DELETE', `${sb.v2}/campaigns/${c.campaignId}`, { key: sb.apiKey });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true });
  });

  it('public reference: get, list with searchText, contacts add and remove, metrics', async () => {
    const c = (await create({ name: 'Findable campaign', contactIds: contactIds.slice(0, 2) })).body.data.campaign;
    const got = await call('GET', `${sb.v2}/campaigns/${c.campaignId}`, { key: sb.apiKey });
    expect(got.body.data.campaign.campaignId).toBe(c.campaignId);
    const list = await call('GET', `${sb.v2}/campaigns?searchText=findable&limit=10`, { key: sb.apiKey });
    expect(list.body.data.map((x: { campaignId: string }) => x.campaignId)).toContain(c.campaignId);
    const add = await call('POST', `${sb.v2}/campaigns/${c.campaignId}/contacts`, { key: sb.apiKey, body: { contactIds: contactIds.slice(1, 4) } });
    expect(add.body.data.contactsAdded).toBe(2);
    const rm = await call('DELETE', `${sb.v2}/campaigns/${c.campaignId}/contacts`, { key: sb.apiKey, body: { contactIds: [contactIds[0], 999999] } });
    expect(rm.body.data.contactsRemoved).toBe(1);
    const members = await call('GET', `${sb.v2}/campaigns/${c.campaignId}/contacts`, { key: sb.apiKey });
    expect(members.body.data.map((m: { contactId: string }) => m.contactId).sort()).toEqual(contactIds.slice(1, 4).map(String).sort());
    const m = await call('GET', `${sb.v2}/campaigns/${c.campaignId}/metrics`, { key: sb.apiKey });
    expect(m.body.data.numContacts).toBe(3);
    expect((await call('GET', `${sb.v2}/campaigns/${c.campaignId}`, { key: sb.apiKeyB })).status).toBe(404);
  });
});
