/**
 * Issue 30 "every byte on the wire", the core against a scripted fake service on loopback (real sockets, Node fetch):
 * redirects, odd 2xx answers, `success: false`, 429s without a usable reset, token expiry on our clock, capped error
 * texts and exact big ids. The MCP transport has its own file (wire-mcp.test.ts).
 */
import {
  call,
  callWithWarnings,
  catalogue,
  connectWithCode,
  createClient,
  operation,
  ProspectingError,
  runAsync,
  UNKNOWN_OUTCOME_TEXT,
  type AsyncHost,
} from '../../shared';
import { memoryStore } from '../../shared/drivers/memory';
import { nodeFetchHost } from '../../shared/hosts/node-fetch';
import { originOf, resolveLocation } from '../../shared/flow/redirect';
import { operationInputs } from '../support/malformed-inputs';
import { ok, startLoopbackService, type LoopbackService, type Received } from '../support/loopback-service';

const KEY = 'wire_key_Q7v2Lm9Xp4Rt8Zy3';
let service: LoopbackService;
let elsewhere: LoopbackService;

beforeAll(async () => {
  service = await startLoopbackService(() => ({ status: 500 }));
  elsewhere = await startLoopbackService(() => ok({ balance: 1 }));
});
afterAll(async () => {
  await service.close();
  await elsewhere.close();
});
beforeEach(() => {
  service.received.length = 0;
  elsewhere.received.length = 0;
});

/** Node fetch on loopback with a virtual clock: a wait costs no real time. */
function virtualHost(startMs = Date.UTC(2026, 10, 27, 12)): AsyncHost & { clock: { ms: number } } {
  const clock = { ms: startMs };
  return { ...nodeFetchHost({ sleep: async (ms) => void (clock.ms += ms), now: () => clock.ms, store: memoryStore() }), clock };
}

const apiKeyClient = (settings: Record<string, unknown> = {}) =>
  createClient({
    auth: { type: 'apiKey', apiKey: KEY },
    random: () => 0.5,
    settings: { baseUrlV1: `${service.origin}/v1`, baseUrlV2: `${service.origin}/v2`, retryBackoffMs: 1, ...settings },
  });

async function failure(run: Promise<unknown>): Promise<ProspectingError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  if (!error) throw new Error('expected a failure');
  return error as ProspectingError;
}

const SEND = { contactId: 1, from: 'me@example.com', to: 'ana@example.org', subject: 'Hi', body: 'Hello' };

