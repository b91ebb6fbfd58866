/**
 * Issue 21, point 2, in Google Sheets through the harness against the sandbox: a send that meets a 5xx or loses its
 * answer is reported with the same "unknown: may have been carried out" words as the core and n8n, and what to do;
 * it is sent once.
 */
import { UNKNOWN_OUTCOME_TEXT } from '../../shared';
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, admin, connect, countOf, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;
let contact: { contactId: string; email: string };

beforeAll(async () => {
  sb = await startSandbox();
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Mail'] });
  await connect(h, sb);
  const period = `startDate=2020-01-01T00:00:00Z&endDate=2030-01-01T00:00:00Z&limit=1`;
  contact = ((await (await fetch(`${sb.info.v1}/contacts?${period}`, { headers: { token: sb.info.apiKey } })).json()) as { data: (typeof contact)[] }).data[0];
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

test.each(['error500', 'drop'])(
  'a send meeting %s: unknown outcome, sent once, told to check',
  async (kind) => {
    const accounts = (await h.run('listEmailAccounts')) as { email: string }[];
    await admin(sb, 'POST', '/faults', { endpoint: 'POST /v2/emails/send', kind, count: 1 });
    const before = countOf(await requestCounts(sb), 'POST /v2/emails/send');
    const error = (await h
      .run('sendEmail', { contactId: contact.contactId, from: accounts[0].email, to: contact.email, subject: 'Hi', body: 'Once' })
      .catch((e: unknown) => e)) as Error;
    expect(error.message).toContain(UNKNOWN_OUTCOME_TEXT);
    expect(error.message).toMatch(/check (in the service|before trying again)/i);
    expect(countOf(await requestCounts(sb), 'POST /v2/emails/send') - before).toBe(1);
  },
  60_000,
);
