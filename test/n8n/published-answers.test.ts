/**
 * Issue 15: the service's published answers (test/fixtures/published/responses) through the n8n nodes' real
 * output paths: the Prospecting node and the poll trigger in n8n's own execution contexts against a local server
 * that answers the fixtures, and the webhook trigger given the bare published records. The data must show.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { records } from '../../shared';
import { expectedColumns } from '../fixtures/published/responses/columns';
import { published, publishedCompany, publishedContact } from '../fixtures/published/responses';
import { startFixtureServer, type FixtureServer } from '../fixtures/published/responses/server';
import { callWebhook, executeNode, pollTrigger } from './harness';

type Json = Record<string, unknown>;

let server: FixtureServer;
let credentials: { prospectingApi: { apiKey: string; baseUrlV1: string; baseUrlV2: string } };
const wide = { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' };
const pollCompaniesDone = () => (published.pollCompanies.body.data as Json[])[1];

beforeAll(async () => {
  server = await startFixtureServer({
    'GET /v1/contacts': published.orgContactsPage,
    'GET /v1/companies': published.orgCompaniesPage,
    'POST /v2/search/contacts': published.searchContacts,
    'POST /v2/search/companies': published.searchCompanies,
    'POST /v1/contacts/research': published.researchContacts202,
    // One company submitted by details: its one request id, then the published done item for it.
    'POST /v1/companies/research': { status: 202, body: { success: true, requestIds: ['Ka2nQ9L3pR4vD1F'] } },
    'GET /v1/contacts/research/poll': published.pollContacts,
    'GET /v1/companies/research/poll': (req) =>
      req.query.get('requestIds') === 'Ka2nQ9L3pR4vD1F' ? { status: 200, body: { success: true, data: [pollCompaniesDone()] } } : published.pollCompanies,
  });
  credentials = { prospectingApi: { apiKey: 'published-key', baseUrlV1: server.baseUrlV1, baseUrlV2: server.baseUrlV2 } };
});
afterAll(async () => server.close());

async function run(resource: string, operation: string, params: INodeParameters = {}): Promise<Json[]> {
  const out = await executeNode({ parameters: { resource, operation, ...params }, credentials });
  return out.map((item) => item.json as Json);
}

/** Every published field of `raw` shows in the item under its column (spec names for renamed fields). */
function expectShows(item: unknown, raw: Json, names: records.PublishedNames) {
  for (const { column, value } of expectedColumns(raw, names)) expect([column, records.valueAtPath(item, column)]).toEqual([column, value]);
}

