/**
 * Issue 13, parallel requests: several requests of one run go out side by side (one `fetchMany` effect), each
 * still paced by the window and still under its own retry rule. Against the real sandbox with a short window.
 */
import type { RunningSandbox } from '../../sandbox/index';
import { allOf, createClient, NetworkError, operation, runAsync, runSync, settleAll, type Flow, type HttpRequest, type SyncHost } from '../../shared';
import { sendOne } from '../../shared/flow/call';
import { fetchOnce, nodeFetchHost } from '../../shared/hosts/node-fetch';
import { admin, start } from '../sandbox/helpers';

const LIMIT = 10;
const WINDOW = 1000;
let sb: RunningSandbox;

beforeAll(async () => {
  sb = await start({ config: { rateLimit: { windowMs: WINDOW, defaultLimit: LIMIT } } as never });
});
afterAll(() => sb.close());
beforeEach(async () => {
  await admin(sb, 'DELETE', '/faults');
  await admin(sb, 'DELETE', '/requests');
  await new Promise((r) => setTimeout(r, WINDOW)); // a fresh window for each test
});

/** A client and a host that logs every request and every batch the driver was handed. */
function setup(parallelRequests = 8) {
  const seen: { endpoint: string; status: number; at: number; reset: string }[] = [];
  const batches: number[] = [];
  const client = createClient({
    auth: { type: 'apiKey', apiKey: sb.apiKey },
    settings: { baseUrlV1: sb.v1, baseUrlV2: sb.v2, resetMarginMs: 50, resetJitterMs: 20, parallelRequests, retryBackoffMs: 10 },
  });
  const logged = async (request: HttpRequest) => {
    const response = await fetchOnce(request);
    seen.push({ endpoint: request.endpoint, status: response.status, at: Date.now(), reset: response.headers['x-ratelimit-reset'] ?? '' });
    return response;
  };
  const host = nodeFetchHost({
    fetch: logged,
    fetchAll: async (requests) => {
      batches.push(requests.length);
      return await Promise.all(requests.map(logged));
    },
  });
  return { seen, batches, client, host };
}

test('a burst of 35 reads, 8 side by side, with 10 per window: 0 × 429, answers in task order, at most 10 sent per window', async () => {
  const { seen, batches, client, host } = setup(8);
  const lists = operation('lists.getAll');
  const tasks = Array.from(
    { length: 35 },
    (_, i) =>
      function* (): Flow<number> {
        yield* sendOne(client, lists, {});
        return i;
      },
  );
  const started = Date.now();
  const values = await runAsync(allOf(tasks, client.settings.parallelRequests), host);
  expect(values).toEqual(Array.from({ length: 35 }, (_, i) => i));
  expect(seen.filter((s) => s.status === 429)).toEqual([]);
  expect(seen).toHaveLength(35);
  // Sent side by side: batches of more than one request, never more than the concurrency.
  expect(Math.max(...batches)).toBeLessThanOrEqual(8);
  expect(batches.some((n) => n > 1)).toBe(true);
  const perWindow = new Map<string, number>();
  for (const s of seen) perWindow.set(s.reset, (perWindow.get(s.reset) ?? 0) + 1);
  expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(LIMIT);
  // 35 requests at 10 per window need at least 3 resets; pacing waits for them instead of meeting 429s.
  expect(Date.now() - started).toBeGreaterThanOrEqual(2 * WINDOW);
}, 30_000);

test('a 429 on one request waits until the reset; the others of the batch are answered and not sent again', async () => {
  const { seen, client, host } = setup(5);
  await admin(sb, 'POST', '/faults', { endpoint: 'GET /v2/lists', kind: 'rateLimit429', count: 1 });
  const tasks = Array.from({ length: 5 }, () => () => sendOne(client, operation('lists.getAll'), {}));
  const settled = await runAsync(settleAll(tasks, 5), host);
  expect(settled.every((s) => s.ok)).toBe(true);
  const statuses = seen.map((s) => s.status);
  expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  expect(statuses.filter((s) => s === 200)).toHaveLength(5);
  const limited = seen.find((s) => s.status === 429)!;
  const retried = seen[seen.length - 1];
  expect(retried.at).toBeGreaterThanOrEqual(Number(limited.reset) * 1000);
}, 30_000);

