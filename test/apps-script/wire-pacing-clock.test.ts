/**
 * Issue 30 points 5 and 6 in Google Sheets (the harness's UrlFetchApp and Utilities.sleep, which really waits)
 * against a scripted fake service on loopback: a 429 without a usable reset is waited out with growing waits and a
 * message saying what the header said; a token's expiry is counted on our clock (its answer's Date header), so a
 * service clock 4 h behind costs no refresh.
 */
import type { Harness } from '../apps-script-harness';
import { ok, startLoopbackService, type Answer, type LoopbackService, type Received } from '../support/loopback-service';
import { addOnHarness } from './setup';

let service: LoopbackService;
let h: Harness;
let answer: (r: Received) => Answer = () => ok([]);

beforeAll(async () => {
  service = await startLoopbackService((r) => answer(r));
  h = addOnHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
  await service?.close();
});

const me = { status: 200, body: { success: true, email: 'me@acme.test', firstname: 'Ada', lastname: 'L' } };
const lists = (r: Received) => r.path.startsWith('/v2/lists');

describe('429 without a usable reset', () => {
  // A short longest wait (20 s) so the test runs in real time; the rule is the same at the default 5 minutes.
  beforeAll(async () => {
    answer = (r) => (r.path.startsWith('/v2/oauth/me') ? me : r.path.startsWith('/v2/credits') ? ok({ balance: 1 }) : ok([]));
    await h.run('saveConnectionSettings', { baseUrlV1: `${service.origin}/v1`, baseUrlV2: `${service.origin}/v2`, maxRateLimitWaitMs: 20_000 });
    await h.run('connectApiKey', 'sheets_pacing_key_Qw3Er5Ty7');
  }, 60_000);

  it.each([
    ['no reset header', undefined, /no X-RateLimit-Reset/],
    ['a reset of "abc"', 'abc', /"abc".*not a time/],
  ])(
    '%s: growing waits, a few requests, then a message saying what was seen',
    async (_name, reset, said) => {
      const times: number[] = [];
      answer = (r) => {
        if (!lists(r)) return ok([]);
        times.push(Date.now());
        return { status: 429, headers: reset === undefined ? {} : { 'x-ratelimit-reset': reset }, body: { message: 'slow down' } };
      };
      const error = (await h.run('getLists').catch((e: unknown) => e)) as Error;
      expect(error.message).toMatch(said);
      expect(error.message).not.toMatch(/later than the longest wait allowed/);
      // About a second, then doubling (±25 %): 4 to 6 requests in 20 s, where a wait of a second each time made 15 or more.
      expect(times.length).toBeGreaterThanOrEqual(4);
      expect(times.length).toBeLessThanOrEqual(6);
      const gaps = times.slice(1).map((t, i) => t - times[i]);
      expect(gaps[gaps.length - 1]).toBeGreaterThan(gaps[0] * 1.6);
    },
    90_000,
  );
});

describe('token expiry on our clock', () => {
  it('the v1 token form with the service 4 h behind: 12 calls ten minutes apart, within the token’s 3 h, one token request', async () => {
    const behindMs = 4 * 3600_000;
    let issued = 0;
    answer = (r) => {
      const serviceNow = h.clock.now() - behindMs;
      const date = new Date(serviceNow).toUTCString();
      if (r.path.endsWith('/oauth/accessToken')) {
        issued++;
        // The v1 form: only an absolute expiry, on the service's clock (3 h after its now).
        return {
          status: 200,
          headers: { date },
          body: { access_token: `at${issued}`, refresh_token: `rt${issued}`, expires_at: Math.floor(serviceNow / 1000) + 10800 },
        };
      }
      if (r.path.startsWith('/v2/oauth/me')) return { ...me, headers: { date } };
      return { ...ok([]), headers: { date } };
    };
    await h.run('disconnect');
    await h.run('saveConnectionSettings', { baseUrlV1: `${service.origin}/v1`, baseUrlV2: `${service.origin}/v2`, authUrl: `${service.origin}/v2` });
    const { authorizeUrl } = (await h.run('beginOAuthConnection', 'cid', 'csecret')) as { authorizeUrl: string };
    const state = new URL(authorizeUrl).searchParams.get('state') ?? '';
    const page = (await h.callback(state, { code: 'the-code' })) as { content: string };
    expect(page.content).toContain('Connected');
    service.received.length = 0;
    for (let i = 0; i < 12; i++) {
      await h.run('getLists');
      h.clock.advance(10 * 60_000);
    }
    expect(issued).toBe(1);
    const calls = service.received.filter(lists);
    expect(calls).toHaveLength(12);
    expect(calls.map((r) => r.headers.authorization)).toEqual(Array(12).fill('Bearer at1'));
  }, 90_000);
});
