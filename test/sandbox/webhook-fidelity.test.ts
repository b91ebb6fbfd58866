/** Webhook retries: bounded, with exponential backoff, secret header on every attempt (spec 6; public reference; DECISIONS). */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningSandbox } from '../../sandbox/index';
import { admin, call, searchIds, start, until } from './helpers';

const BASE = 40;
let sb: RunningSandbox;
let receiver: Server;
let url: string;
const hits: { at: number; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  sb = await start({ config: { webhooks: { backoffBaseMs: BASE, maxAttempts: 4, timeoutMs: 1000 } } });
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push({ at: Date.now(), headers: req.headers });
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await sb.close();
  await new Promise<void>((r) => receiver.close(() => r()));
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const deliveriesFor = async (id: string): Promise<any> =>
  (await admin(sb, 'GET', '/webhooks/deliveries')).body.find((d: { apiResearchId: string }) => d.apiResearchId === id);

describe('webhook delivery retries', () => {
  it('6 / DECISIONS: a failing receiver gets maxAttempts tries, spaced by at least base, 2*base, 4*base; secret header each time', async () => {
    const hook = await admin(sb, 'POST', '/webhooks', { org: 'A', url, secret: 'shh', events: ['contact-researched'] });
    expect(hook.status).toBe(200);
    const ids = await searchIds(sb, sb.apiKey, { seniority: ['VP'] }, 1);
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids } });
    const d = await until(
      () => deliveriesFor(r.body.requestIds[0]),
      (x) => x?.state === 'failed',
      8000,
    );
    expect(d.state).toBe('failed');
    expect(d.attempts).toHaveLength(4);
    expect(hits).toHaveLength(4);
    for (const h of hits) expect(h.headers['x-webhook-secret']).toBe('shh');
    const gaps = hits.slice(1).map((h, i) => h.at - hits[i].at);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(BASE * 2 ** i - 5));
    // Nothing more arrives once the attempts are used up, and no retry timer is left behind.
    await new Promise((res) => setTimeout(res, BASE * 8));
    expect(hits).toHaveLength(4);
    expect((await admin(sb, 'GET', '/state')).body.timers).toBe(0);
    await admin(sb, 'DELETE', `/webhooks/${hook.body.webhookId}`);
  });

  it('DECISIONS: a connection failure counts as a failed attempt and is retried within the same bound', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}/gone`;
    await new Promise<void>((r) => dead.close(() => r()));
    const hook = await admin(sb, 'POST', '/webhooks', { org: 'A', url: deadUrl, secret: 's', events: ['contact-researched'] });
    const ids = await searchIds(sb, sb.apiKey, { seniority: ['Director'] }, 1);
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids } });
    const d = await until(
      () => deliveriesFor(r.body.requestIds[0]),
      (x) => x?.state === 'failed',
      8000,
    );
    expect(d.attempts).toHaveLength(4);
    for (const a of d.attempts) expect(a.status).toBeNull();
    await admin(sb, 'DELETE', `/webhooks/${hook.body.webhookId}`);
  });

  it('admin: a webhook URL that is not an absolute http(s) URL is refused at registration', async () => {
    for (const bad of ['not a url', 'ftp://x.example/hook', '/relative']) {
      const r = await admin(sb, 'POST', '/webhooks', { org: 'A', url: bad, secret: 's' });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(/^url: /);
    }
  });
});
