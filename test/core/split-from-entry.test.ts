/** Issue 10: how an operation runs (split as create-then-add, or the custom call's own path) is its entry's to say, not a branch on its id. */
import { call, createClient, operation, runSync, type AnyOperation } from '../../shared';
import { json, scriptedHost } from '../support/scripted-host';

const client = () => createClient({ auth: { type: 'apiKey', apiKey: 'key-abcdef-123' }, random: () => 0 });
const campaign = {
  campaignId: 'c9',
  name: 'Q4',
  identifier: 'q4',
  status: 'draft',
  isPublic: true,
  maxActiveContacts: null,
  numContacts: '700',
  numSteps: '0',
  numDays: 0,
  userIdOwner: 'u',
  ownerName: 'A',
  startedAt: null,
  pausedAt: null,
  completedAt: null,
  createdAt: '2026-11-21T12:00:00Z',
  emailAccountIds: [],
};

describe('create-then-add comes from the entry', () => {
  it('any entry whose batch names an add operation creates once and adds the rest there', () => {
    const renamed: AnyOperation = { ...operation('campaigns.create'), id: 'campaigns.createLarge' };
    const host = scriptedHost([
      json(201, { success: true, data: { campaign, steps: [], contactsAdded: 500 } }),
      json(200, { success: true, data: { contactsAdded: 200 } }),
      json(200, { success: true, data: { campaign, steps: [] } }),
    ]);
    const result = runSync(call(client(), renamed, { name: 'Q4', contactIds: Array.from({ length: 700 }, (_, i) => i + 1) }), host.sync) as {
      contactsAdded: number;
    };
    expect(host.log.map((r) => r.endpoint)).toEqual(['POST /v2/campaigns', 'POST /v2/campaigns/{id}/contacts', 'GET /v2/campaigns/{id}']);
    expect(result.contactsAdded).toBe(700);
  });
});

describe('the custom call is known by its entry', () => {
  it('an entry marked anyPath goes to the path the caller gives, whatever its id', () => {
    const renamed: AnyOperation = { ...operation('custom.call'), id: 'custom.other' };
    const host = scriptedHost([json(200, { success: true, data: { ok: 1 } })]);
    runSync(call(client(), renamed, { version: 'v1', method: 'GET', path: '/contacts/research/poll', query: { requestIds: 'a' } }), host.sync);
    expect(host.log[0]).toMatchObject({ url: 'http://127.0.0.1:8787/api/v1/contacts/research/poll?requestIds=a' });
  });
});
