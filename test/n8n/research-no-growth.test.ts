/**
 * Issue 13 (memory): a research run that polls many times keeps no structure that grows per poll. Here: the
 * execution's cancel signal, which every wait (each poll interval, each paced request) listens to. n8n's own
 * sleepWithAbort leaves its listener behind when the wait ends, so they piled up, one per wait.
 */
import { getEventListeners } from 'node:events';
import type { IExecuteFunctions } from 'n8n-workflow';
import { pausable } from '../../n8n-nodes/nodes/Prospecting/transport';
import { executeNode } from './harness';
import { admin, countOf, requestCounts, sandboxWithCredentials } from './setup';
import { researchFoundContacts } from './research-params';

const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

function contextWith(signal: AbortSignal): IExecuteFunctions {
  return { getExecutionCancelSignal: () => signal, getNode: () => ({ name: 'Prospecting' }) } as unknown as IExecuteFunctions;
}

describe('waits inside the node', () => {
  it('leave no listener on the cancel signal once they end, however many there were', async () => {
    const controller = new AbortController();
    const ctx = contextWith(controller.signal);
    for (let i = 0; i < 30; i++) await pausable(ctx, 1);
    expect(listeners(controller.signal)).toBe(0);
  });

  it('still end at once when the execution is cancelled, with n8n cancellation error, and leave no listener', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = pausable(contextWith(controller.signal), 60_000);
    expect(listeners(controller.signal)).toBe(1);
    setTimeout(() => controller.abort(), 50);
    await expect(waiting).rejects.toMatchObject({ name: expect.stringMatching(/Cancel/i) });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(listeners(controller.signal)).toBe(0);
    await expect(pausable(contextWith(controller.signal), 10)).rejects.toThrow();
  });
});

describe('a research run with many polls', () => {
  let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
  beforeAll(async () => {
    // Research takes about 7 s, so the node polls every 2 s several times before the items finish.
    env = await sandboxWithCredentials({ contacts: 600, config: { credits: { A: 10_000 }, research: { queuedMs: 500, researchingMs: 6500 } } });
  });
  afterAll(async () => env.sandbox.close());

  it('keeps the listeners on the cancel signal to the requests in flight and one wait, and none after the run', async () => {
    const found = await executeNode({ parameters: { resource: 'contacts', operation: 'search', returnAll: false, limit: 250 }, credentials: env.credentials });
    await admin(env.sandbox, 'DELETE', '/requests');
    const controller = new AbortController();
    const before = listeners(controller.signal);
    let most = before;
    const sampler = setInterval(() => (most = Math.max(most, listeners(controller.signal))), 5);
    const out = await executeNode({
      parameters: researchFoundContacts,
      items: found.map((i) => ({ json: i.json })),
      credentials: env.credentials,
      abortSignal: controller.signal,
    }).finally(() => clearInterval(sampler));
    const polls = countOf(await requestCounts(env.sandbox), 'GET /v1/contacts/research/poll');
    expect(out.every((o) => o.json.outcome !== 'pending')).toBe(true);
    // 3 polls of 100 ids per sweep, and at least 3 sweeps: the items stayed pending for several rounds.
    expect(polls).toBeGreaterThanOrEqual(9);
    // n8n's HTTP helper listens while a request is out: at most a sweep's 3 polls at once, plus the one wait.
    expect(most - before).toBeLessThanOrEqual(3 + 1);
    expect(listeners(controller.signal)).toBe(before);
  }, 60_000);
});
