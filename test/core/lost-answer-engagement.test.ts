/**
 * Issue 11, retry safety of the new operations: the service acts, then its answer is lost (the sandbox's
 * `lostAnswer` fault). A task create, a call log, a task action and a task delete are each carried out once
 * and never repeated; the user is told the outcome is unknown. A read (tasks.list) is simply tried again.
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { call, createClient, operation, runAsync, NetworkError, type Client } from '../../shared';
import { nodeFetchHost } from '../../shared/hosts/node-fetch';

let sandbox: RunningSandbox;
let client: Client;
let contactId: string;
const host = nodeFetchHost();
const op = (id: string, input: unknown = {}) => runAsync(call(client, operation(id), input), host);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function adminCall(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${sandbox.admin}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`admin ${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function withLostAnswer(endpoint: string, action: () => Promise<unknown>): Promise<{ error: unknown; counts: Record<string, number> }> {
  await adminCall('DELETE', '/requests');
  await adminCall('POST', '/faults', { endpoint, kind: 'lostAnswer', count: 1 });
  let error: unknown = null;
  try {
    await action();
  } catch (e) {
    error = e;
  }
  return { error, counts: (await adminCall('GET', '/requests')).counts[endpoint] ?? {} };
}

function expectOutcomeUnknown(error: unknown, title: RegExp): void {
  expect(error).toBeInstanceOf(NetworkError);
  expect((error as NetworkError).maybeSent).toBe(true);
  expect((error as Error).message).toMatch(title);
  expect((error as Error).message).toMatch(/may have been carried out, so it was not repeated; check before trying again/);
}

const tasksNamed = async (name: string) =>
  ((await op('tasks.list', { limit: 100 })) as { name: string; taskId: string; status: string }[]).filter((t) => t.name === name);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, log: () => undefined, contacts: 400, companies: 60 });
  client = createClient({
    auth: { type: 'apiKey', apiKey: sandbox.apiKey },
    settings: { baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2, authUrl: sandbox.auth, retryBackoffMs: 10 },
  });
  const org = (await op('orgContacts.list', { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z', limit: 1 })) as { contactId: string }[];
  contactId = org[0].contactId;
});
afterAll(() => sandbox.close());

describe('lost answers on tasks and calls (issue 11: never repeated)', () => {
  it('tasks.create: the task is made once', async () => {
    const { error, counts } = await withLostAnswer('POST /v2/tasks', () =>
      op('tasks.create', { name: 'Lost create', taskType: 'call', contactId, priority: 1 }),
    );
    expectOutcomeUnknown(error, /^Create task/);
    expect(counts).toEqual({ lostAnswer: 1 });
    expect(await tasksNamed('Lost create')).toHaveLength(1);
  });

  it('tasks.action and tasks.delete: carried out once, surfaced (a repeat would be refused and hide it)', async () => {
    const [task] = await tasksNamed('Lost create');
    const moved = await withLostAnswer('POST /v2/tasks/{id}/actions', () => op('tasks.action', { id: task.taskId, action: 'complete' }));
    expectOutcomeUnknown(moved.error, /task/i);
    expect(moved.counts).toEqual({ lostAnswer: 1 });
    expect(((await op('tasks.get', { id: task.taskId })) as { status: string }).status).toBe('completed');
    const deleted = await withLostAnswer('DELETE /v2/tasks/{id}', () => op('tasks.delete', { id: task.taskId }));
    expectOutcomeUnknown(deleted.error, /task/i);
    expect(await tasksNamed('Lost create')).toHaveLength(0);
  });

  it('calls.log: the call is logged once (one call.logged event)', async () => {
    const calls = async () => ((await op('activity.list', { contactId, limit: 100 })) as { type: string }[]).filter((e) => e.type === 'call.logged').length;
    const before = await calls();
    const { error, counts } = await withLostAnswer('POST /v2/calls/log', () => op('calls.log', { contactId, callDispositionId: 1, durationMs: 1000 }));
    expectOutcomeUnknown(error, /^Log call/);
    expect(counts).toEqual({ lostAnswer: 1 });
    expect(await calls()).toBe(before + 1);
  });

  it('tasks.update is safe to repeat: a lost answer is tried again and succeeds', async () => {
    const made = (await op('tasks.create', { name: 'Lost update', taskType: 'linkedin', contactId, priority: 0 })) as { taskId: string };
    let result: unknown;
    const { error, counts } = await withLostAnswer('PUT /v2/tasks/{id}', async () => (result = await op('tasks.update', { id: made.taskId, priority: 2 })));
    expect(error).toBeNull();
    expect(counts).toEqual({ lostAnswer: 1, 200: 1 });
    expect(result).toMatchObject({ taskId: made.taskId, priority: 2 });
  });
});
