/**
 * Ownership (spec 4.7-4.9, 5.9: lists and saved searches belong to the authenticated user): every operation
 * on another user's list or saved search, even in the same organization, is 404 and changes nothing.
 */
import type { RunningSandbox } from '../../sandbox/index';
import { call, start, window } from './helpers';

let sb: RunningSandbox;
let bob: string;
let contactId: number;
beforeAll(async () => {
  sb = await start();
  bob = sb.fixtures.users.find((u) => u.email.startsWith('bob'))!.apiKey;
  contactId = Number((await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey })).body.data[0].contactId);
});
afterAll(() => sb.close());

describe('lists and saved searches of another user of the same organization', () => {
  it("4.9: GET, PUT, DELETE and add-contacts on another user's list are 404; the list is unchanged", async () => {
    const bobsList = (await call('GET', `${sb.v2}/lists`, { key: bob })).body.data[0];
    const url = `${sb.v2}/lists/${bobsList.listId}`;
    expect((await call('GET', url, { key: sb.apiKey })).status).toBe(404);
    expect((await call('PUT', url, { key: sb.apiKey, body: { name: 'stolen' } })).status).toBe(404);
    expect((await call('POST', `${url}/contacts`, { key: sb.apiKey, body: { contactIds: [contactId] } })).status).toBe(404);
    expect((await call('DELETE', url, { key: sb.apiKey })).status).toBe(404);
    expect((await call('GET', url, { key: bob })).body.data).toEqual(bobsList);
  });

  it("4.7 / 4.8: GET, PUT, DELETE on another user's saved search are 404; it is unchanged; search by it is 404", async () => {
    const bobs = (await call('GET', `${sb.v2}/saved-searches`, { key: bob })).body.data[0];
    const url = `${sb.v2}/saved-searches/${bobs.savedSearchId}`;
    expect((await call('GET', url, { key: sb.apiKey })).status).toBe(404);
    expect((await call('PUT', url, { key: sb.apiKey, body: { numResultsApproved: 1 } })).status).toBe(404);
    expect((await call('DELETE', url, { key: sb.apiKey })).status).toBe(404);
    const search = await call('POST', `${sb.v2}/search/${bobs.type}`, { key: sb.apiKey, body: { savedSearchId: bobs.savedSearchId } });
    expect(search.status).toBe(404);
    expect((await call('GET', url, { key: bob })).body.data).toEqual(bobs);
  });

  it("4.9: GET /lists and GET /saved-searches return only the caller's own", async () => {
    const mine = (await call('GET', `${sb.v2}/lists`, { key: sb.apiKey })).body.data.map((l: { listId: string }) => l.listId);
    const his = (await call('GET', `${sb.v2}/lists`, { key: bob })).body.data.map((l: { listId: string }) => l.listId);
    expect(mine.filter((id: string) => his.includes(id))).toEqual([]);
  });

  it("4.6: another user's draft cannot be sent, even with the caller's own from", async () => {
    const bobsDraft = (await call('GET', `${sb.v2}/emails?status=draft`, { key: bob })).body.data[0];
    const r = await call('POST', `${sb.v2}/emails/${bobsDraft.emailId}/send`, { key: sb.apiKey, body: { from: sb.user.email } });
    expect(r.status).toBe(404);
    expect((await call('GET', `${sb.v2}/emails?status=draft`, { key: bob })).body.data.map((e: { emailId: string }) => e.emailId)).toContain(bobsDraft.emailId);
  });

  it("4.5: from naming a connected account of another user of the organization is 422 (the account must be the user's)", async () => {
    const bobsAccounts = (await call('GET', `${sb.v2}/email-accounts`, { key: bob })).body.data;
    const r = await call('POST', `${sb.v2}/emails/send`, {
      key: sb.apiKey,
      body: { contactId, from: bobsAccounts[1].email, to: 'a@b.co', subject: 's', body: 'b' },
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/^from: /);
  });
});
