import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningSandbox } from '../../sandbox/index';
import { admin, call, searchIds, start, until } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

describe('admin API and faults (issue 3)', () => {
  it('admin: state shows organizations and credits; credits can be set', async () => {
    const st = await admin(sb, 'GET', '/state');
    expect(st.body.orgs.map((o: { handle: string }) => o.handle)).toEqual(['A', 'B']);
    await admin(sb, 'PUT', '/credits', { org: 'A', balance: 77 });
    const r = await call('GET', `${sb.v2}/credits`, { key: sb.apiKey });
    expect(r.body.data.balance).toBe(77);
    expect(r.headers.get('x-publicapi-credits')).toBe('77');
    expect((await admin(sb, 'PUT', '/credits', { org: 'Z', balance: 1 })).status).toBe(404);
  });

  it('admin: request counts per endpoint and status', async () => {
    await admin(sb, 'DELETE', '/requests');
    await call('GET', `${sb.v2}/templates`, { key: sb.apiKey });
    await call('GET', `${sb.v2}/templates`);
    const counts = (await admin(sb, 'GET', '/requests')).body.counts;
    expect(counts['GET /v2/templates']).toEqual({ 200: 1, 401: 1 });
  });

  it('faults: the next N requests to an endpoint get 500 {message}', async () => {
    await admin(sb, 'POST', '/faults', { endpoint: 'GET /v2/lists', kind: 'error500', count: 2 });
    const s = [];
    for (let i = 0; i < 3; i++) s.push((await call('GET', `${sb.v2}/lists`, { key: sb.apiKey })).status);
    expect(s).toEqual([500, 500, 200]);
  });

  it('faults: a dropped connection (socket destroyed, no response), then normal service', async () => {
    await admin(sb, 'POST', '/faults', { endpoint: 'GET /v2/templates', kind: 'drop', count: 1 });
    await expect(fetch(`${sb.v2}/templates`, { headers: { token: sb.apiKey } })).rejects.toThrow();
    expect((await call('GET', `${sb.v2}/templates`, { key: sb.apiKey })).status).toBe(200);
    expect((await admin(sb, 'GET', '/requests')).body.counts['GET /v2/templates'].dropped).toBe(1);
  });

  it('faults: a forced 429 carries the rate-limit body and headers; added latency delays the answer', async () => {
    await admin(sb, 'POST', '/faults', { endpoint: 'GET /v2/email-accounts', kind: 'rateLimit429', count: 1 });
    const r = await call('GET', `${sb.v2}/email-accounts`, { key: sb.apiKey });
    expect(r.status).toBe(429);
    expect(r.body.code).toBe('rateLimitExceeded');
    await admin(sb, 'POST', '/faults', { endpoint: 'GET /v2/email-accounts', kind: 'latency', latencyMs: 150, count: 1 });
    const t = Date.now();
    expect((await call('GET', `${sb.v2}/email-accounts`, { key: sb.apiKey })).status).toBe(200);
    expect(Date.now() - t).toBeGreaterThanOrEqual(140);
  });

  it('faults: a seeded share picks the same requests on every run', async () => {
    const run = async () => {
      await admin(sb, 'DELETE', '/faults?seed=5');
      await admin(sb, 'POST', '/faults', { endpoint: 'GET /v2/contact-statuses', kind: 'error500', share: 0.5 });
      const s = [];
      for (let i = 0; i < 12; i++) s.push((await call('GET', `${sb.v2}/contact-statuses`, { key: sb.apiKey })).status);
      await admin(sb, 'DELETE', '/faults');
      return s;
    };
    const a = await run();
    expect(a).toContain(500);
    expect(a).toContain(200);
    expect(await run()).toEqual(a);
  });

  it('admin: latencies are settings', async () => {
    const r = await admin(sb, 'PUT', '/latencies', { queuedMs: 10, researchingMs: 20 });
    expect(r.body).toEqual({ queuedMs: 10, researchingMs: 20 });
    await admin(sb, 'PUT', '/latencies', { queuedMs: 80, researchingMs: 150 });
  });
});

describe('webhooks (spec 6; public reference: webhooks; DECISIONS: webhooks)', () => {
  let receiver: Server;
  let url: string;
  const received: { headers: IncomingHttpHeaders; body: any }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  let failuresLeft = 2;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(text) });
        res.writeHead(failuresLeft-- > 0 ? 503 : 200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  it('6: contact-researched delivers the bare record with apiResearchId and the secret header, retried with backoff on non-2xx', async () => {
    await admin(sb, 'PUT', '/credits', { org: 'A', balance: 100 });
    const hook = await admin(sb, 'POST', '/webhooks', { org: 'A', url, secret: 's3cret', secretHeader: 'X-Hook-Secret', events: ['contact-researched'] });
    expect(hook.status).toBe(200);
    const ids = await searchIds(sb, sb.apiKey, { seniority: ['C-Level'] }, 1);
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids, skipDeduplicationCheck: true } });
    const deliveries = await until(
      async () => (await admin(sb, 'GET', '/webhooks/deliveries')).body,
      (d) => d.some((x: { state: string }) => x.state === 'delivered'),
      8000,
    );
    const d = deliveries.find((x: { apiResearchId: string }) => x.apiResearchId === r.body.requestIds[0]);
    expect(d.state).toBe('delivered');
    expect(d.attempts.map((a: { status: number }) => a.status)).toEqual([503, 503, 200]);
    expect(received).toHaveLength(3);
    expect(received[2].headers['x-hook-secret']).toBe('s3cret');
    // Issue 15: the service publishes no event header; the receiver reads the event from the record.
    expect(received[2].headers).not.toHaveProperty('x-webhook-event');
    expect(received[2].body.apiResearchId).toBe(r.body.requestIds[0]);
    expect(received[2].body).not.toHaveProperty('data');
    expect(received[2].body.contactId).toMatch(/^\d+$/);
  });

  it('DECISIONS: a receiver that keeps failing is tried at most maxAttempts times', async () => {
    failuresLeft = 100;
    const before = received.length;
    const ids = await searchIds(sb, sb.apiKey, { seniority: ['VP'] }, 1);
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids, skipDeduplicationCheck: true } });
    const deliveries = await until(
      async () => (await admin(sb, 'GET', '/webhooks/deliveries')).body,
      (d) => d.some((x: { apiResearchId: string; state: string }) => x.apiResearchId === r.body.requestIds[0] && x.state === 'failed'),
      8000,
    );
    const d = deliveries.find((x: { apiResearchId: string }) => x.apiResearchId === r.body.requestIds[0]);
    expect(d.attempts).toHaveLength(5);
    expect(received.length - before).toBe(5);
  });
});
