/**
 * Issue 9, sandbox fidelity: the service acts, then its answer is lost (the sandbox's `lostAnswer` fault
 * handles the request in full and cuts the connection instead of answering). Every unsafe operation of
 * the core, through the core client against the real sandbox: nothing is repeated (no credit spent twice,
 * no email sent twice, nothing created or added twice), and the user is told the outcome is unknown.
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import {
  call,
  createClient,
  customCall,
  newResearchJob,
  operation,
  runAsync,
  runResearch,
  summarize,
  NetworkError,
  type Client,
  type Flow,
} from '../../shared';
import { nodeFetchHost } from '../../shared/hosts/node-fetch';

let sandbox: RunningSandbox;
let client: Client;
const host = nodeFetchHost();
const run = <T>(flow: Flow<T>) => runAsync(flow, host);
const op = (id: string, input: unknown = {}) => run(call(client, operation(id), input));
const year = { startDate: '2025-01-01T00:00:00Z', endDate: '2027-01-01T00:00:00Z' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function adminCall<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sandbox.admin}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`admin ${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Arms one lost answer on `endpoint`, runs `action`, and returns the error it raised and the endpoint's counts. */
async function withLostAnswer(endpoint: string, action: () => Promise<unknown>): Promise<{ error: unknown; counts: Record<string, number> }> {
  await adminCall('DELETE', '/requests');
  await adminCall('POST', '/faults', { endpoint, kind: 'lostAnswer', count: 1 });
  let error: unknown = null;
  try {
    await action();
  } catch (e) {
    error = e;
  }
  const counts = (await adminCall<{ counts: Record<string, Record<string, number>> }>('GET', '/requests')).counts[endpoint] ?? {};
  return { error, counts };
}

/** The user is told the request may have been carried out and was not repeated. */
function expectOutcomeUnknown(error: unknown, title: RegExp): void {
  expect(error).toBeInstanceOf(NetworkError);
  expect((error as NetworkError).maybeSent).toBe(true);
  expect((error as Error).message).toMatch(title);
  expect((error as Error).message).toMatch(/may have been carried out, so it was not repeated; check before trying again/);
}

const credits = async () => (await adminCall<{ orgs: { handle: string; credits: number }[] }>('GET', '/state')).orgs.find((o) => o.handle === 'A')!.credits;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, log: () => undefined, config: { research: { queuedMs: 50, researchingMs: 100 } } });
  client = createClient({
    auth: { type: 'apiKey', apiKey: sandbox.apiKey },
    settings: { baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2, authUrl: sandbox.auth, pollIntervalMs: 2000, retryBackoffMs: 10 },
  });
});
afterAll(() => sandbox.close());

describe('the sandbox fault itself', () => {
  it('lostAnswer: the request is carried out, the connection is cut, and the sandbox counts it as lostAnswer', async () => {
    const before = (await op('lists.getAll')) as unknown[];
    const { counts } = await withLostAnswer('POST /v2/lists', () =>
      fetch(`${sandbox.v2}/lists`, {
        method: 'POST',
        headers: { token: sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'raw lost' }),
      }),
    );
    expect(counts).toEqual({ lostAnswer: 1 });
    expect((await op('lists.getAll')) as unknown[]).toHaveLength(before.length + 1);
  });
});

