/**
 * Pacing with several runs on one client (issue 9, "Pacing under concurrency"): the reducer's accounting of
 * requests in flight (table tests), then eight concurrent runs against the real sandbox with a short window.
 */
import type { RunningSandbox } from '../../sandbox/index';
import { createClient, operation, RateLimitError, runAsync, type HttpRequest } from '../../shared';
import { sendOne } from '../../shared/flow/call';
import { observe, reserve, unknownWindowKey, type PacingState } from '../../shared/flow/pacing';
import { fetchOnce, nodeFetchHost } from '../../shared/hosts/node-fetch';
import { admin, start } from '../sandbox/helpers';

const K = 'key:1|GET /v2/lists';
const t0 = 1_000_000_000_000;
const reset = t0 + 30_000;
const window = (remaining: number) => observe({}, K, { limit: 60, remaining, resetAtMs: reset });

/** Reserves `n` times at t0; returns the state and the decisions. */
function reserveN(state: PacingState, n: number) {
  const decisions = [];
  for (let i = 0; i < n; i++) {
    const d = reserve(state, K, t0, 1000);
    decisions.push(d);
    state = d.state;
  }
  return { state, decisions };
}

describe('pacing reducer: requests in flight', () => {
  it('counts reservations until their answers: with 3 left, 8 overlapping requests send 3 and the rest wait for the reset', () => {
    const { decisions } = reserveN(window(3), 8);
    expect(decisions.map((d) => d.waitMs)).toEqual([0, 0, 0, 31_000, 31_000, 31_000, 31_000, 31_000]);
  });

  it('an answer that repeats an older, higher Remaining does not give back budget still in flight', () => {
    let { state } = reserveN(window(10), 4); // 6 left, 4 in flight
    state = observe(state, K, { limit: 60, remaining: 9, resetAtMs: reset }); // the first of the four
    expect(state[K]).toMatchObject({ remaining: 6, inFlight: 3 });
  });

  it('answers arriving out of order: the lowest Remaining of the window is the truth, whatever arrives last', () => {
    let { state } = reserveN(window(10), 3);
    state = observe(state, K, { limit: 60, remaining: 7, resetAtMs: reset });
    state = observe(state, K, { limit: 60, remaining: 9, resetAtMs: reset });
    state = observe(state, K, { limit: 60, remaining: 8, resetAtMs: reset });
    expect(state[K]).toMatchObject({ remaining: 7, inFlight: 0 });
  });

  it('a later reset epoch is a newer window; an answer of an older window only frees its reservation', () => {
    let { state } = reserveN(window(10), 2);
    state = observe(state, K, { limit: 60, remaining: 55, resetAtMs: reset + 60_000 });
    expect(state[K]).toMatchObject({ remaining: 54, resetAtMs: reset + 60_000, inFlight: 1 });
    state = observe(state, K, { limit: 60, remaining: 2, resetAtMs: reset });
    expect(state[K]).toMatchObject({ remaining: 55, resetAtMs: reset + 60_000, inFlight: 0 });
  });

  it('budget that answers in flight may give back: look again shortly, without reserving, instead of waiting for the reset', () => {
    let { state } = reserveN(window(10), 4);
    // The lowest answer so far may already count the three still in flight: 0 left for now, maybe 3.
    state = observe(state, K, { limit: 60, remaining: 3, resetAtMs: reset });
    const d = reserve(state, K, t0, 1000, { recheckMs: 100 });
    expect(d).toMatchObject({ waitMs: 100, reserved: false });
    for (const remaining of [5, 6, 4]) state = observe(state, K, { limit: 60, remaining, resetAtMs: reset });
    expect(reserve(state, K, t0, 1000)).toMatchObject({ waitMs: 0, reserved: true });
  });

  it('when the next window is promised to as many as its limit, the rest wait without a reservation and ask again', () => {
    let state = observe({}, K, { limit: 2, remaining: 0, resetAtMs: reset });
    const waits = [];
    for (let i = 0; i < 3; i++) {
      const d = reserve(state, K, t0, 1000, { recheckMs: 100 });
      waits.push([d.waitMs, d.reserved]);
      state = d.state;
    }
    expect(waits).toEqual([
      [31_000, true],
      [31_000, true],
      [31_100, false],
    ]);
  });

  it('requests sent before any answer are counted against the first answer', () => {
    let { state } = reserveN({}, 3);
    expect(state[K]).toBeUndefined();
    expect(state[unknownWindowKey(K)]?.inFlight).toBe(3);
    state = observe(state, K, { limit: 60, remaining: 59, resetAtMs: reset });
    expect(state[K]).toMatchObject({ remaining: 57, inFlight: 2 });
    expect(state[unknownWindowKey(K)]).toBeUndefined();
  });

  it('a reservation never answered (a run that died, saved state) is forgotten after the stale time', () => {
    const { state } = reserveN(window(2), 2);
    expect(reserve(state, K, t0 + 10, 1000, { staleMs: 60_000 }).waitMs).toBeGreaterThan(0);
    expect(reserve(state, K, t0 + 61_000 - 31_000 - 1, 1000, { staleMs: 10_000 })).toMatchObject({ waitMs: 0, reserved: true });
  });
});

describe('eight concurrent runs on one client against the sandbox', () => {
  let sb: RunningSandbox;
  const LIMIT = 10;
  beforeAll(async () => {
    sb = await start({ config: { rateLimit: { windowMs: 1000, defaultLimit: LIMIT } } as never });
  });
  afterAll(() => sb.close());

  function harness() {
    const seen: { endpoint: string; status: number; reset: string }[] = [];
    const client = createClient({
      auth: { type: 'apiKey', apiKey: sb.apiKey },
      settings: { baseUrlV1: sb.v1, baseUrlV2: sb.v2, resetMarginMs: 50, resetJitterMs: 20 },
    });
    const host = nodeFetchHost({
      fetch: async (request: HttpRequest) => {
        const response = await fetchOnce(request);
        seen.push({ endpoint: request.endpoint, status: response.status, reset: response.headers['x-ratelimit-reset'] ?? '' });
        return response;
      },
    });
    return { seen, client, host };
  }

  it('at most one 429 per window per endpoint, none failed', async () => {
    const { seen, client, host } = harness();
    const failed: unknown[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = 0; i < 5; i++) await runAsync(sendOne(client, operation('lists.getAll'), {}), host).catch((e) => failed.push(e));
      }),
    );
    const perWindow = new Map<string, number>();
    for (const s of seen) if (s.status === 429) perWindow.set(s.reset, (perWindow.get(s.reset) ?? 0) + 1);
    expect(failed).toEqual([]);
    expect(Math.max(0, ...perWindow.values())).toBeLessThanOrEqual(1);
    expect(seen.filter((s) => s.status === 200)).toHaveLength(40);
  }, 30_000);

  it('a burst of forced 429s longer than any small retry budget: the request waits each reset out and succeeds', async () => {
    const { seen, client, host } = harness();
    await admin(sb, 'POST', '/faults', { endpoint: 'GET /v2/credits', kind: 'rateLimit429', count: 7 });
    const credits = await runAsync(sendOne(client, operation('credits.get'), {}), host).catch((e: unknown) => e);
    expect(credits).not.toBeInstanceOf(RateLimitError);
    expect(seen.map((s) => s.status)).toEqual([429, 429, 429, 429, 429, 429, 429, 200]);
    // Each retry waited for a new window: the seven 429s name seven different resets.
    expect(new Set(seen.filter((s) => s.status === 429).map((s) => s.reset)).size).toBe(7);
  }, 30_000);
});
