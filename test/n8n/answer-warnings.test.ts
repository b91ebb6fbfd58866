/**
 * Issue 10: a warning the core attaches to an answer (here: an email the service accepted but answered in a
 * shape it does not document, "it was carried out; do not repeat it") reaches the n8n item as `json.warnings`.
 */
import { startFixtureServer, type FixtureServer } from '../fixtures/published/responses/server';
import { executeNode } from './harness';

let server: FixtureServer;
let credentials: { prospectingApi: { apiKey: string; baseUrlV1: string; baseUrlV2: string } };

beforeAll(async () => {
  server = await startFixtureServer({
    // The documented answer carries more fields; this one misses them, so the core warns instead of failing a send that happened.
    'POST /v2/emails/send': { status: 201, body: { success: true, data: { emailId: 'e1', status: 'SCHEDULED' } } },
  });
  credentials = { prospectingApi: { apiKey: 'warn-key', baseUrlV1: server.baseUrlV1, baseUrlV2: server.baseUrlV2 } };
});
afterAll(async () => server.close());

describe('answer warnings in n8n items', () => {
  it('an email sent with an odd answer: the item carries the record and the "do not repeat it" warning', async () => {
    const [item] = await executeNode({
      parameters: {
        resource: 'emails',
        operation: 'send',
        contactId: '5',
        from: { __rl: true, mode: 'id', value: 'me@acme.test' },
        to: 'ana@example.com',
        additionalFields: { subject: 'Hello', body: '<p>Hi</p>' },
      },
      credentials,
    });
    expect(item.json).toMatchObject({ emailId: 'e1', status: 'SCHEDULED' });
    const warnings = item.json.warnings as string[];
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/carried out; do not repeat it/);
  });
});