describe('every unsafe operation of the core under a lost answer', () => {
  it('research (contacts): credits spent once, items `unknown`, never resubmitted, not even on resume', async () => {
    const found = (await op('contacts.search', { seniority: ['VP'], limit: 4 })) as { searchResultId: string }[];
    const before = await credits();
    let job = newResearchJob(
      'contacts',
      found.map((f) => ({ searchResultId: f.searchResultId })),
    );
    const { error, counts } = await withLostAnswer('POST /v1/contacts/research', async () => {
      job = await run(runResearch(client, job, { waitForResults: true }));
    });
    expect(error).toBeNull(); // the research flow keeps the outcome on its items
    expect(counts).toEqual({ lostAnswer: 1 });
    expect(await credits()).toBe(before - 4);
    expect(summarize(job)).toMatchObject({ unknown: 4 });
    for (const item of job.items) {
      expect(item.outcome).toBe('unknown');
      expect(item.message).toMatch(/may have been carried out[\s\S]*not sent again, so no credit is spent twice/);
    }
    const resumed = await run(runResearch(client, job, { waitForResults: true }));
    expect(resumed.items.map((i) => i.outcome)).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);
    const after = (await adminCall<{ counts: Record<string, Record<string, number>> }>('GET', '/requests')).counts['POST /v1/contacts/research'];
    expect(after).toEqual({ lostAnswer: 1 });
    expect(await credits()).toBe(before - 4);
  });

  it('research (companies): one credit per company, spent once', async () => {
    const companies = (await op('companies.search', { limit: 2 })) as { domain: string }[];
    const before = await credits();
    let job = newResearchJob(
      'companies',
      companies.map((c) => ({ company: { domain: c.domain } })),
    );
    const { counts } = await withLostAnswer('POST /v1/companies/research', async () => {
      job = await run(runResearch(client, job, { waitForResults: true }));
    });
    expect(counts).toEqual({ lostAnswer: 1 });
    expect(job.items.map((i) => i.outcome)).toEqual(['unknown', 'unknown']);
    expect(await credits()).toBe(before - 2);
  });

  it('emails.send: the email is sent once, the user told it may have been sent', async () => {
    const org = (await op('orgContacts.list', year)) as { contactId: string; email?: string }[];
    const me = (await op('emailAccounts.list')) as { email: string }[];
    const sentBefore = (await adminCall<unknown[]>('GET', '/emails')).length;
    const { error, counts } = await withLostAnswer('POST /v2/emails/send', () =>
      op('emails.send', { contactId: org[0].contactId, from: me[0].email, to: org[0].email ?? 'someone@example.com', subject: 'Lost answer', body: 'Hi' }),
    );
    expectOutcomeUnknown(error, /^Send email/i);
    expect(counts).toEqual({ lostAnswer: 1 });
    const sent = await adminCall<{ subject: string }[]>('GET', '/emails');
    expect(sent).toHaveLength(sentBefore + 1);
    expect(sent.filter((e) => e.subject === 'Lost answer')).toHaveLength(1);
  });

  it('emails.sendDraft: the draft is sent once', async () => {
    const draft = await adminCall<{ emailId: string }>('POST', '/drafts', { user: sandbox.user.email, subject: 'Draft lost answer' });
    const { error, counts } = await withLostAnswer('POST /v2/emails/{id}/send', () => op('emails.sendDraft', { id: draft.emailId }));
    expectOutcomeUnknown(error, /draft/i);
    expect(counts).toEqual({ lostAnswer: 1 });
    const sent = await adminCall<{ emailId: string; status: string }[]>('GET', '/emails');
    expect(sent.filter((e) => e.emailId === draft.emailId)).toHaveLength(1);
  });

  it('lists.create, lists.addContacts, lists.delete: each carried out once', async () => {
    const before = ((await op('lists.getAll')) as unknown[]).length;
    const created = await withLostAnswer('POST /v2/lists', () => op('lists.create', { name: 'Lost answer list' }));
    expectOutcomeUnknown(created.error, /list/i);
    expect(created.counts).toEqual({ lostAnswer: 1 });
    const lists = (await op('lists.getAll')) as { listId: string; name: string }[];
    expect(lists).toHaveLength(before + 1);
    const list = lists.find((l) => l.name === 'Lost answer list')!;

    const org = (await op('orgContacts.list', year)) as { contactId: string }[];
    // Adding contacts to a list is idempotent (the catalogue marks it safe): tried again, harmlessly.
    let result: unknown;
    const added = await withLostAnswer(
      'POST /v2/lists/{id}/contacts',
      async () => (result = await op('lists.addContacts', { id: list.listId, contactIds: org.slice(0, 3).map((c) => c.contactId) })),
    );
    expect(added.error).toBeNull();
    expect(added.counts).toEqual({ lostAnswer: 1, 200: 1 });
    // The list holds each contact once. (The repeat's own count, contactsAdded, covers only the repeat.)
    expect(result).toMatchObject({ listId: list.listId, numContacts: 3 });

    const deleted = await withLostAnswer('DELETE /v2/lists/{id}', () => op('lists.delete', { id: list.listId }));
    expectOutcomeUnknown(deleted.error, /list/i);
    expect(deleted.counts).toEqual({ lostAnswer: 1 });
    expect(((await op('lists.getAll')) as unknown[]).length).toBe(before);
  });

  it('savedSearches.create and savedSearches.delete: each carried out once', async () => {
    const count = async () => ((await op('savedSearches.list', { type: 'contacts' })) as unknown[]).length;
    const before = await count();
    const created = await withLostAnswer('POST /v2/saved-searches', () =>
      op('savedSearches.create', { name: 'Lost VPs', type: 'contacts', values: { seniority: ['VP'] } }),
    );
    expectOutcomeUnknown(created.error, /saved search/i);
    expect(created.counts).toEqual({ lostAnswer: 1 });
    const all = (await op('savedSearches.list', { type: 'contacts' })) as { savedSearchId: string; name: string }[];
    expect(all).toHaveLength(before + 1);
    const saved = all.find((s) => s.name === 'Lost VPs')!;
    const deleted = await withLostAnswer('DELETE /v2/saved-searches/{id}', () => op('savedSearches.delete', { id: saved.savedSearchId }));
    expectOutcomeUnknown(deleted.error, /saved search/i);
    expect(deleted.counts).toEqual({ lostAnswer: 1 });
    expect(await count()).toBe(before);
  });

  it('campaigns.create, addContacts, action, delete: each carried out once', async () => {
    const org = (await op('orgContacts.list', year)) as { contactId: string }[];
    const campaigns = async () => (await op('campaigns.list', { searchText: 'Lost answer campaign' })) as { campaignId: string; status: string }[];
    const created = await withLostAnswer('POST /v2/campaigns', () =>
      op('campaigns.create', { name: 'Lost answer campaign', contactIds: org.slice(0, 2).map((c) => c.contactId), maxActiveContacts: 5 }),
    );
    expectOutcomeUnknown(created.error, /campaign/i);
    expect(created.counts).toEqual({ lostAnswer: 1 });
    const [campaign] = await campaigns();
    expect(await campaigns()).toHaveLength(1);
    const id = campaign.campaignId;

    const added = await withLostAnswer('POST /v2/campaigns/{id}/contacts', () => op('campaigns.addContacts', { id, contactIds: [org[5].contactId] }));
    expectOutcomeUnknown(added.error, /campaign/i);
    expect(added.counts).toEqual({ lostAnswer: 1 });
    expect((await op('campaigns.listContacts', { id })) as unknown[]).toHaveLength(3);

    const started = await withLostAnswer('POST /v2/campaigns/{id}/actions', () => op('campaigns.action', { id, action: 'START' }));
    expectOutcomeUnknown(started.error, /campaign/i);
    expect(started.counts).toEqual({ lostAnswer: 1 });
    expect(await op('campaigns.get', { id })).toMatchObject({ campaign: { status: 'active' } });

    await op('campaigns.action', { id, action: 'PAUSE' });
    const deleted = await withLostAnswer('DELETE /v2/campaigns/{id}', () => op('campaigns.delete', { id }));
    expectOutcomeUnknown(deleted.error, /campaign/i);
    expect(deleted.counts).toEqual({ lostAnswer: 1 });
    expect(await campaigns()).toHaveLength(0);
  });

  it('custom API call with POST: not repeated either', async () => {
    const before = ((await op('lists.getAll')) as unknown[]).length;
    const { error, counts } = await withLostAnswer('POST /v2/lists', () =>
      run(customCall(client, { version: 'v2', method: 'POST', path: '/lists', body: { name: 'Custom lost' } })),
    );
    expectOutcomeUnknown(error, /custom/i);
    expect(counts).toEqual({ lostAnswer: 1 });
    expect(((await op('lists.getAll')) as unknown[]).length).toBe(before + 1);
  });

  it('a safe read under a lost answer is simply tried again', async () => {
    const { error, counts } = await withLostAnswer('GET /v2/lists', () => op('lists.getAll'));
    expect(error).toBeNull();
    expect(counts).toEqual({ lostAnswer: 1, 200: 1 });
  });
});
