/**
 * Issue 24: runs that share no memory (Apps Script executions: every cell of a column) pace from one window per
 * endpoint kept in the host's store under a lock, so the second run sees the reservations and answers of the first.
 */
import { createClient, getCreditsOperation, runSync, type HttpRequest, type SyncHost } from '../../shared';
import { call } from '../../shared/flow/call';
import { memoryStore } from '../../shared/drivers/memory';
import { sharedPacingKey } from '../../shared/flow/shared-pacing';

const T0 = 1_700_000_000_000;

function scriptedHost(store: ReturnType<typeof memoryStore>, clock: { now: number }, sent: number[], slept: number[], locks: string[]): SyncHost {
  return {
    fetch: (_request: HttpRequest) => {
      sent.push(clock.now);
      // A window of 2 requests, none left, resetting 10 s from T0.
      return {
        status: 200,
        headers: { 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String((T0 + 10_000) / 1000) },
        body: JSON.stringify({ success: true, data: { balance: 5 } }),
      };
    },
    sleep: (ms) => {
      slept.push(ms);
      clock.now += ms;
    },
    now: () => clock.now,
    store,
    locks: { acquire: (key) => void locks.push(`+${key}`), release: (key) => void locks.push(`-${key}`) },
  };
}

function run(shared: boolean, store: ReturnType<typeof memoryStore>, clock: { now: number }) {
  const client = createClient({
    auth: { type: 'apiKey', apiKey: 'k-1' },
    settings: { baseUrlV1: 'https://pds.example/v1', baseUrlV2: 'https://pds.example/v2' },
  });
  if (shared) client.sharedPacing = { lockTimeoutMs: 1000 };
  const sent: number[] = [];
  const slept: number[] = [];
  const locks: string[] = [];
  runSync(call(client, getCreditsOperation, {}), scriptedHost(store, clock, sent, slept, locks));
  return { sent, slept, locks };
}

test('with sharedPacing, a second run with no memory of the first waits for the window the first one spent', () => {
  const store = memoryStore();
  const clock = { now: T0 };
  const first = run(true, store, clock);
  expect(first.sent).toEqual([T0]);
  // Every read-change-write of the window held the lock.
  expect(first.locks).toEqual(['+pace', '-pace', '+pace', '-pace']);
  const second = run(true, store, clock);
  expect(second.slept.length).toBe(1);
  expect(second.sent[0]).toBeGreaterThanOrEqual(T0 + 10_000);
});

test('the window is stored under its pace: key, and without sharedPacing nothing is stored or locked', () => {
  const store = memoryStore();
  const clock = { now: T0 };
  const puts: string[] = [];
  const recorded = { ...store, put: (k: string, v: string) => (puts.push(k), store.put(k, v)) };
  run(true, recorded, clock);
  expect(puts.length).toBe(2);
  // One entry per credential, holding each endpoint's window.
  expect(new Set(puts)).toEqual(new Set([sharedPacingKey('key:a0a0699c|GET /v2/credits')]));
  expect(puts[0]).toBe('pace:key:a0a0699c');
  expect(JSON.parse(store.get(puts[0])!)).toMatchObject({ 'key:a0a0699c|GET /v2/credits': { w: { limit: 2, remaining: 0, resetAtMs: T0 + 10_000 } } });
  const alone = memoryStore();
  const r1 = run(false, alone, { now: T0 });
  const r2 = run(false, alone, { now: T0 });
  // Two runs that share nothing: the second knows nothing of the spent window and sends at once.
  expect(r1.locks).toEqual([]);
  expect(r2.slept).toEqual([]);
  expect(r2.sent).toEqual([T0]);
});
