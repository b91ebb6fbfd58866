/**
 * Issue 9: a campaign create with more contacts than one request takes is a create with the first 500, then
 * adds. The answer used to be the create's own (numContacts "500") beside contactsAdded 700: the campaign
 * must come back as the service holds it once every add is in.
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { call, createClient, operation, paginate, runAsync, type Client } from '../../shared';
import { nodeFetchHost } from '../../shared/hosts/node-fetch';

let sandbox: RunningSandbox;
let client: Client;
const host = nodeFetchHost();
const op = (id: string, input: unknown = {}) => runAsync(call(client, operation(id), input), host);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, log: () => undefined, config: { seed: { orgContacts: 800, draftsPerUser: 1 } } });
  client = createClient({
    auth: { type: 'apiKey', apiKey: sandbox.apiKey },
    settings: { baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2, authUrl: sandbox.auth },
  });
});
afterAll(() => sandbox.close());

test('a campaign created with 700 contacts comes back as the service holds it after the adds', async () => {
  const window = { startDate: '2000-01-01T00:00:00Z', endDate: '2100-01-01T00:00:00Z' };
  const org = (await runAsync(paginate<{ contactId: string }>(client, operation('orgContacts.list'), window, { maxItems: 800 }), host)).items;
  expect(org.length).toBeGreaterThanOrEqual(700);
  const created = (await op('campaigns.create', { name: 'Seven hundred', contactIds: org.slice(0, 700).map((c) => c.contactId) })) as {
    campaign: { campaignId: string; numContacts: unknown };
    contactsAdded: number;
  };
  expect(created.contactsAdded).toBe(700);
  expect(Number(created.campaign.numContacts)).toBe(700);
  const held = (await op('campaigns.get', { id: created.campaign.campaignId })) as { campaign: unknown };
  expect(created.campaign).toEqual(held.campaign);
});
