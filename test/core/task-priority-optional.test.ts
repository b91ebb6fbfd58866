/**
 * Issue 31 (b): `priority` on a new task is optional, as the service has it (its own integration sends it only as an
 * additional field, default 0). The connector's tasks.create takes a task without it, sends no priority, and the
 * service's default (0) comes back; a priority given is still checked before anything is sent.
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { call, createClient, operation, runAsync, type Client } from '../../shared';
import { fetchOnce, nodeFetchHost } from '../../shared/hosts/node-fetch';
import type { HttpRequest } from '../../shared/effects';

let sandbox: RunningSandbox;
let client: Client;
let contactId: string;
const sent: HttpRequest[] = [];
const host = nodeFetchHost({
  fetch: async (request: HttpRequest) => {
    sent.push(request);
    return await fetchOnce(request);
  },
});
const op = (id: string, input: unknown = {}) => runAsync(call(client, operation(id), input), host);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, log: () => undefined, contacts: 50, companies: 10 });
  client = createClient({
    auth: { type: 'apiKey', apiKey: sandbox.apiKey },
    settings: { baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2, authUrl: sandbox.auth, retryBackoffMs: 10 },
  });
  const org = (await op('orgContacts.list', { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z', limit: 1 })) as { contactId: string }[];
  contactId = org[0].contactId;
});
afterAll(() => sandbox.close());

describe('tasks.create: priority optional', () => {
  it('a task without priority is created with the service’s default, and no priority is sent', async () => {
    sent.length = 0;
    const task = (await op('tasks.create', { name: 'No priority given', taskType: 'call', contactId })) as Record<string, unknown>;
    expect(task).toMatchObject({ name: 'No priority given', priority: 0, contactId });
    const post = sent.find((r) => r.method === 'POST' && r.url.endsWith('/tasks'))!;
    expect(JSON.parse(String(post.body))).toEqual({ name: 'No priority given', taskType: 'call', contactId: Number(contactId) });
  });

  it('a priority given is sent, and one out of range is refused before sending', async () => {
    const task = (await op('tasks.create', { name: 'Urgent', taskType: 'call', contactId, priority: 2 })) as Record<string, unknown>;
    expect(task.priority).toBe(2);
    sent.length = 0;
    await expect(op('tasks.create', { name: 'Bad', taskType: 'call', contactId, priority: 3 })).rejects.toThrow(/priority/);
    expect(sent).toEqual([]);
  });

  it('the catalogue says so: priority is not among the required fields of tasks.create', () => {
    const input = operation('tasks.create').input as unknown as { shape: Record<string, { safeParse(v: unknown): { success: boolean } }> };
    expect(input.shape.priority.safeParse(undefined).success).toBe(true);
    expect(input.shape.name.safeParse(undefined).success).toBe(false);
  });
});
