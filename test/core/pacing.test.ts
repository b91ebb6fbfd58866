import { observe, readRateHeaders, reserve, waitAfter429, type PacingState } from '../../shared/flow/pacing';

const K = 'key:1|GET /v1/contacts';
const t0 = 1_000_000_000_000;

describe('pacing reducer (spec 8 headers, spec 7.1)', () => {
  it('reads X-RateLimit-* headers, reset in epoch seconds', () => {
    expect(readRateHeaders({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '1000000060' })).toEqual({
      limit: 60,
      remaining: 7,
      resetAtMs: 1_000_000_060_000,
    });
    expect(readRateHeaders({})).toEqual({ limit: undefined, remaining: undefined, resetAtMs: undefined });
  });

  it.each([
    // [what, window, now, expected wait, remaining after]
    ['unknown window: no wait', undefined, t0, 0, undefined],
    ['requests left: no wait, one reserved', { limit: 60, remaining: 5, resetAtMs: t0 + 30_000 }, t0, 0, 4],
    ['none left: wait until reset plus margin', { limit: 60, remaining: 0, resetAtMs: t0 + 30_000 }, t0, 31_000, 59],
    ['window already reset: fresh window, no wait', { limit: 60, remaining: 0, resetAtMs: t0 - 5_000 }, t0, 0, 59],
    ['inside the margin after reset: still waits for the margin', { limit: 60, remaining: 0, resetAtMs: t0 - 500 }, t0, 500, 59],
  ] as const)('%s', (_what, window, now, wait, remainingAfter) => {
    const state: PacingState = window ? { [K]: window } : {};
    const decision = reserve(state, K, now, 1000);
    expect(decision.waitMs).toBe(wait);
    expect(decision.state[K]?.remaining).toBe(remainingAfter);
  });

  it('counts down locally between answers, so the 61st request of a window waits before sending', () => {
    let state = observe({}, K, { limit: 60, remaining: 59, resetAtMs: t0 + 60_000 });
    let waits = 0;
    for (let i = 0; i < 59; i++) {
      const d = reserve(state, K, t0 + i, 1000);
      state = d.state;
      waits += d.waitMs;
    }
    expect(waits).toBe(0);
    expect(reserve(state, K, t0 + 100, 1000).waitMs).toBe(60_000 - 100 + 1000);
  });

  it('keys windows per credential and endpoint: another endpoint is not slowed', () => {
    const state = observe({}, K, { limit: 60, remaining: 0, resetAtMs: t0 + 60_000 });
    expect(reserve(state, 'key:1|GET /v1/contacts/research/poll', t0, 1000).waitMs).toBe(0);
    expect(reserve(state, 'key:2|GET /v1/contacts', t0, 1000).waitMs).toBe(0);
  });

  it('the server is the truth: an answer overrides the local count (another worker used the window)', () => {
    let state = observe({}, K, { limit: 60, remaining: 50, resetAtMs: t0 + 60_000 });
    state = observe(state, K, { limit: 60, remaining: 0, resetAtMs: t0 + 60_000 });
    expect(reserve(state, K, t0, 0).waitMs).toBe(60_000);
  });

  it('an answer without headers leaves the state as it was', () => {
    const state = observe({}, K, { limit: 60, remaining: 3, resetAtMs: t0 });
    expect(observe(state, K, {})).toBe(state);
  });

  it.each([
    [{ resetAtMs: t0 + 10_000 }, 0, 11_000],
    [{ resetAtMs: t0 + 10_000 }, 0.5, 11_125],
    [{ resetAtMs: t0 - 10_000 }, 0, 1_000],
    [{}, 0, 2_000],
  ])('after a 429 waits until the reset epoch plus margin and jitter (%j, random %d)', (h, random, expected) => {
    expect(waitAfter429(h, t0, 1000, 250, random)).toBe(expected);
  });
});
