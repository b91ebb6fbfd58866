/**
 * The core's read of a newest-first feed paged by offset (shared/flow/feed-read.ts), against the sandbox's
 * activity feed: across polls no event is emitted twice or skipped, including events added between the
 * pages of one poll (they push the older events down a page; the read drops the repeats by id).
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { call, compareFeedIds, createClient, listActivityOperation, operation, readNewFeedEvents, runAsync, type Client } from '../../shared';
import { fetchOnce, nodeFetchHost } from '../../shared/hosts/node-fetch';
import type { HttpRequest } from '../../shared/effects';

let sandbox: RunningSandbox;
let client: Client;
let contactId: string;
/** Runs before each activity page is fetched (page number from 1): lets a test add events mid-poll. */
let beforePage: (page: number) => Promise<void> = async () => undefined;
let pages = 0;
const host = nodeFetchHost({
  fetch: async (request: HttpRequest) => {
    if (request.url.includes('/activity')) await beforePage(++pages);
    return await fetchOnce(request);
  },
});
const op = (id: string, input: unknown = {}) => runAsync(call(client, operation(id), input), host);
const addEvents = async (n: number, label: string) => {
  for (let i = 0; i < n; i++) await op('tasks.create', { name: `${label} ${i}`, taskType: 'action-item', contactId, priority: 0 });
};
const poll = async (afterId: string | null, since?: string) => {
  pages = 0;
  return await runAsync(
    readNewFeedEvents<Record<string, unknown>>(client, listActivityOperation, { afterId, since, idField: 'activityId', timeField: 'occurredAt' }),
    host,
  );
};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, log: () => undefined, contacts: 400, companies: 60 });
  // Pages of 3, so a few events span several pages.
  client = createClient({
    auth: { type: 'apiKey', apiKey: sandbox.apiKey },
    settings: { baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2, authUrl: sandbox.auth, retryBackoffMs: 10, pageSizeLimit: 3 },
  });
  const org = (await op('orgContacts.list', { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z', limit: 1 })) as { contactId: string }[];
  contactId = org[0].contactId;
});
afterAll(() => sandbox.close());

describe('readNewFeedEvents (issue 11: new activity, never twice, never skipped)', () => {
  it('compares digit ids as numbers', () => {
    expect(compareFeedIds('10', '9')).toBeGreaterThan(0);
    expect(compareFeedIds('0010', '10')).toBe(0);
    expect(compareFeedIds('b', 'a')).toBeGreaterThan(0);
  });

  it('first poll: the events since the lookback, oldest first; later polls: only what is new; events added between pages are read once', async () => {
    const started = new Date(Date.now() - 1000).toISOString();
    await addEvents(7, 'First');
    const first = await poll(null, started);
    expect(first.events.map((e) => e.description)).toEqual([...Array(7).keys()].map((i) => `Task "First ${i}" (action-item) created for contact ${contactId}`));
    expect(first.requests).toBe(3);

    // Nothing new: one page, nothing emitted, the cursor stays.
    const idle = await poll(first.newestId);
    expect(idle.events).toEqual([]);
    expect(idle.newestId).toBe(first.newestId);

    // 8 new events; while the poll reads them, 2 more arrive after its first page and 2 after its second.
    await addEvents(8, 'Second');
    beforePage = async (page) => {
      if (page === 2) await addEvents(2, 'During A');
      if (page === 3) await addEvents(2, 'During B');
    };
    const second = await poll(first.newestId);
    beforePage = async () => undefined;
    const names = (r: { events: Record<string, unknown>[] }) => r.events.map((e) => String(e.description).replace(/^Task "([^"]+)".*/, '$1'));
    expect(names(second)).toEqual([...Array(8).keys()].map((i) => `Second ${i}`));
    // The ones that arrived mid-poll come with the next poll, each once.
    const third = await poll(second.newestId);
    expect(names(third)).toEqual(['During A 0', 'During A 1', 'During B 0', 'During B 1']);
    const all = [...first.events, ...second.events, ...third.events].map((e) => String(e.activityId));
    expect(new Set(all).size).toBe(all.length);
    // Against the whole feed: every event since the start, exactly once.
    const feed = ((await op('activity.list', { limit: 100 })) as { activityId: string; occurredAt: string }[]).filter((e) => e.occurredAt >= started);
    expect([...all].sort(compareFeedIds)).toEqual(feed.map((e) => e.activityId).sort(compareFeedIds));
  });
});
