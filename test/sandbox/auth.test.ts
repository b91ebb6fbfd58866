import type { RunningSandbox } from '../../sandbox/index';
import { call, start } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

describe('authentication (spec 5)', () => {
  it('5 / table: an API key in the Token header authenticates v1 and v2', async () => {
    expect((await call('GET', `${sb.v2}/contact-statuses`, { key: sb.apiKey })).status).toBe(200);
    expect((await call('GET', `${sb.v1}/contacts/research/poll?requestIds=x`, { key: sb.apiKey })).status).toBe(200);
  });

  it('5.6: a missing credential is 401 with {message}', async () => {
    for (const url of [`${sb.v2}/lists`, `${sb.v1}/contacts/research/poll?requestIds=x`]) {
      const r = await call('GET', url);
      expect(r.status).toBe(401);
      expect(typeof r.body.message).toBe('string');
    }
  });

  it('5.6: an invalid API key or bearer token is 401 with {message}', async () => {
    const a = await call('GET', `${sb.v2}/lists`, { key: 'pk_nope' });
    expect(a.status).toBe(401);
    expect(a.body.message).toMatch(/API key/);
    const b = await call('GET', `${sb.v2}/lists`, { bearer: 'at_nope' });
    expect(b.status).toBe(401);
    expect(b.body.message).toMatch(/access token/i);
    const c = await call('GET', `${sb.v2}/lists`, { headers: { authorization: 'Basic abc' } });
    expect(c.status).toBe(401);
  });

  it('5.1: sending both the Token and the Authorization header is 400', async () => {
    const r = await call('GET', `${sb.v2}/lists`, { key: sb.apiKey, bearer: 'whatever' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/not both/);
  });

  it('8 / headers: a 401 still carries the rate-limit headers, without X-PublicAPI-Credits (org unknown)', async () => {
    const r = await call('GET', `${sb.v2}/lists`);
    expect(r.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(r.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(r.headers.get('x-ratelimit-reset')).not.toBeNull();
    expect(r.headers.get('x-publicapi-credits')).toBeNull();
  });

  it('5.7: the MCP endpoint accepts the API key and refuses a missing one with 401', async () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    expect((await call('POST', sb.mcp, { key: sb.apiKey, body })).status).toBe(200);
    const r = await call('POST', sb.mcp, { body });
    expect(r.status).toBe(401);
    expect(typeof r.body.message).toBe('string');
  });

  it('5.9: every user of organization A has a working key of its own', async () => {
    const a = sb.fixtures.users.filter((u) => u.org === 'A');
    expect(a.length).toBeGreaterThanOrEqual(2);
    for (const u of a) {
      const r = await call('GET', `${sb.v2}/oauth/me`, { key: u.apiKey });
      expect(r.status).toBe(200);
      expect(r.body.email).toBe(u.email);
    }
  });
});
