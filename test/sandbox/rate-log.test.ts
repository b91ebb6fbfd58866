import type { RateLogRow } from '../../sandbox/admin';
import type { RunningSandbox } from '../../sandbox/index';
import { admin, call, start } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start({ config: { rateLimit: { endpoints: { 'GET /v2/lists': 2 } } } });
});
afterAll(() => sb.close());

describe('admin: the rate-limit log (requests and 429s per window, endpoint and organization)', () => {
  it('counts what each window let through and refused, beside its limit; ?org= narrows it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call('GET', `${sb.v2}/lists`, { key: sb.apiKey })).status);
    await call('GET', `${sb.v2}/lists`, { key: sb.apiKeyB });
    const log = (await admin(sb, 'GET', '/rate-limits/log?org=A')).body as unknown as RateLogRow[];
    const lists = log.filter((r) => r.endpoint === 'GET /v2/lists');
    expect(lists.every((r) => r.org === 'A' && r.limit === 2 && r.allowed <= 2 && !Number.isNaN(Date.parse(r.windowStart)))).toBe(true);
    // Five requests, in one window or (crossing a boundary) two: every one is counted once, as let through or refused.
    expect(lists.reduce((n, r) => n + r.allowed, 0)).toBe(statuses.filter((s) => s === 200).length);
    expect(lists.reduce((n, r) => n + r.refused, 0)).toBe(statuses.filter((s) => s === 429).length);
    const all = (await admin(sb, 'GET', '/rate-limits/log')).body as unknown as { org: string }[];
    expect(all.some((r) => r.org === 'B')).toBe(true);
  });
});
