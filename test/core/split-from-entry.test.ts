/**
 * Issue 10: how an operation runs (split as create-then-add) is its entry's to say, not a branch on its id or an
 * assumed record shape; the custom call is its own kind, not a catalogue entry with a placeholder path.
 */
import * as z from '../../shared/validation/zod';
import { call, catalogue, createClient, customCall, defineOperation, operation, runSync, type AnyOperation } from '../../shared';
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

describe('create-then-add reads the record id, the count and the re-read from the entry', () => {
  it('a create of another shape (a list made with members) adds the rest to the id its entry names and sums its count', () => {
    const createList = defineOperation({
      ...operation('lists.create'),
      id: 'lists.createWithMembers',
      input: z.strictObject({ name: z.string(), contactIds: z.optional(z.array(z.number())) }),
      output: z.looseObject({ data: z.looseObject({ listId: z.string(), membersAdded: z.number() }) }),
      result: (body) => body.data,
      batch: {
        fields: ['contactIds'],
        setting: 'contactIdsLimit',
        thenAdd: { operation: 'lists.addContacts', recordId: (answer) => (answer as { listId: string }).listId, countField: 'membersAdded' },
      },
    }) as AnyOperation;
    const host = scriptedHost([
      json(201, { success: true, data: { listId: 'L7', membersAdded: 500 } }),
      json(200, { success: true, data: { membersAdded: 120 } }),
    ]);
    const ids = Array.from({ length: 620 }, (_, i) => i + 1);
    const result = runSync(call(client(), createList, { name: 'Big', contactIds: ids }), host.sync) as { listId: string; membersAdded: number };
    expect(host.log.map((r) => r.endpoint)).toEqual(['POST /v2/lists', 'POST /v2/lists/{id}/contacts']);
    expect(host.log[1].url).toMatch(/\/lists\/L7\/contacts$/);
    expect(JSON.parse(host.log[1].body!)).toEqual({ contactIds: ids.slice(500) });
    expect(result).toEqual({ listId: 'L7', membersAdded: 620 });
  });
});

describe('the custom call is its own kind', () => {
  it('is not in the catalogue, and goes to the path the caller gives with the same exchange', () => {
    expect(catalogue.some((op) => op.id === 'custom.call' || (op.path as string).includes('{path}'))).toBe(false);
    const host = scriptedHost([json(200, { success: true, data: { ok: 1 } })]);
    runSync(customCall(client(), { version: 'v1', method: 'GET', path: '/contacts/research/poll', query: { requestIds: 'a' } }), host.sync);
    expect(host.log[0]).toMatchObject({ url: 'http://127.0.0.1:8787/api/v1/contacts/research/poll?requestIds=a' });
  });
});
