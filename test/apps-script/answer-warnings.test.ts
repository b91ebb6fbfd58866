/**
 * Issue 10: a warning the core attaches to an answer reaches the Sheets sidebar. An email the service accepted
 * but answered in a shape it does not document is reported as sent, with "it was carried out; do not repeat it".
 */
import type { Harness } from '../apps-script-harness';
import { startFixtureServer, type FixtureServer } from '../fixtures/published/responses/server';
import { addOnHarness } from './setup';

let server: FixtureServer;
let h: Harness;

beforeAll(async () => {
  server = await startFixtureServer({
    'GET /v2/oauth/me': { status: 200, body: { success: true, email: 'me@acme.test', firstname: 'Grace', lastname: 'Hopper' } },
    'GET /v2/credits': { status: 200, body: { success: true, data: { balance: 42 } } },
    // The documented answer carries more fields; this one misses them, so the core warns instead of failing a send that happened.
    'POST /v2/emails/send': { status: 201, body: { success: true, data: { emailId: 'e1', status: 'SCHEDULED' } } },
  });
  h = addOnHarness();
  await h.run('saveConnectionSettings', { baseUrlV1: server.baseUrlV1, baseUrlV2: server.baseUrlV2 });
  await h.run('connectApiKey', 'warn-key');
}, 60_000);
afterAll(async () => server.close());

test('sendEmail returns the sent email with the "do not repeat it" warning', async () => {
  const sent = (await h.run('sendEmail', { contactId: '5', from: 'me@acme.test', to: 'ana@example.com', subject: 'Hi', body: 'Hello' })) as {
    emailId: string;
    warnings?: string[];
  };
  expect(sent.emailId).toBe('e1');
  expect(sent.warnings).toHaveLength(1);
  expect(sent.warnings![0]).toMatch(/carried out; do not repeat it/);
});