describe('Prospecting node items from the published answers', () => {
  it('saved companies: no companyId, staffCount "750", every published field', async () => {
    const [company] = await run('orgCompanies', 'list', { ...wide, returnAll: true });
    expect(company.staffCount).toBe('750');
    expect(company).not.toHaveProperty('companyId');
    expect(company).toMatchObject({
      companyNetworkId: '1337042',
      trafficRankScore: expect.stringContaining('traffic-rank'),
      encyclopediaUrl: expect.any(String),
    });
    expectShows(company, publishedCompany(), records.companyPublishedNames);
  });

  it('saved contacts: every published field, the branded ones under the spec names', async () => {
    const items = await run('orgContacts', 'list', { ...wide, returnAll: true });
    expect(items).toHaveLength(2);
    expectShows(items[0], publishedContact(), records.contactPublishedNames);
    expect(items[0]).not.toHaveProperty('alexaScore');
    expect(items[1]).toMatchObject({ jobChangeAlert: null, companyType: null });
  });

  it('contact and company search: published rows without success or nextToken', async () => {
    const [person] = await run('contacts', 'search', { returnAll: true, additionalFields: { jobTitle: 'Chief Technology Officer' } });
    expectShows(person, (published.searchContacts.body.data as Json[])[0], records.contactSearchPublishedNames);
    expect(person).toMatchObject({ fullName: 'Jane Doe', contactLocation: { city: 'Austin' }, liUrl: expect.any(String) });
    const [firm] = await run('companies', 'search', { returnAll: true, additionalFields: { companyDomain: 'example.com' } });
    expectShows(firm, (published.searchCompanies.body.data as Json[])[0], records.companySearchPublishedNames);
    expect(firm).toMatchObject({ employeeCount: '750', industry: ['Software Development'] });
  });

  it('research results by request id: items without searchResultId keep their records', async () => {
    const contacts = await run('contacts', 'pollResearch', { requestIds: '6Ei5iKuSHzJXvqjVPWiZ_,7Fj6jLvTIAKYwrkWQXjA_' });
    expect(contacts.map((c) => c.status)).toEqual(['done', 'researching']);
    expect(contacts[0]).not.toHaveProperty('searchResultId');
    expectShows(contacts[0].contact, publishedContact(), records.contactPublishedNames);
    const companies = await run('companies', 'pollResearch', { requestIds: '8T7LmzqW2Q6hA19,Ka2nQ9L3pR4vD1F' });
    expect((companies[1].company as Json).staffCount).toBe('750');
    expectShows(companies[1].company, publishedCompany(), records.companyPublishedNames);
  });

  it('a company researched by details and waited for: the paid record arrives whole', async () => {
    const [result] = await run('companies', 'research', { researchBy: 'details', company: { domain: 'example.com' }, waitForResults: true });
    expect(result).toMatchObject({ requestId: 'Ka2nQ9L3pR4vD1F', status: 'done', outcome: 'done' });
    expectShows(result.company, publishedCompany(), records.companyPublishedNames);
  });

  it('contact research submitted without waiting: the published 202 ids, one per item', async () => {
    // The published jobChanges example: John and Jane Doe at Acme Corp, one request.
    const out = await executeNode({
      parameters: {
        resource: 'contacts',
        operation: 'research',
        researchBy: 'details',
        contact: { contactName: '={{ $json.name }}', companyName: 'Acme Corp' },
        waitForResults: false,
      },
      items: [{ json: { name: 'John Doe' } }, { json: { name: 'Jane Doe' } }],
      credentials,
    });
    expect(out.map((i) => [i.json.requestId, i.json.status])).toEqual([
      ['6Ei5iKuSHzJXvqjVPWiZ_', 'queued'],
      ['7Fj6jLvTIAKYwrkWQXjA_', 'queued'],
    ]);
  });
});

describe('poll trigger items from the published answers', () => {
  it('new companies: the published record, staffCount "750"', async () => {
    const out = await pollTrigger({ parameters: { event: 'newCompanies', lookbackHours: 24 }, credentials, staticData: {} });
    expect(out.items).toHaveLength(1);
    expect(out.items![0].json.staffCount).toBe('750');
    expectShows(out.items![0].json, publishedCompany(), records.companyPublishedNames);
  });

  it('research finished (contacts): both published records carry apiResearchId', async () => {
    const out = await pollTrigger({ parameters: { event: 'researchFinished', recordType: 'contacts', lookbackHours: 24 }, credentials, staticData: {} });
    expect(out.items!.map((i) => i.json.apiResearchId)).toEqual(['6Ei5iKuSHzJXvqjVPWiZ_', '7Fj6jLvTIAKYwrkWQXjA_']);
  });
});

describe('webhook trigger with the bare published records (no event header: the service sends none)', () => {
  const parameters = { secret: 's3cret', headerName: 'X-Webhook-Secret', events: ['contact-researched', 'company-researched'] };
  const headers = { 'x-webhook-secret': 's3cret' };

  it('company-researched: told from the record, staffCount "750" and every published field show', async () => {
    const { result } = await callWebhook({ parameters, headers, body: publishedCompany() as IDataObject, staticData: {} });
    const item = result.workflowData![0][0].json;
    expect(item).toMatchObject({ event: 'company-researched', staffCount: '750', companyNetworkId: '1337042' });
    expectShows(item, publishedCompany(), records.companyPublishedNames);
  });

  it('contact-researched: every published field shows, the branded ones under the spec names', async () => {
    const { result } = await callWebhook({ parameters, headers, body: publishedContact() as IDataObject, staticData: {} });
    const item = result.workflowData![0][0].json;
    expect(item.event).toBe('contact-researched');
    expectShows(item, publishedContact(), records.contactPublishedNames);
  });
});
