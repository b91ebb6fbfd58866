/**
 * Issue 30 in Google Sheets (the harness's UrlFetchApp, which follows redirects unless told `followRedirects: false`,
 * as Google's does) against a scripted fake service on loopback: a redirect never takes the key to another origin
 * nor repeats a send; a read may follow one on its own origin; `success: false`, odd 2xx bodies and big ids.
 */
import { UNKNOWN_OUTCOME_TEXT } from '../../shared';
import type { Harness } from '../apps-script-harness';
import { ok, startLoopbackService, type Answer, type LoopbackService, type Received } from '../support/loopback-service';
import { addOnHarness } from './setup';

const KEY = 'sheets_wire_key_Lm9Xp4Rt8Zy3';
let service: LoopbackService;
let elsewhere: LoopbackService;
let h: Harness;
let send: (r: Received) => Answer = () => ok({ emailId: 'e1', status: 'SCHEDULED' });
let lists: (r: Received) => Answer = () => ok([]);

beforeAll(async () => {
  service = await startLoopbackService((r) => {
    if (r.path.startsWith('/v2/oauth/me')) return { status: 200, body: { success: true, email: 'me@acme.test', firstname: 'Ada', lastname: 'L' } };
    if (r.path.startsWith('/v2/credits')) return ok({ balance: 42 });
    if (r.path.startsWith('/v2/emails/send')) return send(r);
    return lists(r);
  });
  elsewhere = await startLoopbackService(() => ok({ emailId: 'e2' }));
  h = addOnHarness();
  await h.run('saveConnectionSettings', { baseUrlV1: `${service.origin}/v1`, baseUrlV2: `${service.origin}/v2` });
  await h.run('connectApiKey', KEY);
}, 60_000);
afterAll(async () => {
  await h?.close();
  await service?.close();
  await elsewhere?.close();
});
beforeEach(() => {
  service.received.length = 0;
  elsewhere.received.length = 0;
});

const list = (id: string) => ({ listId: JSON.parse(id) as string, name: 'Leads', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' });
const email = { contactId: '5', from: 'me@acme.test', to: 'ana@example.com', subject: 'Hi', body: 'Hello' };
const sendEmail = () => h.run('sendEmail', email).catch((e: unknown) => e as Error);

test('a send meeting a 307 to another origin: sent once, the other origin gets nothing, outcome unknown', async () => {
  send = () => ({ status: 307, headers: { location: `${elsewhere.origin}/v2/emails/send` } });
  const error = (await sendEmail()) as Error;
  expect(error.message).toContain(UNKNOWN_OUTCOME_TEXT);
  expect(service.count('/v2/emails/send')).toBe(1);
  expect(elsewhere.received).toHaveLength(0);
}, 30_000);

test('a read redirected to another origin is not followed; on its own origin it is, with the key', async () => {
  lists = () => ({ status: 302, headers: { location: `${elsewhere.origin}/v2/lists` } });
  await expect(h.run('getLists')).rejects.toThrow(/another origin/);
  expect(elsewhere.received).toHaveLength(0);
  service.received.length = 0;
  lists = (r) => (r.path.startsWith('/v2/lists-here') ? ok([list('"7"')]) : { status: 302, headers: { location: '/v2/lists-here' } });
  expect(JSON.stringify(await h.run('getLists'))).toContain('Leads');
  expect(service.received.filter((r) => r.path.startsWith('/v2/lists')).map((r) => r.headers.token)).toEqual([KEY, KEY]);
}, 30_000);

test.each(['null', '', '[]', '0', 'true'])(
  'a send answered 200 %j: unknown, never a TypeError',
  async (body) => {
    send = () => ({ status: 200, body });
    const error = (await sendEmail()) as Error;
    expect(error.message).toContain(UNKNOWN_OUTCOME_TEXT);
    expect(error.message).not.toMatch(/Cannot read properties/);
  },
  30_000,
);

test('success: false at 200: the service message, not "carried out"', async () => {
  send = () => ({ status: 200, body: { success: false, message: 'Email not sent: mailbox disconnected' } });
  const error = (await sendEmail()) as Error;
  expect(error.message).toContain('Email not sent: mailbox disconnected');
  expect(error.message).not.toMatch(/carried out|unknown: may have been/);
}, 30_000);

test('a list id beyond 2^53 sent as a JSON number is kept exact', async () => {
  lists = () => ({ status: 200, body: `{"success":true,"data":[${JSON.stringify(list('"0"')).replace('"listId":"0"', '"listId":18446744073709551617')}]}` });
  expect(JSON.stringify(await h.run('getLists'))).toContain('"18446744073709551617"');
}, 30_000);
