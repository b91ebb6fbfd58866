/**
 * Issue 22, points 2 and 3, in the Apps Script harness against the sandbox: every custom function of the registry
 * runs, and the requests it makes are exactly those of the operations it declares (the declarations the README parity
 * table is generated from), so the table's Sheets column is what a cell really reaches. The new functions for the
 * read-only operations that fit a range (campaigns, their contacts and metrics, email accounts, a saved search's
 * results) answer a header row and the records.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { customFunctionDeclarations } from '../../apps-script/src/custom-functions/registry';
import { endpointKey } from '../../shared/request/build';
import { addOnHarness, connect, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;
type Table = (string | number | boolean)[][];
let campaignId: string;
let savedSearchId: string;
let contactId: string;

beforeAll(async () => {
  sb = await startSandbox();
  h = addOnHarness({ user: 'rep@example.com' });
  await connect(h, sb);
  await h.run('enableOrgRefresh', { sheetName: 'Org contacts', days: 365 });
  const sheet = h.workbook.mustSheet('Org contacts').values();
  const ids = sheet.slice(1, 4).map((r) => Number(r[sheet[0].indexOf('contactId')]));
  contactId = String(ids[0]);
  // A campaign with three contacts and a saved search, made through the "Run an operation" panel.
  const create = { operation: 'campaigns.create', values: { name: 'Cells', contactIds: ids.join(',') }, kinds: { contactIds: 'list' } };
  const made = (await h.run('runOperation', create, ((await h.run('previewOperation', create)) as { confirmation: string }).confirmation)) as {
    answer: string;
  };
  campaignId = String(JSON.parse(made.answer).campaign.campaignId);
  const save = { operation: 'savedSearches.create', values: { name: 'VPs', type: 'contacts', values: '{"seniority": ["VP"]}' }, kinds: { values: 'json' } };
  const saved = (await h.run('runOperation', save, ((await h.run('previewOperation', save)) as { confirmation: string }).confirmation)) as { answer: string };
  savedSearchId = String(JSON.parse(saved.answer).savedSearchId);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

/** Arguments for each function's run here; a function added without a line fails the first test, naming it. */
const ARGS: Record<string, () => unknown[]> = {
  PDS_SEARCH_CONTACTS: () => ['seniority=VP', 5],
  PDS_SEARCH_COMPANIES: () => ['industry=Software', 5],
  PDS_ORG_CONTACTS: () => [365, 5],
  PDS_ORG_COMPANIES: () => [365, 5],
  PDS_LISTS: () => [],
  PDS_SAVED_SEARCHES: () => [],
  PDS_CONTACT_STATUSES: () => [],
  PDS_TEMPLATES: () => [],
  PDS_CREDITS: () => [],
  PDS_LOOKUP_CONTACT: () => [contactId],
  PDS_LOOKUP_COMPANY: () => ['acme.com'],
  PDS_TASKS: () => [],
  PDS_ACTIVITY: () => [],
  PDS_CALL_DISPOSITIONS: () => [],
  PDS_CALL_SENTIMENTS: () => [],
  PDS_CAMPAIGNS: () => ['Cells'],
  PDS_CAMPAIGN_CONTACTS: () => [campaignId],
  PDS_CAMPAIGN_METRICS: () => [campaignId],
  PDS_EMAIL_ACCOUNTS: () => [],
  PDS_SAVED_SEARCH_RESULTS: () => [savedSearchId, 5],
};

/** Endpoint keys with their path parameters unnamed (the sandbox says `{id}` where the catalogue says `{campaignId}`). */
const shape = (endpoint: string) => endpoint.replace(/\{\w+\}/g, '{}');
const total = (counts: Record<string, Record<string, number>>) =>
  new Map(Object.entries(counts).map(([endpoint, byStatus]) => [shape(endpoint), Object.values(byStatus).reduce((a, b) => a + b, 0)]));

describe('every custom function reaches exactly the operations it declares', () => {
  it('each declared function has arguments here', () => {
    expect(Object.keys(customFunctionDeclarations).filter((fn) => !(fn in ARGS))).toEqual([]);
  });

  it.each(Object.keys(ARGS))(
    '%s',
    async (fn) => {
      const declaration = customFunctionDeclarations[fn as keyof typeof customFunctionDeclarations];
      const before = total(await requestCounts(sb));
      const answer = (await h.callCustomFunction(fn, ...ARGS[fn]())) as Table;
      expect(answer.length).toBeGreaterThanOrEqual(1);
      const after = total(await requestCounts(sb));
      const hit = [...after].filter(([endpoint, n]) => n > (before.get(endpoint) ?? 0)).map(([endpoint]) => endpoint);
      const declared = declaration.operations.map((op) => shape(endpointKey(op)));
      expect(hit.length).toBeGreaterThan(0);
      expect(hit.filter((endpoint) => !declared.includes(endpoint))).toEqual([]);
    },
    60_000,
  );
});

describe('the new functions for read-only operations that fit a range', () => {
  const cell = (fn: string, ...args: unknown[]) => h.callCustomFunction(fn, ...args) as Promise<Table>;

  it('PDS_CAMPAIGN_CONTACTS, PDS_CAMPAIGN_METRICS, PDS_CAMPAIGNS: the campaign’s records under a header', async () => {
    const contacts = await cell('PDS_CAMPAIGN_CONTACTS', campaignId);
    expect(contacts[0]).toContain('contactId');
    expect(contacts).toHaveLength(4);
    const metrics = await cell('PDS_CAMPAIGN_METRICS', campaignId);
    expect(metrics).toHaveLength(2);
    expect(metrics[0].length).toBeGreaterThan(1);
    const campaigns = await cell('PDS_CAMPAIGNS', 'Cells');
    expect(campaigns.slice(1).map((r) => String(r[campaigns[0].indexOf('campaignId')]))).toEqual([campaignId]);
    await expect(cell('PDS_CAMPAIGN_METRICS', '')).rejects.toThrow(/campaignId: required/);
  }, 60_000);

  it('PDS_EMAIL_ACCOUNTS and PDS_SAVED_SEARCH_RESULTS', async () => {
    const accounts = await cell('PDS_EMAIL_ACCOUNTS');
    expect(accounts[0]).toEqual(expect.arrayContaining(['emailAccountId', 'email']));
    expect(accounts.length).toBeGreaterThan(1);
    const results = await cell('PDS_SAVED_SEARCH_RESULTS', savedSearchId, 7);
    expect(results.length).toBeGreaterThan(1);
    expect(results.length).toBeLessThanOrEqual(8);
    await expect(cell('PDS_SAVED_SEARCH_RESULTS', savedSearchId, 5000)).rejects.toThrow(/limit: must be a whole number from 1 to 2000/);
  }, 60_000);
});

describe('the catalogue operations of the functions resolve to the sandbox’s endpoints', () => {
  it('every declared operation is a REST endpoint the sandbox counts under the same key', () => {
    for (const declaration of Object.values(customFunctionDeclarations))
      for (const op of declaration.operations) expect(endpointKey(op)).toMatch(/^(GET|POST) \/v[12]\//);
  });
});
