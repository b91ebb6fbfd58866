import type { RunningSandbox } from '../../sandbox/index';
import { admin, call, start } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start({ config: { rateLimit: { endpoints: { 'GET /v2/lists': 3 }, orgs: { B: { endpoints: { 'GET /v2/lists': 5 } } } } } });
});
afterAll(() => sb.close());

const bob = () => sb.fixtures.users.find((u) => u.email.startsWith('bob'))!.apiKey;

describe('rate limits (spec 8, 7.1; DECISIONS: rate-limit windows)', () => {
  it('8 / headers: every response carries X-RateLimit-Limit, -Remaining, -Reset (epoch s) and X-PublicAPI-Credits', async () => {
    const r = await call('GET', `${sb.v2}/contact-statuses`, { key: sb.apiKey });
    expect(r.headers.get('x-ratelimit-limit')).toBe('60');
    expect(r.headers.get('x-ratelimit-remaining')).toBe('59');
    const reset = Number(r.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
    expect(Number(r.headers.get('x-publicapi-credits'))).toBeGreaterThan(0);
    const err = await call('GET', `${sb.v2}/lists/999999`, { key: sb.apiKey });
    expect(err.status).toBe(404);
    expect(err.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(err.headers.get('x-publicapi-credits')).not.toBeNull();
  });

  it('1.6 / 8: the window is per organization, shared by all its keys and users; 429 has {message, code: rateLimitExceeded}', async () => {
    const a1 = await call('GET', `${sb.v2}/lists`, { key: sb.apiKey });
    const a2 = await call('GET', `${sb.v2}/lists`, { key: bob() });
    const a3 = await call('GET', `${sb.v2}/lists`, { key: sb.apiKey });
    expect([a1, a2, a3].map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0']);
    const over = await call('GET', `${sb.v2}/lists`, { key: bob() });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'rateLimitExceeded' });
    expect(typeof over.body.message).toBe('string');
    expect(over.headers.get('retry-after')).toBeNull();
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    // Organization B has its own window (and its own custom limit).
    const b = await call('GET', `${sb.v2}/lists`, { key: sb.apiKeyB });
    expect(b.status).toBe(200);
    expect(b.headers.get('x-ratelimit-limit')).toBe('5');
  });

  it('8: each endpoint has its own window (an exhausted one does not affect another)', async () => {
    const r = await call('GET', `${sb.v2}/templates`, { key: sb.apiKey });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('59');
  });

  it('DECISIONS: two ids of the same route share one endpoint window', async () => {
    const x = await call('GET', `${sb.v2}/saved-searches/aaa`, { key: sb.apiKey });
    const y = await call('GET', `${sb.v2}/saved-searches/bbb`, { key: sb.apiKey });
    expect(Number(x.headers.get('x-ratelimit-remaining')) - Number(y.headers.get('x-ratelimit-remaining'))).toBe(1);
  });

  it('8 / custom rates: the token routes default to 30', async () => {
    const r = await call('POST', `${sb.v2}/oauth/accessToken`, {
      body: {
        client_id: sb.oauth.clientId,
        client_secret: sb.oauth.clientSecret,
        redirect_uri: sb.oauth.redirectUri,
        grant_type: 'refresh_token',
        refresh_token: 'x',
      },
    });
    expect(r.status).toBe(400);
    expect(r.headers.get('x-ratelimit-limit')).toBe('30');
    expect(r.headers.get('x-publicapi-credits')).not.toBeNull();
  });

  it('7.1 / DECISIONS: a 429 does not consume; after X-RateLimit-Reset the window is fresh (windowMs compressed)', async () => {
    await admin(sb, 'PUT', '/rate-limits', { windowMs: 1000, endpoints: { 'GET /v2/email-accounts': 2 } });
    let statuses: number[] = [];
    let reset = 0;
    // Start at the beginning of a window so all four calls fall in the same one.
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
    for (let i = 0; i < 4; i++) {
      const r = await call('GET', `${sb.v2}/email-accounts`, { key: sb.apiKey });
      statuses.push(r.status);
      reset = Number(r.headers.get('x-ratelimit-reset'));
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    await new Promise((r) => setTimeout(r, Math.max(0, reset * 1000 - Date.now()) + 5));
    statuses = [];
    const r = await call('GET', `${sb.v2}/email-accounts`, { key: sb.apiKey });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('1');
    const counts = (await admin(sb, 'GET', '/requests')).body.counts['GET /v2/email-accounts'];
    expect(counts).toEqual({ 200: 3, 429: 2 });
    await admin(sb, 'PUT', '/rate-limits', { windowMs: 60000 });
  });
});
