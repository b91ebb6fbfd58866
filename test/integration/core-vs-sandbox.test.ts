/**
 * Every catalogue operation through the core (async driver, real HTTP) against the sandbox, with strict
 * response checking on: a drift between the spec's records and the service shows up here.
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import {
  call,
  customCall,
  connectWithCode,
  createClient,
  newResearchJob,
  operation,
  paginate,
  runAsync,
  runResearch,
  summarize,
  ConflictError,
  CreditsError,
  NotFoundError,
  type Client,
  type Flow,
} from '../../shared';
import { memoryStore } from '../../shared/drivers/memory';
import { nodeFetchHost } from '../../shared/hosts/node-fetch';

let sandbox: RunningSandbox;
let client: Client;
const store = memoryStore();
const host = nodeFetchHost({ store });
const run = <T>(flow: Flow<T>) => runAsync(flow, host);
const op = (id: string, input: unknown = {}) => run(call(client, operation(id), input));
const year = { startDate: '2025-01-01T00:00:00Z', endDate: '2027-01-01T00:00:00Z' };

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, log: () => undefined, config: { research: { queuedMs: 100, researchingMs: 300 } } });
  client = createClient({
    auth: { type: 'apiKey', apiKey: sandbox.apiKey },
    settings: { baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2, authUrl: sandbox.auth, pollIntervalMs: 2000 },
  });
});
afterAll(() => sandbox.close());

describe('core against the sandbox: every operation, strict responses', () => {
  it('searches, paginates with nextToken, and reads credits and reference data', async () => {
    const page = await run(paginate(client, operation('contacts.search'), { seniority: ['VP', 'Director'] }, { limit: 50, maxItems: 120 }));
    expect(page.items.length).toBeGreaterThanOrEqual(120);
    expect(page.next).not.toBeNull();
    expect(await op('companies.search', { limit: 5 })).toHaveLength(5);
    expect(await op('credits.get')).toEqual({ balance: expect.any(Number) });
    expect(client.state.credits.balance).toEqual(expect.any(Number));
    expect((await op('contactStatuses.list')) as unknown[]).not.toHaveLength(0);
    expect(await op('oauth.me')).toMatchObject({ email: expect.stringContaining('@') });
    expect(await run(customCall(client, { version: 'v2', method: 'GET', path: '/credits' }))).toMatchObject({ success: true });
  });

  it('researches contacts from search results and companies by domain, then reads them from the org', async () => {
    const found = (await op('contacts.search', { limit: 3 })) as { searchResultId: string }[];
    const before = client.state.credits.balance!;
    const job = await run(
      runResearch(
        client,
        newResearchJob(
          'contacts',
          found.map((f) => ({ searchResultId: f.searchResultId })),
        ),
        { waitForResults: true },
      ),
    );
    expect(summarize(job)).toMatchObject({ done: 3, complete: true });
    expect(job.items[0].record).toMatchObject({ apiResearchId: job.items[0].requestId });
    expect(client.state.credits.balance).toBe(before - 3);

    // The same people again: duplicates, free, with the earlier record.
    const again = await run(
      runResearch(
        client,
        newResearchJob(
          'contacts',
          found.map((f) => ({ searchResultId: f.searchResultId })),
        ),
        { waitForResults: true },
      ),
    );
    expect(again.items.map((i) => i.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(client.state.credits.balance).toBe(before - 3);

    const companies = (await op('companies.search', { limit: 1 })) as { domain: string }[];
    const cjob = await run(
      runResearch(client, newResearchJob('companies', [{ company: { domain: companies[0].domain } }, { company: { domain: 'no-such-company.invalid' } }]), {
        waitForResults: true,
      }),
    );
    expect(cjob.items.map((i) => i.outcome)).toEqual(['done', 'error']);

    const contacts = await run(paginate(client, operation('orgContacts.list'), year));
    expect(contacts.items.length).toBeGreaterThan(3);
    const companiesRead = await run(paginate(client, operation('orgCompanies.list'), year));
    expect(companiesRead.items.length).toBeGreaterThan(0);
  });

  it('manages lists and saved searches', async () => {
    const list = (await op('lists.create', { name: 'Core test' })) as { listId: string };
    expect(await op('lists.get', { id: list.listId })).toMatchObject({ name: 'Core test' });
    expect(await op('lists.rename', { id: list.listId, name: 'Renamed' })).toMatchObject({ name: 'Renamed' });
    const org = (await op('orgContacts.list', year)) as { contactId: string }[];
    expect(await op('lists.addContacts', { id: list.listId, contactIds: org.slice(0, 2).map((c) => c.contactId) })).toMatchObject({ contactsAdded: 2 });
    expect((await op('lists.getAll')) as { listId: string }[]).toEqual(expect.arrayContaining([expect.objectContaining({ listId: list.listId })]));
    await op('lists.delete', { id: list.listId });
    await expect(op('lists.get', { id: list.listId })).rejects.toBeInstanceOf(NotFoundError);

    const saved = (await op('savedSearches.create', { name: 'VPs', type: 'contacts', values: { seniority: ['VP'] } })) as { savedSearchId: string };
    expect(await op('savedSearches.update', { id: saved.savedSearchId, numResultsApproved: 3, tagIds: [1] })).toMatchObject({ numResultsApproved: 3 });
    expect(await op('savedSearches.get', { id: saved.savedSearchId })).toMatchObject({ name: 'VPs' });
    expect((await op('savedSearches.list', { type: 'contacts' })) as unknown[]).not.toHaveLength(0);
    await op('savedSearches.delete', { id: saved.savedSearchId });
  });

  it('runs a campaign through its states, with contacts, and refuses an impossible move', async () => {
    const org = (await op('orgContacts.list', year)) as { contactId: string }[];
    const accounts = (await op('emailAccounts.list')) as { emailAccountId: string }[];
    const templates = (await op('templates.list')) as { templateId: number }[];
    const created = (await op('campaigns.create', {
      name: 'Core campaign',
      emailAccountIds: [accounts[0].emailAccountId],
      steps: [{ type: 'EMAIL', name: 'Intro', description: 'First touch', dueDay: 1, templateId: templates[0].templateId }],
      contactIds: org.slice(0, 3).map((c) => c.contactId),
      maxActiveContacts: 10,
    })) as { campaign: { campaignId: string; status: string }; steps: unknown[]; contactsAdded: number };
    expect(created).toMatchObject({ campaign: { status: 'draft' }, contactsAdded: 3 });
    const id = created.campaign.campaignId;
    expect(await op('campaigns.get', { id })).toMatchObject({ campaign: { campaignId: id }, steps: [expect.anything()] });
    expect((await op('campaigns.list', { searchText: 'Core campaign' })) as unknown[]).toHaveLength(1);
    expect(await op('campaigns.action', { id, action: 'START' })).toMatchObject({ campaign: { status: 'active' } });
    await expect(op('campaigns.delete', { id })).rejects.toBeInstanceOf(ConflictError);
    expect(await op('campaigns.action', { id, action: 'PAUSE' })).toMatchObject({ campaign: { status: 'paused' } });
    expect(await op('campaigns.addContacts', { id, contactIds: [org[3].contactId] })).toMatchObject({ contactsAdded: 1 });
    expect(await op('campaigns.removeContacts', { id, contactIds: [org[0].contactId] })).toMatchObject({ contactsRemoved: 1 });
    expect((await op('campaigns.listContacts', { id })) as unknown[]).toHaveLength(3);
    expect(await op('campaigns.metrics', { id })).toMatchObject({ numContacts: 3 });
    expect(await op('campaigns.action', { id, action: 'COMPLETE' })).toMatchObject({ campaign: { status: 'completed' } });
    await op('campaigns.delete', { id });
    await expect(op('campaigns.get', { id })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('sends an email and a draft (once)', async () => {
    const org = (await op('orgContacts.list', year)) as { contactId: string; email?: string }[];
    const me = (await op('emailAccounts.list')) as { email: string }[];
    const sent = await op('emails.send', {
      contactId: org[0].contactId,
      from: me[0].email,
      to: org[0].email ?? 'someone@example.com',
      subject: 'Hello',
      body: 'Hi there',
    });
    expect(sent).toMatchObject({ status: 'SCHEDULED' });
    const drafts = (await op('emails.listDrafts')) as { emailId: string }[];
    expect(await op('emails.sendDraft', { id: drafts[0].emailId })).toMatchObject({ status: 'sent' });
    await expect(op('emails.sendDraft', { id: drafts[0].emailId })).rejects.toBeInstanceOf(ConflictError);
  });

  it('organization B has no license: research is refused with a CreditsError', async () => {
    const b = createClient({ auth: { type: 'apiKey', apiKey: sandbox.apiKeyB }, settings: { baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2 } });
    await expect(runAsync(call(b, operation('orgContacts.list'), year), host)).rejects.toBeInstanceOf(CreditsError);
  });

  it('OAuth: signs in on the authorize page, exchanges the code, refreshes with rotation', async () => {
    const { clientId, clientSecret, redirectUri } = sandbox.oauth;
    const page = await fetch(`${sandbox.auth}/oauth/authorize?client_id=${clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&state=xyz`);
    expect(page.status).toBe(200);
    const form = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      state: 'xyz',
      email: sandbox.user.email,
      password: sandbox.user.password,
    });
    const signedIn = await fetch(`${sandbox.auth}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    const location = new URL(signedIn.headers.get('location')!);
    expect(location.searchParams.get('state')).toBe('xyz');
    const oauth = createClient({
      auth: { type: 'oauth2', clientId, clientSecret, redirectUri, storeKey: 'oauth-test' },
      settings: { baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2 },
    });
    const first = await run(connectWithCode(oauth, location.searchParams.get('code')!));
    expect(await runAsync(call(oauth, operation('lists.getAll'), {}), host)).toEqual(expect.any(Array));
    // Force a refresh by marking the stored token as expiring now: both tokens rotate.
    store.put('oauth-test', JSON.stringify({ ...first, expiresAtMs: Date.now() }));
    await runAsync(call(oauth, operation('oauth.me'), {}), host);
    const rotated = JSON.parse(store.get('oauth-test')!);
    expect(rotated.refreshToken).not.toBe(first.refreshToken);
    expect(rotated.accessToken).not.toBe(first.accessToken);
  });
});