test('an unsafe request whose answer was lost is never repeated; a safe one beside it is tried again', async () => {
  const { seen, client, host } = setup(4);
  await admin(sb, 'POST', '/faults', { endpoint: 'POST /v2/lists', kind: 'lostAnswer', count: 1 });
  await admin(sb, 'POST', '/faults', { endpoint: 'GET /v2/lists', kind: 'lostAnswer', count: 1 });
  const tasks: (() => Flow<unknown>)[] = [
    () => sendOne(client, operation('lists.create'), { name: 'Parallel one' }),
    () => sendOne(client, operation('lists.getAll'), {}),
    () => sendOne(client, operation('lists.create'), { name: 'Parallel two' }),
  ];
  const settled = await runAsync(settleAll(tasks, 4), host);
  const creates = seen.filter((s) => s.endpoint === 'POST /v2/lists');
  expect(creates).toHaveLength(2); // each create sent once, the lost one included
  const lost = settled.filter((s) => !s.ok);
  expect(lost).toHaveLength(1);
  expect((lost[0] as { error: unknown }).error).toBeInstanceOf(NetworkError);
  expect(((lost[0] as { error: NetworkError }).error as NetworkError).maybeSent).toBe(true);
  expect(settled[1].ok).toBe(true);
  expect(seen.filter((s) => s.endpoint === 'GET /v2/lists')).toHaveLength(2); // the read, lost once, then answered
}, 30_000);

test('the sync driver hands fetchAll the batch; without fetchAll it sends one after another with the same answers', () => {
  const calls: string[] = [];
  const answer = (r: HttpRequest) => ({ status: 200, headers: {}, body: JSON.stringify(r.url) });
  const host = (withAll: boolean): SyncHost => ({
    fetch: (r) => (calls.push('fetch'), answer(r)),
    ...(withAll ? { fetchAll: (rs: HttpRequest[]) => (calls.push(`fetchAll ${rs.length}`), rs.map(answer)) } : {}),
    sleep: () => undefined,
    now: () => 0,
  });
  const request = (i: number): HttpRequest => ({ method: 'GET', url: `u${i}`, headers: {}, timeoutMs: 1000, endpoint: 'GET /x', authBy: 'none' });
  const tasks = [0, 1, 2].map(
    (i) =>
      function* (): Flow<string> {
        const r = (yield { kind: 'http', request: request(i) }) as { body: string };
        return JSON.parse(r.body) as string;
      },
  );
  expect(runSync(allOf(tasks, 3), host(true))).toEqual(['u0', 'u1', 'u2']);
  expect(calls).toEqual(['fetchAll 3']);
  calls.length = 0;
  expect(runSync(allOf(tasks, 3), host(false))).toEqual(['u0', 'u1', 'u2']);
  expect(calls).toEqual(['fetch', 'fetch', 'fetch']);
});

test('tasks share named locks: one holds a key at a time, the next takes it after the release', () => {
  const order: string[] = [];
  const task = (name: string) =>
    function* (): Flow<void> {
      yield { kind: 'lock', op: 'acquire', key: 'k', timeoutMs: 10 };
      order.push(`${name} in`);
      yield { kind: 'http', request: { method: 'GET', url: name, headers: {}, timeoutMs: 1, endpoint: 'GET /x', authBy: 'none' } };
      order.push(`${name} out`);
      yield { kind: 'lock', op: 'release', key: 'k' };
    };
  const host: SyncHost = { fetch: () => ({ status: 200, headers: {}, body: '' }), sleep: () => undefined, now: () => 0 };
  runSync(allOf([task('a'), task('b')], 2), host);
  expect(order).toEqual(['a in', 'a out', 'b in', 'b out']);
});
