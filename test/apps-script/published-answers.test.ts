/**
 * Issue 15: the service's published answers (test/fixtures/published/responses) through the add-on's real output
 * paths, in the Apps Script harness against a local server that answers the fixtures: the custom functions'
 * columns (org reads, searches, lookups) and the enrichment's result columns. The data must show in the cells.
 */
import { customFunctionCell } from '../../apps-script/src/cells';
import { records } from '../../shared';
import type { Harness } from '../apps-script-harness';
import { expectedColumns } from '../fixtures/published/responses/columns';
import { published, publishedCompany, publishedContact } from '../fixtures/published/responses';
import { startFixtureServer, type FixtureServer } from '../fixtures/published/responses/server';
import { addOnHarness } from './setup';

type Json = Record<string, unknown>;
type Table = (string | number | boolean)[][];

let server: FixtureServer;
let h: Harness;

/** Poll answers hold only the items asked for, as the service's do. */
const pollFor = (query: URLSearchParams) => {
  const asked = (query.get('requestIds') ?? '').split(',');
  return {
    status: 200,
    body: { success: true, data: (published.pollContacts.body.data as Json[]).filter((item) => asked.includes(item.requestId as string)) },
  };
};

beforeAll(async () => {
  server = await startFixtureServer({
    // Connection check only (not part of the published v1 description): who the key belongs to, the balance.
    'GET /v2/oauth/me': { status: 200, body: { success: true, email: 'rep@example.com', firstname: 'Rep', lastname: 'One' } },
    'GET /v2/credits': { status: 200, body: { success: true, data: { balance: 100 } } },
    'GET /v1/contacts': published.orgContactsPage,
    'GET /v1/companies': published.orgCompaniesPage,
    'POST /v2/search/contacts': published.searchContacts,
    'POST /v2/search/companies': published.searchCompanies,
    // One person enriched by details: the first published request id, then the published done item for it.
    'POST /v1/contacts/research': { status: 202, body: { success: true, requestIds: ['6Ei5iKuSHzJXvqjVPWiZ_'] } },
    'GET /v1/contacts/research/poll': (req) => pollFor(req.query),
  });
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Leads'] });
  await h.run('saveConnectionSettings', { baseUrlV1: server.baseUrlV1, baseUrlV2: server.baseUrlV2 });
  await h.run('connectApiKey', 'published-key');
}, 120_000);

afterAll(async () => {
  await h?.close();
  await server?.close();
});

const cell = (fn: string, ...args: unknown[]) => h.callCustomFunction(fn, ...args) as Promise<Table>;

/** Every published field of `raw` shows in its column of the table, as the add-on writes the value. */
function expectCells(table: Table, raw: Json, names: records.PublishedNames, row = 1) {
  for (const { column, value } of expectedColumns(raw, names)) {
    const at = table[0].indexOf(column);
    expect([column, at >= 0 ? table[row][at] : 'no such column']).toEqual([column, customFunctionCell(value)]);
  }
}

test('PDS_ORG_COMPANIES: the published company (no companyId), staffCount "750" in its column', async () => {
  const table = await cell('PDS_ORG_COMPANIES', 30);
  expect(table).toHaveLength(2);
  expect(table[1][table[0].indexOf('staffCount')]).toBe('750');
  expect(table[1][table[0].indexOf('companyNetworkId')]).toBe('1337042');
  expect(table[1][table[0].indexOf('companyId')]).toBe('');
  expectCells(table, publishedCompany(), records.companyPublishedNames);
}, 60_000);

test('PDS_ORG_CONTACTS: every published contact field, the branded ones under the spec names', async () => {
  const table = await cell('PDS_ORG_CONTACTS', 30);
  expect(table).toHaveLength(3);
  expectCells(table, publishedContact(), records.contactPublishedNames);
  expect(table[1][table[0].indexOf('trafficRankScore')]).toMatch(/traffic-rank/);
}, 60_000);

test('PDS_SEARCH_CONTACTS and PDS_SEARCH_COMPANIES: the published rows, without success or nextToken', async () => {
  const people = await cell('PDS_SEARCH_CONTACTS', 'jobTitle=Chief Technology Officer', 10);
  expect(people).toHaveLength(2);
  expectCells(people, (published.searchContacts.body.data as Json[])[0], records.contactSearchPublishedNames);
  expect(people[1][people[0].indexOf('contactLocation.city')]).toBe('Austin');
  const firms = await cell('PDS_SEARCH_COMPANIES', 'companyDomain=example.com', 10);
  expectCells(firms, (published.searchCompanies.body.data as Json[])[0], records.companySearchPublishedNames);
  expect(firms[1][firms[0].indexOf('industry')]).toBe('Software Development');
}, 60_000);

test('PDS_LOOKUP_COMPANY finds the published company by domain, with its default fields', async () => {
  const found = await cell('PDS_LOOKUP_COMPANY', 'example.com', 'name,staffCount,industry,location.city');
  expect(found).toEqual([
    ['name', 'staffCount', 'industry', 'location.city'],
    ['Example Co', '750', 'Software Development', 'San Francisco'],
  ]);
}, 60_000);

test('enrichment by details: the published research result fills the result columns', async () => {
  const sheet = h.workbook.mustSheet('Leads');
  [
    ['fullName', 'company'],
    ['Jane Doe', 'Example Co'],
  ].forEach((r, i) => r.forEach((v, j) => sheet.setCell(i, j, { value: v })));
  h.workbook.setActiveRange('Leads!A2:B2');
  expect(await h.run('previewEnrichment')).toMatchObject({ items: 1 });
  let progress = (await h.run('startEnrichment', 1)) as { jobId: string; complete: boolean };
  for (let i = 0; i < 20 && !progress.complete; i++) {
    await new Promise((r) => setTimeout(r, 2100));
    progress = (await h.run('pollEnrichment', progress.jobId)) as typeof progress;
  }
  expect(progress.complete).toBe(true);
  const values = sheet.values();
  const at = (header: string) => values[1][values[0].indexOf(header)];
  expect([at('PDS status'), at('PDS contactId'), at('PDS email'), at('PDS title'), at('PDS requestId')]).toEqual([
    'done',
    '5550001',
    'jane.doe@example.com',
    'Chief Technology Officer',
    '6Ei5iKuSHzJXvqjVPWiZ_',
  ]);
}, 120_000);
