/**
 * Issue 9 (bulk research in a real n8n) and issue 15 (webhooks): the sandbox sends webhooks like a real
 * sender: a small pool of deliveries in flight, retries spaced by exponential backoff over minutes on the
 * sandbox clock, and only the bare record with the secret header.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningSandbox } from '../../sandbox/index';
import { admin, call, searchIds, start, until } from './helpers';

let sb: RunningSandbox;
let receiver: Server;
let url: string;
let open = 0;
let peak = 0;
/** Per apiResearchId: how many times the receiver should still answer 503. */
const failFirst = new Map<string, number>();
const hits: { at: number; headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  sb = await start({
    config: { research: { queuedMs: 20, researchingMs: 30 }, webhooks: { concurrency: 3, backoffBaseMs: 60_000, backoffMaxMs: 600_000, timeoutMs: 2000 } },
  });
  await admin(sb, 'PUT', '/credits', { org: 'A', balance: 500 });
  receiver = createServer((req, res) => {
    open++;
    peak = Math.max(peak, open);
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      hits.push({ at: Date.now(), headers: req.headers, body });
      const left = failFirst.get(body.apiResearchId as string) ?? 0;
      failFirst.set(body.apiResearchId as string, left - 1);
      // Hold each answer a little, as a busy receiver does, so a burst would overlap.
      setTimeout(() => {
        open--;
        res.writeHead(left > 0 ? 503 : 200).end();
      }, 15);
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
const deliveries = async (): Promise<any[]> => (await admin(sb, 'GET', '/webhooks/deliveries')).body;

describe('webhook sender', () => {
  it('a burst of 60 research is delivered through at most `concurrency` requests in flight, each once', async () => {
    const hook = await admin(sb, 'POST', '/webhooks', { org: 'A', url, secret: 'burst', events: ['contact-researched'] });
    const ids = await searchIds(sb, sb.apiKey, {}, 60);
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids } });
    expect(r.status).toBe(202);
    // Every research that ends `done` is delivered (a `not found` one has no record to send).
    const done = await until(
      async () => (await call('GET', `${sb.v1}/contacts/research/poll?requestIds=${r.body.requestIds.join(',')}`, { key: sb.apiKey })).body.data,
      (d: { status: string }[]) => d.every((x) => !['queued', 'researching'].includes(x.status)),
      5000,
    );
    const doneCount = done.filter((x: { status: string }) => x.status === 'done').length;
    expect(doneCount).toBeGreaterThan(50);
    const all = await until(deliveries, (d) => d.filter((x) => x.state === 'delivered').length === doneCount, 15_000);
    expect(all.filter((x) => x.state === 'delivered')).toHaveLength(doneCount);
    expect(all).toHaveLength(doneCount);
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(3);
    expect((await admin(sb, 'GET', '/state')).body.webhookQueue).toMatchObject({ ready: 0, waiting: 0, inFlight: 0, concurrency: 3 });
    expect(new Set(hits.map((h) => h.body.apiResearchId)).size).toBe(doneCount);
    expect(hits).toHaveLength(doneCount);
    await admin(sb, 'DELETE', `/webhooks/${hook.body.webhookId}`);
  });

  it('issue 15: a delivery carries only the bare record and the secret header (no unpublished event header)', () => {
    const h = hits[0].headers;
    expect(h['x-webhook-secret']).toBe('burst');
    expect(Object.keys(h).filter((k) => k.startsWith('x-'))).toEqual(['x-webhook-secret']);
    expect(hits[0].body).toHaveProperty('contactId');
    expect(hits[0].body).not.toHaveProperty('data');
    expect(hits[0].body).not.toHaveProperty('event');
  });

  it('retries wait for exponential backoff over minutes on the sandbox clock (60 s, then 120 s), not all at once', async () => {
    const hook = await admin(sb, 'POST', '/webhooks', { org: 'A', url, secret: 'retry', events: ['contact-researched'] });
    const ids = await searchIds(sb, sb.apiKey, { seniority: ['Director'] }, 3);
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids, skipDeduplicationCheck: true } });
    const requestIds: string[] = r.body.requestIds;
    for (const id of requestIds) failFirst.set(id, 2);
    const mine = async () => (await deliveries()).filter((d) => d.webhookId === hook.body.webhookId);
    let d = await until(mine, (x) => x.length === 3 && x.every((y) => y.attempts.length === 1), 5000);
    expect(d.map((x) => x.state)).toEqual(['pending', 'pending', 'pending']);
    expect((await admin(sb, 'GET', '/state')).body.webhookQueue.waiting).toBe(3);
    // Real time alone brings no retry for a minute.
    await new Promise((res) => setTimeout(res, 300));
    expect((await mine()).every((x) => x.attempts.length === 1)).toBe(true);

    await admin(sb, 'POST', '/clock', { advanceMs: 59_000 });
    await new Promise((res) => setTimeout(res, 200));
    expect((await mine()).every((x) => x.attempts.length === 1)).toBe(true);
    await admin(sb, 'POST', '/clock', { advanceMs: 1_000 });
    d = await until(mine, (x) => x.every((y) => y.attempts.length === 2), 5000);
    expect(d.every((x) => x.attempts[1].status === 503)).toBe(true);

    await admin(sb, 'POST', '/clock', { advanceMs: 119_000 });
    await new Promise((res) => setTimeout(res, 200));
    expect((await mine()).every((x) => x.attempts.length === 2)).toBe(true);
    await admin(sb, 'POST', '/clock', { advanceMs: 1_000 });
    d = await until(mine, (x) => x.every((y) => y.state === 'delivered'), 5000);
    expect(d.map((x) => x.attempts.map((a: { status: number }) => a.status))).toEqual([
      [503, 503, 200],
      [503, 503, 200],
      [503, 503, 200],
    ]);
    const gaps = d.map((x) => Date.parse(x.attempts[2].at) - Date.parse(x.attempts[1].at));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(120_000);
    await admin(sb, 'DELETE', `/webhooks/${hook.body.webhookId}`);
  });

  it('a deleted webhook receives nothing more: its waiting retries are dropped', async () => {
    const hook = await admin(sb, 'POST', '/webhooks', { org: 'A', url, secret: 'gone', events: ['contact-researched'] });
    const ids = await searchIds(sb, sb.apiKey, { seniority: ['VP'] }, 1);
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids, skipDeduplicationCheck: true } });
    failFirst.set(r.body.requestIds[0], 5);
    await until(deliveries, (x) => x.some((y) => y.webhookId === hook.body.webhookId && y.attempts.length === 1), 5000);
    await admin(sb, 'DELETE', `/webhooks/${hook.body.webhookId}`);
    const before = hits.length;
    await admin(sb, 'POST', '/clock', { advanceMs: 3_600_000 });
    await new Promise((res) => setTimeout(res, 200));
    expect(hits.length).toBe(before);
    expect((await deliveries()).find((y) => y.webhookId === hook.body.webhookId).state).toBe('dropped');
    expect((await admin(sb, 'GET', '/state')).body.webhookQueue).toMatchObject({ ready: 0, waiting: 0, inFlight: 0 });
  });
});
