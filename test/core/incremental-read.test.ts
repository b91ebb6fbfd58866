/**
 * Issue 10, incremental reads: six saved contacts read two a page while the first one is edited after page 1
 * (re-researched, so its updatedAt moves past the window). Plain page+limit skips the third contact; the core's
 * keyset read by updatedAt reads every contact once. Against the real sandbox, through the core client.
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { createClient, operation, paginate, runAsync, runSync, memoryStore, type Client, type Flow, type SyncHost } from '../../shared';
import { afterWindow, openWindow, readChangedPage, readChanges, type ChangeCursor } from '../../shared/flow/incremental-read';
import { tokenFreshness } from '../../shared/auth/freshness';
import { nodeFetchHost } from '../../shared/hosts/node-fetch';

type Contact = { contactId: string; updatedAt: string; fullName: string; company: string };
let sandbox: RunningSandbox;
let client: Client;
const host = nodeFetchHost();
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
  client = createClient({ auth: { type: 'apiKey', apiKey: sandbox.apiKey }, settings: { baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2, pageSizeLimit: 2 } });
});
afterAll(async () => sandbox.close());

/** The six oldest saved contacts and a window that holds exactly them. */
async function sixOldest(): Promise<{ ids: string[]; window: { startDate: string; endDate: string } }> {
  const all = await run(
    paginate<Contact>(createClient({ auth: client.auth, settings: { baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2 } }), orgContacts, {
      startDate: '2000-01-01T00:00:00Z',
      endDate: new Date(Date.now() + 60_000).toISOString(),
    }),
  );
  const six = all.items.slice(0, 6);
  return { ids: six.map((c) => c.contactId), window: { startDate: '2000-01-01T00:00:00Z', endDate: six[5].updatedAt } };
}

/** Re-researches a saved contact by name: its updatedAt becomes "now", past any window that ended before. */
async function edit(contact: Contact): Promise<void> {
  const body = { contacts: [{ contactName: contact.fullName, companyName: contact.company }] };
  const res = await fetch(`${sandbox.v1}/contacts/research`, {
    method: 'POST',
    headers: { token: sandbox.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(202);
  await new Promise((r) => setTimeout(r, 50));
}

test('plain page+limit skips a contact when one already read is edited between pages (the bug the keyset read fixes)', async () => {
  const { ids, window } = await sixOldest();
  const first = await run(paginate<Contact>(client, orgContacts, window, { maxRequests: 1 }));
  await edit(first.items[0]);
  const rest = await run(paginate<Contact>(client, orgContacts, { ...window, page: 2 }));
  const read = [...first.items, ...rest.items].map((c) => c.contactId);
  expect(ids.filter((id) => !read.includes(id))).toEqual([ids[2]]);
});

test('the keyset read: a contact edited between pages skips no other, and none is read twice', async () => {
  const { ids, window } = await sixOldest();
  const cursor: ChangeCursor = { from: window.startDate, windowEnd: window.endDate, page: 1 };
  const seen = new Map<string, string>();
  const first = await run(readChangedPage<Contact>(client, orgContacts, cursor, 'contactId', seen));
  expect(first.records).toHaveLength(2);
  await edit(first.records[0]);
  const rest = await run(readChanges<Contact>(client, orgContacts, first.next!, 'contactId', { seen }));
  expect(rest.next).toBeNull();
  expect([...first.records, ...rest.records].map((c) => c.contactId)).toEqual(ids);
  // Keyset pages start at the last updatedAt read: four more pages, each re-reading its boundary record.
  expect(rest.requests).toBe(5);
});

test('a read cut by maxRequests continues from its cursor; the next window starts just after this one', async () => {
  const { ids, window } = await sixOldest();
  const seen = new Map<string, string>();
  const part = await run(
    readChanges<Contact>(client, orgContacts, { from: window.startDate, windowEnd: window.endDate, page: 1 }, 'contactId', { maxRequests: 2, seen }),
  );
  expect(part.records.map((c) => c.contactId)).toEqual(ids.slice(0, 3));
  const rest = await run(readChanges<Contact>(client, orgContacts, part.next!, 'contactId', { seen }));
  expect([...part.records, ...rest.records].map((c) => c.contactId)).toEqual(ids);
  expect(afterWindow({ windowEnd: window.endDate })).toBe(new Date(Date.parse(window.endDate) + 1).toISOString());
});

test('openWindow: from where the last pass ended, else the lookback; the end is now', () => {
  const syncHost: SyncHost = {
    fetch: () => {
      throw new Error('no request expected');
    },
    sleep: () => undefined,
    now: () => Date.parse('2026-05-01T00:00:00Z'),
  };
  expect(runSync(openWindow('2026-04-30T10:00:00.000Z', 3_600_000), syncHost)).toEqual({
    from: '2026-04-30T10:00:00.000Z',
    windowEnd: '2026-05-01T00:00:00.000Z',
    page: 1,
  });
  expect(runSync(openWindow(null, 3_600_000), syncHost)).toEqual({ from: '2026-04-30T23:00:00.000Z', windowEnd: '2026-05-01T00:00:00.000Z', page: 1 });
});

test('tokenFreshness: the measure the core refreshes by, read from the store without a request', () => {
  const now = Date.parse('2026-05-01T00:00:00Z');
  const oauth = createClient({ auth: { type: 'oauth2', clientId: 'c', clientSecret: 's', redirectUri: 'https://x.test/cb', storeKey: 'tok' } });
  const ahead = oauth.settings.refreshAheadMs;
  const freshness = (stored: Record<string, string>, c: Client = oauth) => {
    const h: SyncHost = {
      fetch: () => {
        throw new Error('no request expected');
      },
      sleep: () => undefined,
      now: () => now,
      store: memoryStore(stored),
    };
    return runSync(tokenFreshness(c), h);
  };
  const token = (expiresAtMs: number) => JSON.stringify({ accessToken: 'a', refreshToken: 'r', expiresAtMs, refreshExpiresAtMs: null });
  expect(freshness({}, client)).toBe('not-oauth');
  expect(freshness({})).toBe('missing');
  expect(freshness({ tok: token(now + ahead + 1000) })).toBe('fresh');
  expect(freshness({ tok: token(now + ahead) })).toBe('stale');
  expect(freshness({ tok: 'not json' })).toBe('stale');
});
