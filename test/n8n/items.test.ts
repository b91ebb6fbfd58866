import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { executeNode } from './harness';
import { admin, countOf, requestCounts, sandboxWithCredentials } from './setup';

/** How the node treats items: pairing, Continue on Fail, errors that say which item and what to do, pacing. */
let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;

beforeAll(async () => {
  env = await sandboxWithCredentials();
});
afterAll(async () => env.sandbox.close());

const getList = (ids: string[], continueOnFail = false, credentials = env.credentials) =>
  executeNode({
    parameters: { resource: 'lists', operation: 'get', id: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
    items: ids.map((id) => ({ json: { id } })),
    credentials,
    continueOnFail,
  });

it('pairs every output item with its input item, also when one input yields many records', async () => {
  const out = await executeNode({
    parameters: { resource: 'lists', operation: 'getAll', returnAll: true },
    items: [{ json: {} }, { json: {} }],
    credentials: env.credentials,
  });
  const half = out.length / 2;
  expect(out.slice(0, half).every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
  expect(out.slice(half).every((i) => (i.pairedItem as { item: number }).item === 1)).toBe(true);
});

it('a 404 on item 1 is a NodeApiError with the item index, the service message and what to check', async () => {
  const error = (await getList(['201', '999999']).catch((e: unknown) => e)) as NodeApiError;
  expect(error).toBeInstanceOf(NodeApiError);
  expect(error.context.itemIndex).toBe(1);
  expect(error.httpCode).toBe('404');
  expect(error.message).toMatch(/^Get list: /);
  expect(error.description).toMatch(/Check the id/);
});

it('Continue on Fail: the error goes on the failing item only, the others carry their results', async () => {
  const out = await getList(['201', '999999', '202'], true);
  expect(out.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
  expect(out[0].json.listId).toBe('201');
  expect(out[1].json).toEqual(expect.objectContaining({ error: expect.stringMatching(/Get list/), status: 404, hint: expect.stringMatching(/Check the id/) }));
  expect(out[2].json.listId).toBe('202');
});

it('a field that breaks a rule is named before anything is sent', async () => {
  await admin(env.sandbox, 'DELETE', '/requests');
  const error = (await executeNode({
    parameters: { resource: 'campaigns', operation: 'create', name: 'X', additionalFields: { maxActiveContacts: 0 } },
    credentials: env.credentials,
  }).catch((e: unknown) => e)) as NodeOperationError;
  expect(error).toBeInstanceOf(NodeOperationError);
  expect(error.message).toMatch(/maxActiveContacts: must be at least 1/);
  expect(error.context.itemIndex).toBe(0);
  expect(countOf(await requestCounts(env.sandbox), 'POST /v2/campaigns')).toBe(0);
});

it('a wrong API key: 401 as a NodeApiError that says to check the key', async () => {
  const bad = { prospectingApi: { ...env.apiKeyCredential, apiKey: 'not-a-key' } };
  const error = (await getList(['201'], false, bad).catch((e: unknown) => e)) as NodeApiError;
  expect(error).toBeInstanceOf(NodeApiError);
  expect(error.httpCode).toBe('401');
  expect(error.description).toMatch(/Check the API key/);
});

describe('pacing', () => {
  afterEach(async () => {
    await admin(env.sandbox, 'PUT', '/rate-limits', { windowMs: 60_000, defaultLimit: 60 });
    await admin(env.sandbox, 'DELETE', '/faults');
  });

  it('paces ahead of time from the headers: 12 items over a 5-per-second window get no 429', async () => {
    await admin(env.sandbox, 'PUT', '/rate-limits', { windowMs: 1000, defaultLimit: 5 });
    await admin(env.sandbox, 'DELETE', '/requests');
    const started = Date.now();
    const out = await executeNode({
      parameters: { resource: 'credits', operation: 'get' },
      items: Array.from({ length: 12 }, () => ({ json: {} })),
      credentials: env.credentials,
    });
    expect(out).toHaveLength(12);
    const counts = await requestCounts(env.sandbox);
    expect(countOf(counts, 'GET /v2/credits', '429')).toBe(0);
    expect(countOf(counts, 'GET /v2/credits', '200')).toBe(12);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('waits out a 429 until the reset and then succeeds', async () => {
    await admin(env.sandbox, 'PUT', '/rate-limits', { windowMs: 1000 });
    await admin(env.sandbox, 'POST', '/faults', { endpoint: 'GET /v2/credits', kind: 'rateLimit429', count: 1 });
    await admin(env.sandbox, 'DELETE', '/requests');
    const out = await executeNode({ parameters: { resource: 'credits', operation: 'get' }, credentials: env.credentials });
    expect(out[0].json.balance).toEqual(expect.any(Number));
    const counts = await requestCounts(env.sandbox);
    expect(countOf(counts, 'GET /v2/credits', '429')).toBe(1);
    expect(countOf(counts, 'GET /v2/credits', '200')).toBe(1);
  });

  it('honours the execution cancel signal during a wait', async () => {
    await admin(env.sandbox, 'PUT', '/rate-limits', { windowMs: 30_000, defaultLimit: 1 });
    const controller = new AbortController();
    const started = Date.now();
    const running = executeNode({
      parameters: { resource: 'credits', operation: 'get' },
      items: [{ json: {} }, { json: {} }],
      credentials: env.credentials,
      abortSignal: controller.signal,
    });
    setTimeout(() => controller.abort(), 300);
    await expect(running).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
