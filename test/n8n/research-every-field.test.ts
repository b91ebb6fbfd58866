/**
 * Issue 21, point 1, through the n8n nodes' real paths against a local server: "Wait for Results" keeps every field
 * of the poll item (searchResultId, additionalData) as "Get Research Results" does, a record of an unexpected shape
 * comes out as it came, one item without a status fails alone, and "Research Finished" emits records whose
 * research id is a number.
 */
import type { IDataObject } from 'n8n-workflow';
import { publishedContact } from '../fixtures/published/responses';
import { startFixtureServer, type FixtureServer } from '../fixtures/published/responses/server';
import { executeNode, pollTrigger } from './harness';
import { researchFoundContacts } from './research-params';

let server: FixtureServer;
let credentials: { prospectingApi: { apiKey: string; baseUrlV1: string; baseUrlV2: string } };

beforeAll(async () => {
  server = await startFixtureServer({
    'POST /v1/contacts/research': { status: 202, body: { success: true, requestIds: ['r1', 'r2', 'r3'] } },
    'GET /v1/contacts/research/poll': {
      status: 200,
      body: {
        success: true,
        data: [
          { requestId: 'r1', searchResultId: 's1', status: 'done', additionalData: { source: 'search' }, contact: publishedContact() },
          { requestId: 'r2', searchResultId: 's2', status: 'done', contact: 'Jane Doe, CTO at Example' },
          { requestId: 'r3', searchResultId: 's3' },
        ],
      },
    },
    'GET /v1/contacts': {
      status: 200,
      body: {
        data: [
          { ...publishedContact(), contactId: '1', apiResearchId: 4711 },
          { ...publishedContact(), contactId: '2', apiResearchId: '' },
        ],
      },
    },
  });
  credentials = { prospectingApi: { apiKey: 'k', baseUrlV1: server.baseUrlV1, baseUrlV2: server.baseUrlV2 } };
});
afterAll(async () => server.close());

it('Wait for Results: every published field of each poll item, an odd record kept, one status-less item failing alone', async () => {
  const out = await executeNode({
    parameters: researchFoundContacts,
    items: ['s1', 's2', 's3'].map((id) => ({ json: { searchResultId: id } })),
    credentials,
  });
  const json = out.map((o) => o.json as IDataObject);
  expect(json[0]).toMatchObject({ requestId: 'r1', outcome: 'done', searchResultId: 's1', additionalData: { source: 'search' } });
  expect((json[0].contact as IDataObject).email).toBe(publishedContact().email);
  expect(json[1]).toMatchObject({ outcome: 'done', contact: 'Jane Doe, CTO at Example' });
  expect(json[2]).toMatchObject({ requestId: 'r3', outcome: 'error' });
  expect(json[2].message).toMatch(/request r3.*no status/);
  expect(json.some((j) => String(j.error ?? '').includes('Polling stopped'))).toBe(false);
});

it('Research Finished emits a record whose research id is a number', async () => {
  const out = await pollTrigger({ parameters: { event: 'researchFinished', recordType: 'contacts', lookbackHours: 24 }, credentials, staticData: {} });
  expect(out.items?.map((i) => i.json.contactId)).toEqual(['1']);
});
