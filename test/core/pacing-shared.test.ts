/**
 * Issue 14, queue mode: several processes (n8n workers) pace the same organization's budget, each on its own. A 429
 * shows that another process spends it too; from then on a window no answer has told yet gets one request (a probe),
 * and the rest follow only when its answer says the others left budget. Reducer tables, then four clients (four
 * processes) against the sandbox.
 */
import type { RunningSandbox } from '../../sandbox/index';
import { createClient, operation, runAsync, type HttpRequest } from '../../shared';
import { sendOne } from '../../shared/flow/call';
import { observe, reserve, type PacingState } from '../../shared/flow/pacing';
import { fetchOnce, nodeFetchHost } from '../../shared/hosts/node-fetch';
import { start } from '../sandbox/helpers';

const K = 'key:1|GET /v1/contacts/research/poll';
const t0 = 1_000_000_000_000;
const reset = t0 + 5_000;

function reserveAll(state: PacingState, n: number, now: number) {
  const decisions: [number, boolean][] = [];
  for (let i = 0; i < n; i++) {
    const d = reserve(state, K, now, 1000, { recheckMs: 100 });
    decisions.push([d.waitMs, d.reserved]);
    state = d.state;
  }
  return { state, decisions };
}

describe('pacing a budget shared with other processes (reducer)', () => {
  it('not shared (no 429 met): the next window is reserved up to its limit ahead of time, as before', () => {
    const state = observe({}, K, { limit: 2, remaining: 0, resetAtMs: reset });
    expect(reserveAll(state, 3, t0).decisions).toEqual([
      [6000, true],
      [6000, true],
      [6100, false],
    ]);
  });

  it('after a 429: one probe into the next window, the rest wait for its answer', () => {
    const state = observe({}, K, { limit: 2, remaining: 0, resetAtMs: reset, refused: true });
    expect(state[K]?.shared).toBe(true);
    expect(reserveAll(state, 3, t0).decisions).toEqual([
      [6000, true],
      [6100, false],
      [6100, false],
    ]);
  });

  it("the probe's answer leaves budget: the next request goes at once; the one after waits to probe the window after", () => {
    let { state } = reserveAll(observe({}, K, { limit: 2, remaining: 0, resetAtMs: reset, refused: true }), 1, t0);
    state = observe(state, K, { limit: 2, remaining: 1, resetAtMs: reset + 5000 });
    expect(reserveAll(state, 2, reset + 1100).decisions).toEqual([
      [0, true],
      [5000 - 1100 + 1000 + 100, false],
    ]);
  });

  it('the probe is refused too (others took the window): the rest wait for the window after', () => {
    let { state } = reserveAll(observe({}, K, { limit: 2, remaining: 0, resetAtMs: reset, refused: true }), 1, t0);
    state = observe(state, K, { limit: 2, remaining: 0, resetAtMs: reset + 5000, refused: true });
    expect(reserveAll(state, 1, reset + 1100).decisions).toEqual([[5000 - 1100 + 1000, true]]);
  });

  it('a window that has reset on its own clock: one probe while no answer has told it', () => {
    const state = observe({}, K, { limit: 2, remaining: 1, resetAtMs: reset, refused: true });
    expect(reserveAll(state, 3, reset + 1000).decisions).toEqual([
      [0, true],
      [100, false],
      [100, false],
    ]);
  });

  it('a new endpoint of a credential that met 429s elsewhere: one request until the first answer', () => {
    const state = observe({}, 'key:1|POST /v1/contacts/research', { limit: 2, remaining: 0, resetAtMs: reset, refused: true });
    expect(reserveAll(state, 2, t0).decisions).toEqual([
      [0, true],
      [100, false],
    ]);
    // Another credential is not held back.
    expect(reserve(state, 'key:2|GET /v1/contacts/research/poll', t0, 1000).reserved).toBe(true);
  });
});

describe('four clients (four processes) on one organization against the sandbox', () => {
  let sb: RunningSandbox;
  const LIMIT = 2;
  const CLIENTS = 4;
  beforeAll(async () => {
    sb = await start({ config: { rateLimit: { windowMs: 1000, defaultLimit: LIMIT } } as never });
  });
  afterAll(() => sb.close());

  it('every request is answered, and after the first window 429s per window stay within one per client', async () => {
    const seen: { status: number; reset: string }[] = [];
    const host = nodeFetchHost({
      fetch: async (request: HttpRequest) => {
        const response = await fetchOnce(request);
        seen.push({ status: response.status, reset: response.headers['x-ratelimit-reset'] ?? '' });
        return response;
      },
    });
    const failed: unknown[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        // Each client keeps its own pacing state, as each n8n worker does.
        const client = createClient({
          auth: { type: 'apiKey', apiKey: sb.apiKey },
          settings: { baseUrlV1: sb.v1, baseUrlV2: sb.v2, resetMarginMs: 50, resetJitterMs: 20 },
        });
        await Promise.all(
          Array.from({ length: 2 }, async () => {
            for (let i = 0; i < 2; i++) await runAsync(sendOne(client, operation('lists.getAll'), {}), host).catch((e) => failed.push(e));
          }),
        );
      }),
    );
    expect(failed).toEqual([]);
    expect(seen.filter((s) => s.status === 200)).toHaveLength(CLIENTS * 4);
    const windows = [...new Set(seen.map((s) => s.reset))].sort();
    const refusedPerWindow = windows.slice(1).map((w) => seen.filter((s) => s.reset === w && s.status === 429).length);
    process.stderr.write(`429s per window after the first: ${refusedPerWindow.join(' ')}\n`);
    // Without the probe each client may send its whole share (2) at every window's opening: up to 8 sent, 6 refused. This
    // real-time check is loose (a client is careful only after its first 429); the reducer tables above are exact.
    expect(Math.max(0, ...refusedPerWindow)).toBeLessThanOrEqual(CLIENTS);
  }, 60_000);
});