describe('redirects: the credential never leaves the origin, an unsafe request is never repeated', () => {
  it('emails.send meeting a 307 to another origin: not followed, sent once, outcome unknown', async () => {
    service.script = () => ({ status: 307, headers: { location: `${elsewhere.origin}/v2/emails/send` } });
    const error = await failure(runAsync(call(apiKeyClient(), operation('emails.send'), SEND), virtualHost()));
    expect(error).toBeInstanceOf(ProspectingError);
    expect(error.outcome).toBe('unknown');
    expect(error.message).toContain(UNKNOWN_OUTCOME_TEXT);
    expect(error.message).toMatch(/another origin .*not followed/);
    expect(service.count('/v2/emails/send')).toBe(1);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('a safe read redirected to another origin: not followed, failed, the key stays home', async () => {
    service.script = () => ({ status: 302, headers: { location: `${elsewhere.origin}/v2/credits` } });
    const error = await failure(runAsync(call(apiKeyClient(), operation('credits.get'), {}), virtualHost()));
    expect(error.outcome).toBe('failed');
    expect(elsewhere.received).toHaveLength(0);
    expect(JSON.stringify(error)).not.toContain(KEY);
  });

  it('a userinfo trick (http://<our host>@<other host>) is another origin', () => {
    expect(originOf(`http://127.0.0.1:1@evil.test/v2`)).not.toBe(originOf('http://127.0.0.1:1/v2'));
    expect(resolveLocation('https://a.test/v2/x?y=1', 'z')).toBe('https://a.test/v2/z');
    expect(resolveLocation('https://a.test/v2/x', '//b.test/p')).toBe('https://b.test/p');
    expect(resolveLocation('https://a.test/v2/x', '/v2/p')).toBe('https://a.test/v2/p');
  });

  it('a safe read redirected on its own origin is followed, signed again', async () => {
    service.script = (r) => (r.path === '/v2/credits' ? { status: 302, headers: { location: '/v2/credits-moved' } } : ok({ balance: 42 }));
    const out = await runAsync(call(apiKeyClient(), operation('credits.get'), {}), virtualHost());
    expect(out).toMatchObject({ balance: 42 });
    expect(service.received.map((r) => [r.path, r.headers.token])).toEqual([
      ['/v2/credits', KEY],
      ['/v2/credits-moved', KEY],
    ]);
  });

  it('a send redirected on its own origin is not sent again: unknown', async () => {
    service.script = (r) => (r.path === '/v2/emails/send' ? { status: 308, headers: { location: '/v2/emails/send2' } } : ok({}));
    const error = await failure(runAsync(call(apiKeyClient(), operation('emails.send'), SEND), virtualHost()));
    expect(error.outcome).toBe('unknown');
    expect(service.received).toHaveLength(1);
  });

  it('a redirect loop on a safe read stops after a few hops', async () => {
    service.script = () => ({ status: 302, headers: { location: '/v2/credits' } });
    const error = await failure(runAsync(call(apiKeyClient(), operation('credits.get'), {}), virtualHost()));
    expect(error.message).toMatch(/after 3 redirects/);
    expect(service.received).toHaveLength(4);
  });
});

/** The operation's own request (method and path template), not a look-up made before it. */
const isTarget = (op: { method: string; path: string; version: string }, r: Received) =>
  r.method === op.method && new RegExp(`/${op.version}${op.path.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?|$)`).test(r.path);

describe('odd 2xx answers on unsafe operations end unknown, never in a TypeError', () => {
  const ids = [
    'campaigns.create',
    'campaigns.clone',
    'campaigns.action',
    'campaigns.addContacts',
    'campaignSteps.create',
    'campaignSteps.action',
    'emails.send',
    'emails.sendDraft',
    'emails.createDraft',
    'emails.sendBulk',
    'templates.create',
    'lists.create',
    'savedSearches.create',
    'tasks.create',
    'tasks.action',
    'calls.log',
  ].filter((id) => catalogue.some((op) => op.id === id) && operationInputs[id]);

  it('covers the 16 operations the issue names', () => expect(ids).toHaveLength(16));

  describe.each(['null', '', '[]', '0', 'true'])('a 200 whose body is %j', (body) => {
    it.each(ids)('%s', async (id) => {
      const op = operation(id as never);
      service.script = (r) => (isTarget(op, r) ? { status: 200, body } : ok({ features: {} }));
      const error = await failure(runAsync(call(apiKeyClient(), op, operationInputs[id].bases[0]), virtualHost()));
      expect(error).toBeInstanceOf(ProspectingError);
      expect(error.outcome).toBe('unknown');
      expect(error.message).not.toMatch(/Cannot read properties/);
      expect(service.received.filter((r) => isTarget(op, r))).toHaveLength(1);
    });
  });
});

it('emails.send answered {} at 200 (no result at all): unknown, not "carried out"', async () => {
  service.script = () => ({ status: 200, body: {} });
  const error = await failure(runAsync(call(apiKeyClient(), operation('emails.send'), SEND), virtualHost()));
  expect(error.outcome).toBe('unknown');
  expect(error.message).not.toMatch(/carried out; do not repeat/);
});

describe('success: false at 2xx', () => {
  const said = 'Email not sent: mailbox disconnected';
  beforeEach(() => (service.script = () => ({ status: 200, body: { success: false, message: said } })));

  it('call() fails with the service own message, outcome failed', async () => {
    const error = await failure(runAsync(call(apiKeyClient(), operation('emails.send'), SEND), virtualHost()));
    expect(error.outcome).toBe('failed');
    expect(error.message).toContain(said);
    expect(error.serviceMessage).toBe(said);
    expect(error.message).not.toMatch(/carried out/);
  });

  it('callWithWarnings() never says "carried out"', async () => {
    const error = await failure(runAsync(callWithWarnings(apiKeyClient(), operation('emails.send'), SEND), virtualHost()));
    expect(error.message).toContain(said);
    expect(error.message).not.toMatch(/carried out|do not repeat/);
  });
});

describe('429 without a usable reset: a bounded backoff, a message saying what was seen', () => {
  it.each([
    ['no reset', undefined],
    ['"abc"', 'abc'],
    ['"-5"', '-5'],
    ['a reset in the past', String(Math.floor(Date.UTC(2026, 10, 27, 11) / 1000))],
  ])('%s: at most 20 requests in 5 minutes, then a clear error', async (_name, reset) => {
    const headers: Record<string, string> = reset === undefined ? {} : { 'x-ratelimit-reset': reset };
    service.script = () => ({ status: 429, headers, body: { message: 'slow down' } });
    const host = virtualHost();
    const start = host.clock.ms;
    const error = await failure(runAsync(call(apiKeyClient(), operation('credits.get'), {}), host));
    expect(host.clock.ms - start).toBeLessThanOrEqual(5 * 60_000);
    expect(service.received.length).toBeLessThanOrEqual(20);
    expect(service.received.length).toBeGreaterThan(3);
    expect(error.message).not.toMatch(/later than the longest wait allowed/);
    expect(error.message).toMatch(reset === undefined ? /no X-RateLimit-Reset/ : /not a time|already past/);
    if (reset) expect(error.message).toContain(`"${reset}"`);
  });

  it('the waits grow and are jittered (two runs with other random draws wait differently)', async () => {
    service.script = () => ({ status: 429, body: { message: 'slow down' } });
    const waits: number[][] = [];
    for (const random of [0, 0.99]) {
      service.received.length = 0;
      const host = virtualHost();
      const seen: number[] = [];
      const sleep = host.sleep;
      host.sleep = async (ms) => void (seen.push(ms), await sleep(ms));
      const client = createClient({ auth: { type: 'apiKey', apiKey: KEY }, random: () => random, settings: { baseUrlV2: `${service.origin}/v2` } });
      await failure(runAsync(call(client, operation('credits.get'), {}), host));
      waits.push(seen);
    }
    expect(waits[0][4]).toBeGreaterThan(waits[0][2]);
    expect(waits[0][4]).not.toBe(waits[1][4]);
  });
});

describe('clocks: token expiry on our clock', () => {
  it('the v1 token form with the service 4 h behind costs no extra refresh (12 calls, 1 token request)', async () => {
    const host = virtualHost();
    const behindMs = 4 * 3600_000;
    let issued = 0;
    service.script = (r) => {
      const serviceNow = host.clock.ms - behindMs;
      const date = new Date(serviceNow).toUTCString();
      if (r.path.endsWith('/oauth/accessToken')) {
        issued++;
        return {
          status: 200,
          headers: { date },
          body: { access_token: `at${issued}`, refresh_token: `rt${issued}`, expires_at: Math.floor(serviceNow / 1000) + 10800 },
        };
      }
      return { status: 200, headers: { date }, body: { success: true, data: { balance: 7 } } };
    };
    const client = createClient({
      auth: { type: 'oauth2', clientId: 'cid', clientSecret: 'csecret', redirectUri: 'https://script.google.com/cb', storeKey: 'tok' },
      random: () => 0,
      settings: { baseUrlV1: `${service.origin}/v1`, baseUrlV2: `${service.origin}/v2` },
    });
    await runAsync(connectWithCode(client, 'code'), host);
    for (let i = 0; i < 12; i++) {
      await runAsync(call(client, operation('credits.get'), {}), host);
      host.clock.ms += 60_000;
    }
    expect(issued).toBe(1);
    expect(service.received.filter((r) => r.headers.authorization === 'Bearer at1')).toHaveLength(12);
  });
});

describe('size: error texts are capped, saying how long the original was', () => {
  const huge = 'x'.repeat(10_000_000);
  it('a 10,000,000-character message in a 400', async () => {
    service.script = () => ({ status: 400, body: { message: huge } });
    const error = await failure(runAsync(call(apiKeyClient(), operation('credits.get'), {}), virtualHost()));
    expect(error.message.length).toBeLessThan(2_500);
    expect(error.message).toContain('10000000 characters');
  });

  it('a 10,000,000-character message with success: false at 200', async () => {
    service.script = () => ({ status: 200, body: { success: false, message: huge } });
    const error = await failure(runAsync(call(apiKeyClient(), operation('emails.send'), SEND), virtualHost()));
    expect(error.message.length).toBeLessThan(2_500);
  });
});

describe('exact ids beyond 2^53', () => {
  it('a contactId sent as a JSON number is read as its exact digits', async () => {
    const body = '{"data":[{"contactId":18446744073709551617,"firstName":"Ana","n":1.5e3}]}';
    service.script = () => ({ status: 200, body });
    const out = (await runAsync(
      call(apiKeyClient(), operation('orgContacts.list'), { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' }),
      virtualHost(),
    )) as { contactId: unknown }[];
    expect(out[0].contactId).toBe('18446744073709551617');
  });
});
