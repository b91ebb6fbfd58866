/** Spec 8 "Response headers (any response)": the rate-limit headers on every kind of answer, per organization. */
import type { RunningSandbox } from '../../sandbox/index';
import { admin, call, start, type Reply } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start({ config: { limits: { maxBodyBytes: 10_000 } } });
});
afterAll(() => sb.close());

function expectRateHeaders(r: Reply): void {
  expect(Number(r.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
  expect(r.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  expect(Number(r.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
}

describe('spec 8: X-RateLimit-* and X-PublicAPI-Credits on any response', () => {
  it('8: a 404 (no route) and a 405 (wrong method) with a valid key carry all four headers', async () => {
    const notFound = await call('GET', `${sb.v2}/no-such-thing`, { key: sb.apiKey });
    expect(notFound.status).toBe(404);
    expectRateHeaders(notFound);
    expect(notFound.headers.get('x-publicapi-credits')).toMatch(/^\d+$/);
    const wrongMethod = await call('PATCH', `${sb.v2}/lists`, { key: sb.apiKey });
    expect(wrongMethod.status).toBe(405);
    expectRateHeaders(wrongMethod);
    expect(wrongMethod.headers.get('x-publicapi-credits')).toMatch(/^\d+$/);
  });

  it('1.6 / 8: a keyed 404 counts in the organization window, shared by its users (not in a per-address one)', async () => {
    const bob = sb.fixtures.users.find((u) => u.email.startsWith('bob'))!.apiKey;
    const a = await call('GET', `${sb.v2}/missing-route-x`, { key: sb.apiKey });
    const b = await call('GET', `${sb.v2}/missing-route-x`, { key: bob });
    expect(Number(a.headers.get('x-ratelimit-remaining')) - Number(b.headers.get('x-ratelimit-remaining'))).toBe(1);
    // Organization B's first unrouted request: its own fresh window.
    const other = await call('GET', `${sb.v2}/missing-route-x`, { key: sb.apiKeyB });
    expect(other.headers.get('x-ratelimit-remaining')).toBe('59');
  });

  it('8: 413 (body too large) and 415 (not JSON) carry the headers', async () => {
    const big = await call('POST', `${sb.v2}/lists`, { key: sb.apiKey, body: { name: 'x'.repeat(20_000) } });
    expect(big.status).toBe(413);
    expectRateHeaders(big);
    expect(big.headers.get('x-publicapi-credits')).toMatch(/^\d+$/);
    const text = await call('POST', `${sb.v2}/lists`, { key: sb.apiKey, rawBody: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expectRateHeaders(text);
  });

  it('5.1 / 8: the both-headers 400 and a 401 carry the rate-limit headers', async () => {
    const both = await call('GET', `${sb.v2}/lists`, { key: sb.apiKey, bearer: 'at_x' });
    expect(both.status).toBe(400);
    expectRateHeaders(both);
    const none = await call('GET', `${sb.v2}/lists`);
    expect(none.status).toBe(401);
    expectRateHeaders(none);
  });

  it('7.1 / 8: a 429 carries limit, remaining, reset and the credits', async () => {
    await admin(sb, 'POST', '/faults', { endpoint: 'GET /v2/templates', kind: 'rateLimit429', count: 1 });
    const r = await call('GET', `${sb.v2}/templates`, { key: sb.apiKey });
    expect(r.status).toBe(429);
    expectRateHeaders(r);
    expect(r.headers.get('x-publicapi-credits')).toMatch(/^\d+$/);
  });

  it('DECISIONS: the admin API is not part of the service: no rate-limit headers, never counted', async () => {
    const r = await admin(sb, 'GET', '/orgs');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ratelimit-limit')).toBeNull();
  });
});
