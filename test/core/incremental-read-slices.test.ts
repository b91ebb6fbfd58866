/**
 * Issue 13: an incremental read split into slices of the window, read side by side. The reproduction of issue 10
 * again (a contact edited during the read moves past the window): no other contact is skipped, none read twice.
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { createClient, operation, paginate, runAsync, type Client, type Flow, type HttpRequest } from '../../shared';
import { readChangesSliced, readSlicesOnce, splitWindow, type ChangeCursor } from '../../shared/flow/incremental-read';
import { fetchOnce, nodeFetchHost } from '../../shared/hosts/node-fetch';

type Contact = { contactId: string; updatedAt: string; fullName: string; company: string };
let sandbox: RunningSandbox;
let client: Client;
const batches: number[] = [];
const host = nodeFetchHost({ fetchAll: async (rs: HttpRequest[]) => (batches.push(rs.length), await Promise.all(rs.map(fetchOnce))) });
const run = <T>(flow: Flow<T>) => runAsync(flow, host);
const orgContacts = operation('orgContacts.list');

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    contacts: 1000,
    companies: 100,
    log: () => undefined,
    config: { research: { queuedMs: 5, researchingMs: 10, dedupeWindowMs: 1 } },
  });
  const settings = { baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2, pageSizeLimit: 2, parallelRequests: 3 };
  client = createClient({ auth: { type: 'apiKey', apiKey: sandbox.apiKey }, settings });
});
afterAll(async () => sandbox.close());

/** The twelve oldest saved contacts and a window from the first one's change to the last one's. */
async function twelveOldest(): Promise<{ ids: string[]; cursor: ChangeCursor }> {
  const reader = createClient({ auth: client.auth, settings: { baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2 } });
  const all = await run(paginate<Contact>(reader, orgContacts, { startDate: '2000-01-01T00:00:00Z', endDate: new Date(Date.now() + 60_000).toISOString() }));
  const twelve = all.items.slice(0, 12);
  return { ids: twelve.map((c) => c.contactId), cursor: { from: twelve[0].updatedAt, windowEnd: twelve[11].updatedAt, page: 1 } };
}

async function edit(contact: Contact): Promise<void> {
  const res = await fetch(`${sandbox.v1}/contacts/research`, {
    method: 'POST',
    headers: { token: sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ contacts: [{ contactName: contact.fullName, companyName: contact.company }] }),
  });
  expect(res.status).toBe(202);
  await new Promise((r) => setTimeout(r, 50));
}

test('splitWindow: disjoint slices with inclusive ends that cover the window exactly', () => {
  const slices = splitWindow({ from: '2026-01-01T00:00:00.000Z', windowEnd: '2026-01-01T00:00:00.999Z', page: 1 }, 3);
  expect(slices.map((s) => [s.from, s.windowEnd])).toEqual([
    ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.332Z'],
    ['2026-01-01T00:00:00.333Z', '2026-01-01T00:00:00.665Z'],
    ['2026-01-01T00:00:00.666Z', '2026-01-01T00:00:00.999Z'],
  ]);
  expect(splitWindow({ from: '2026-01-01T00:00:00.000Z', windowEnd: '2026-01-02T00:00:00.000Z', page: 2 }, 3)).toHaveLength(1);
});

test('slices read side by side: a contact edited between rounds skips no other, and none is read twice', async () => {
  const { ids, cursor } = await twelveOldest();
  const seen = new Map<string, string>();
  batches.length = 0;
  const first = await run(readSlicesOnce<Contact>(client, orgContacts, splitWindow(cursor, 3), 'contactId', seen));
  expect(batches).toEqual([3]);
  expect(first.records.length).toBeGreaterThan(0);
  await edit(first.records[0]);
  const records = [...first.records];
  let open = first.next;
  while (open.length > 0) {
    const round = await run(readSlicesOnce<Contact>(client, orgContacts, open, 'contactId', seen));
    records.push(...round.records);
    open = round.next;
  }
  const read = records.map((c) => c.contactId);
  expect(new Set(read).size).toBe(read.length);
  expect([...read].sort()).toEqual([...ids].sort());
});

test('readChangesSliced reads the whole window in rounds of side-by-side requests', async () => {
  const { ids, cursor } = await twelveOldest();
  batches.length = 0;
  const all = await run(readChangesSliced<Contact>(client, orgContacts, cursor, 'contactId'));
  expect([...all.records.map((c) => c.contactId)].sort()).toEqual([...ids].sort());
  expect(all.next).toBeNull();
  expect(batches.some((n) => n > 1)).toBe(true);
});
