/**
 * Issue 30 in n8n (n8n-core's real httpRequestWithAuthentication and axios) against a scripted fake service on
 * loopback: a redirect never takes the key to another origin nor repeats a send; odd 2xx answers and `success: false`
 * are told as they are; 429s without a usable reset are bounded; exact big ids; capped texts; 401 / 500 messages that
 * do not repeat a sentence (point 10).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { ok, startLoopbackService, type LoopbackService } from '../support/loopback-service';
import { executeNode, pollTrigger } from './harness';

const KEY = 'n8n_wire_key_Hq2Zx9Lw4Rt8';
let service: LoopbackService;
let elsewhere: LoopbackService;
beforeAll(async () => {
  service = await startLoopbackService(() => ({ status: 500 }));
  elsewhere = await startLoopbackService(() => ok({ emailId: 'e2', status: 'SCHEDULED' }));
});
afterAll(async () => {
  await service.close();
  await elsewhere.close();
});
beforeEach(() => {
  service.received.length = 0;
  elsewhere.received.length = 0;
});

const credentials = () => ({ prospectingApi: { apiKey: KEY, baseUrlV1: `${service.origin}/v1`, baseUrlV2: `${service.origin}/v2` } });
const sendEmail = {
  resource: 'emails',
  operation: 'send',
  contactId: '5',
  from: { __rl: true, mode: 'id', value: 'me@acme.test' },
  to: 'ana@example.com',
  additionalFields: { subject: 'Hello', body: '<p>Hi</p>' },
};

/** One item under Continue on Fail: the error item's json. */
async function errorItem(parameters: INodeParameters): Promise<IDataObject> {
  const [item] = await executeNode({ parameters, credentials: credentials(), continueOnFail: true });
  expect(item.json.error).toEqual(expect.any(String));
  return item.json;
}

describe('redirects', () => {
  it('a send meeting a 307 to another origin: sent once, never to the other origin, outcome unknown', async () => {
    service.script = () => ({ status: 307, headers: { location: `${elsewhere.origin}/v2/emails/send` } });
    const json = await errorItem(sendEmail);
    expect(json.outcome).toBe('unknown');
    expect(service.count('/v2/emails/send')).toBe(1);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('a read redirected to another origin: not followed, the key stays home', async () => {
    service.script = () => ({ status: 302, headers: { location: `${elsewhere.origin}/v2/credits` } });
    const json = await errorItem({ resource: 'credits', operation: 'get' });
    expect(json.outcome).toBe('failed');
    expect(elsewhere.received).toHaveLength(0);
  });

  it('a read redirected on its own origin is followed with the key', async () => {
    service.script = (r) => (r.path === '/v2/credits' ? { status: 301, headers: { location: '/v2/credits-here' } } : ok({ balance: 9 }));
    const [item] = await executeNode({ parameters: { resource: 'credits', operation: 'get' }, credentials: credentials() });
    expect(item.json).toMatchObject({ balance: 9 });
    expect(service.received.map((r) => r.headers.token)).toEqual([KEY, KEY]);
  });
});

describe('answers', () => {
  it.each(['null', '', '[]', '0', 'true'])('a send answered 200 %j: unknown, never a TypeError', async (body) => {
    service.script = () => ({ status: 200, body });
    const json = await errorItem(sendEmail);
    expect(json.outcome).toBe('unknown');
    expect(String(json.error)).not.toMatch(/Cannot read properties/);
    expect(service.count('/v2/emails/send')).toBe(1);
  });

  it('success: false at 200: failed, with the service own message', async () => {
    service.script = () => ({ status: 200, body: { success: false, message: 'Email not sent: mailbox disconnected' } });
    const json = await errorItem(sendEmail);
    expect(json.outcome).toBe('failed');
    expect(String(json.error)).toContain('Email not sent: mailbox disconnected');
    expect(String(json.error)).not.toMatch(/carried out/);
  });

  it('a contactId beyond 2^53 sent as a JSON number reaches the item as its exact digits', async () => {
    service.script = () => ({ status: 201, body: '{"success":true,"data":{"emailId":"e1","status":"SCHEDULED","contactId":18446744073709551617}}' });
    const [item] = await executeNode({ parameters: sendEmail, credentials: credentials() });
    expect(item.json.contactId).toBe('18446744073709551617');
  });

  it('a 10,000,000-character error message is capped, saying how long it was', async () => {
    service.script = () => ({ status: 400, body: { message: 'z'.repeat(10_000_000) } });
    const json = await errorItem({ resource: 'credits', operation: 'get' });
    expect(String(json.error).length).toBeLessThan(2_500);
    expect(String(json.error)).toContain('10000000 characters');
  });
});

describe('429 without a usable reset', () => {
  it('"abc": the waits grow (about 5 requests in 12 s, not 10), until the execution is cancelled', async () => {
    service.script = () => ({ status: 429, headers: { 'x-ratelimit-reset': 'abc' }, body: { message: 'slow down' } });
    // n8n waits in real time (5 minutes at most); the execution is cancelled after 12 s and the requests counted.
    await executeNode({ parameters: { resource: 'credits', operation: 'get' }, credentials: credentials(), abortSignal: AbortSignal.timeout(12_000) }).catch(
      (e: unknown) => e,
    );
    expect(service.received.length).toBeGreaterThanOrEqual(3);
    expect(service.received.length).toBeLessThanOrEqual(6);
  }, 60_000);
});

describe('point 10: messages that do not repeat a sentence', () => {
  const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).map((s) => s.trim().toLowerCase());
  const repeats = (text: string) => sentences(text).filter((s, i, all) => s && all.indexOf(s) !== i);

  it.each([
    [401, { message: 'Invalid token' }],
    [500, { message: 'Internal server error' }],
  ])('%d', async (status, body) => {
    service.script = () => ({ status, body });
    const json = await errorItem({ resource: 'credits', operation: 'get' });
    const shown = `${String(json.error)} ${String(json.hint ?? '')}`;
    expect(repeats(shown)).toEqual([]);
    expect(shown).not.toMatch(/Internal server error\.? Internal server error/i);
  });
});

describe('point 9: the Research Finished trigger', () => {
  it('emits a record whose apiResearchId is not text (a number, an object), skips one without', async () => {
    const at = new Date(Date.now() - 60_000).toISOString();
    const contact = (contactId: string, apiResearchId: unknown) => ({ contactId, fullName: `C ${contactId}`, createdAt: at, updatedAt: at, apiResearchId });
    service.script = (r) =>
      r.path.startsWith('/v1/contacts') && r.path.includes('page=1')
        ? { status: 200, body: { data: [contact('1', 4711), contact('2', { id: 'req-2' }), contact('3', null)] } }
        : { status: 200, body: { data: [] } };
    const out = await pollTrigger({
      parameters: { event: 'researchFinished', recordType: 'contacts', lookbackHours: 24 },
      credentials: credentials(),
      staticData: {},
    });
    expect(out.items!.map((i) => i.json.contactId)).toEqual(['1', '2']);
  });
});
