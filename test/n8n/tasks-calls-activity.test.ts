import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { nodeOperations, properties } from '../../n8n-nodes/nodes/Prospecting/description';
import { executeNode, pollTrigger } from './harness';
import { admin, countOf, requestCounts, sandboxWithCredentials } from './setup';

/**
 * Issue 11: the tasks, calls and activity operations in the action node, derived from the catalogue with no
 * node code, each run through Prospecting.execute() against the sandbox (paired items, Continue On Fail,
 * rules checked before sending); and the poll trigger's "New Activity" event.
 */
const RESOURCES = ['tasks', 'calls', 'activity'];
let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
let contactIds: string[];
const covered = new Set<string>();

beforeAll(async () => {
  env = await sandboxWithCredentials({ contacts: 600, companies: 80 });
  const org = await json('orgContacts', 'list', { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z', returnAll: false, limit: 5 });
  contactIds = org.map((c) => String(c.contactId));
});
afterAll(async () => env.sandbox.close());

async function run(resource: string, operation: string, params: INodeParameters = {}, items?: IDataObject[], continueOnFail = false) {
  covered.add(`${resource}.${operation}`);
  const out = await executeNode({
    parameters: { resource, operation, ...params },
    credentials: env.credentials,
    items: items?.map((json) => ({ json })),
    continueOnFail,
  });
  return out;
}
const json = async (...args: Parameters<typeof run>) => (await run(...args)).map((i) => i.json);

describe('derived from the catalogue (no node code)', () => {
  it('the resources and operations are offered with their fields; paging fields become Return All / Limit', () => {
    const resource = properties.find((p) => p.name === 'resource')!;
    expect(resource.options).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Task', value: 'tasks' })]));
    expect(resource.options).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Activity', value: 'activity' })]));
    const shown = (op: string, res: string) =>
      properties.filter((p) => p.displayOptions?.show?.resource?.includes(res) && p.displayOptions?.show?.operation?.includes(op));
    const create = shown('create', 'tasks');
    expect(create.filter((p) => p.required).map((p) => p.name)).toEqual(expect.arrayContaining(['name', 'taskType', 'contactId', 'priority']));
    const taskType = create.find((p) => p.name === 'taskType')!;
    expect(taskType.type).toBe('options');
    expect(taskType.options!.map((o) => (o as { value: string }).value).sort()).toEqual(['action-item', 'call', 'linkedin', 'manual-email']);
    const list = shown('list', 'tasks').map((p) => p.name);
    expect(list).toEqual(expect.arrayContaining(['returnAll', 'limit', 'additionalFields']));
    const filters = (shown('list', 'tasks').find((p) => p.name === 'additionalFields')!.options as { name: string }[]).map((o) => o.name);
    expect(filters).not.toContain('offset');
    expect(filters).toEqual(expect.arrayContaining(['status', 'taskType', 'campaignIdentifier', 'sortColumn', 'sortOrder']));
    expect(shown('update', 'tasks').map((p) => p.name)).toContain('updateFields');
  });
});

describe('tasks', () => {
  it('create (one per input item, paired), get, update, change state, get many with filters, delete', async () => {
    const items = contactIds.slice(0, 3).map((contactId, i) => ({ contactId, name: `Follow up ${i}` }));
    const created = await run('tasks', 'create', { name: '={{ $json.name }}', taskType: 'call', contactId: '={{ $json.contactId }}', priority: 2 }, items);
    expect(created.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
    expect(created.map((i) => i.json.contactId)).toEqual(contactIds.slice(0, 3));
    expect(created.every((i) => i.json.status === 'scheduled' && i.json.priority === 2)).toBe(true);
    const id = String(created[0].json.taskId);

    expect((await json('tasks', 'get', { id }))[0].name).toBe('Follow up 0');
    const [updated] = await json('tasks', 'update', { id, updateFields: { description: 'Ask about pricing', dueAt: '2027-01-05T09:00:00' } });
    expect(updated).toMatchObject({ description: 'Ask about pricing', dueAt: '2027-01-05T09:00:00.000Z' });
    expect((await json('tasks', 'action', { id, action: 'start' }))[0].status).toBe('in-progress');

    const inProgress = await json('tasks', 'list', { returnAll: true, additionalFields: { status: 'in-progress' } });
    expect(inProgress.map((t) => t.taskId)).toEqual([id]);
    // Limit reads only the pages it needs (offset paging).
    await admin(env.sandbox, 'DELETE', '/requests');
    const two = await json('tasks', 'list', { returnAll: false, limit: 2, additionalFields: { taskType: 'call', sortColumn: 'createdAt' } });
    expect(two.map((t) => t.taskId)).toEqual(created.slice(0, 2).map((i) => i.json.taskId));
    expect(countOf(await requestCounts(env.sandbox), 'GET /v2/tasks')).toBe(1);

    expect((await json('tasks', 'delete', { id: String(created[2].json.taskId) }))[0]).toEqual({ success: true });
  });

  it('a refused move shows the service message; Continue On Fail puts it on that item only', async () => {
    const [task] = await json('tasks', 'create', { name: 'Done already', taskType: 'action-item', contactId: contactIds[0], priority: 0 });
    await run('tasks', 'action', { id: String(task.taskId), action: 'complete' });
    const error = (await run('tasks', 'action', { id: String(task.taskId), action: 'pause' }).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(new RegExp(`Cannot pause task ${String(task.taskId)}: it is completed; allowed actions in status completed: delete`));

    const [other] = await json('tasks', 'create', { name: 'Still open', taskType: 'action-item', contactId: contactIds[0], priority: 0 });
    const out = await run('tasks', 'action', { id: '={{ $json.id }}', action: 'complete' }, [{ id: task.taskId }, { id: other.taskId }], true);
    expect(out.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
    expect(out[0].json).toEqual(expect.objectContaining({ error: expect.stringMatching(/Cannot complete task/), status: 409 }));
    expect(out[1].json.status).toBe('completed');
  });

  it('bad input is named before anything is sent', async () => {
    await admin(env.sandbox, 'DELETE', '/requests');
    const error = (await run('tasks', 'create', { name: 'X', taskType: 'call', contactId: contactIds[0], priority: 5 }).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(NodeOperationError);
    expect(error.message).toMatch(/priority: must be 0 \(normal\), 1 \(high\) or 2 \(urgent\)/);
    const noChange = (await run('tasks', 'update', { id: '1', updateFields: {} }).catch((e: unknown) => e)) as Error;
    expect(noChange.message).toMatch(/give at least one field to change/);
    expect(countOf(await requestCounts(env.sandbox), 'POST /v2/tasks') + countOf(await requestCounts(env.sandbox), 'PUT /v2/tasks/{id}')).toBe(0);
  });
});

describe('calls', () => {
  it('dispositions, sentiments, log a call per item (paired)', async () => {
    const dispositions = await json('calls', 'listDispositions', { returnAll: true });
    expect(dispositions.map((d) => d.name)).toContain('Connected');
    const sentiments = await json('calls', 'listSentiments', { returnAll: false, limit: 2 });
    expect(sentiments).toHaveLength(2);
    const logged = await run(
      'calls',
      'log',
      {
        contactId: '={{ $json.contactId }}',
        additionalFields: { callDispositionId: String(dispositions[0].callDispositionId), durationMs: 60000, toNumber: '+1 555 010 0199' },
      },
      contactIds.slice(0, 2).map((contactId) => ({ contactId })),
    );
    expect(logged.map((i) => [i.pairedItem, i.json.contactId, i.json.callDispositionId])).toEqual([
      [{ item: 0 }, contactIds[0], dispositions[0].callDispositionId],
      [{ item: 1 }, contactIds[1], dispositions[0].callDispositionId],
    ]);
  });

  it('Continue On Fail: an unknown disposition fails its item with the service message', async () => {
    const out = await run('calls', 'log', { contactId: contactIds[0], additionalFields: { callDispositionId: '={{ $json.d }}' } }, [{ d: 1 }, { d: 99 }], true);
    expect(out[0].json.callId).toEqual(expect.any(String));
    expect(out[1].json).toEqual(expect.objectContaining({ error: expect.stringMatching(/callDispositionId: no call disposition 99/), status: 422 }));
  });
});

describe('activity', () => {
  it('get many, newest first, with a contact filter and Limit', async () => {
    const all = await json('activity', 'list', { returnAll: true, additionalFields: { contactId: contactIds[1] } });
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.every((e) => e.contactId === contactIds[1])).toBe(true);
    expect(all.map((e) => Number(e.activityId))).toEqual([...all.map((e) => Number(e.activityId))].sort((a, b) => b - a));
    expect(await json('activity', 'list', { returnAll: false, limit: 1 })).toHaveLength(1);
  });
});

describe('poll trigger: New Activity', () => {
  const poll = (staticData: IDataObject, mode: 'manual' | 'trigger' = 'trigger') =>
    pollTrigger({ parameters: { event: 'newActivity', lookbackHours: 1 }, credentials: env.credentials, staticData, mode });
  const newTask = (name: string) => run('tasks', 'create', { name, taskType: 'linkedin', contactId: contactIds[4], priority: 1 });

  it('first check emits the lookback period oldest first; later checks emit only what is new, never twice', async () => {
    const first = await poll({});
    expect(first.items!.length).toBeGreaterThan(5);
    const ids = first.items!.map((i) => Number(i.json.activityId));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(await poll(first.staticData).then((r) => r.items)).toBeNull();
    await newTask('Trigger A');
    await newTask('Trigger B');
    const next = await poll(first.staticData);
    expect(next.items!.map((i) => i.json.description)).toEqual([
      `Task "Trigger A" (linkedin) created for contact ${contactIds[4]}`,
      `Task "Trigger B" (linkedin) created for contact ${contactIds[4]}`,
    ]);
    expect(await poll(next.staticData).then((r) => r.items)).toBeNull();
  });

  it('events added between the pages of one check are emitted by the next, once; none is skipped', async () => {
    const start = await poll({});
    // Pages of 100: 150 new events span two pages (made in one run of 150 items, over a raised rate limit).
    await admin(env.sandbox, 'PUT', '/rate-limits', { windowMs: 60_000, defaultLimit: 1000 });
    const burst = [...Array(150).keys()].map((i) => ({ name: `Burst ${i}` }));
    await run('tasks', 'create', { name: '={{ $json.name }}', taskType: 'linkedin', contactId: contactIds[4], priority: 1 }, burst);
    // Two more arrive after the check's first page was answered and before its second is: each page waits 600 ms
    // in the sandbox, and the events are added as soon as the first page is counted (answered).
    await admin(env.sandbox, 'DELETE', '/requests');
    await admin(env.sandbox, 'POST', '/faults', { endpoint: 'GET /v2/activity', kind: 'latency', latencyMs: 600, count: 2 });
    const during = (async () => {
      while (countOf(await requestCounts(env.sandbox), 'GET /v2/activity') < 1) await new Promise((r) => setTimeout(r, 10));
      await newTask('Mid-read 1');
      await newTask('Mid-read 2');
    })();
    const check = await poll(start.staticData);
    await during;
    // The check read two pages, and the second repeated two events of the first (dropped, not emitted twice).
    expect(countOf(await requestCounts(env.sandbox), 'GET /v2/activity')).toBe(2);
    const names = (items: { json: IDataObject }[] | null) => (items ?? []).map((i) => String(i.json.description).replace(/^Task "([^"]+)".*/, '$1'));
    const first = names(check.items);
    const next = names((await poll(check.staticData)).items);
    const all = [...first, ...next];
    expect(all.filter((n) => n.startsWith('Burst'))).toEqual([...Array(150).keys()].map((i) => `Burst ${i}`));
    // Added after the first page was answered: at the head of the feed, so not on the second page (which instead
    // repeats the last two events of the first, dropped by id); the next check emits them, in order.
    expect(first.filter((n) => n.startsWith('Burst'))).toHaveLength(150);
    expect(first.filter((n) => n.startsWith('Mid-read'))).toEqual([]);
    expect(next).toEqual(['Mid-read 1', 'Mid-read 2']);
    expect(new Set(all).size).toBe(all.length);
    await admin(env.sandbox, 'PUT', '/rate-limits', { windowMs: 60_000, defaultLimit: 60 });
  }, 60_000);

  it('a manual test shows the newest event and moves nothing', async () => {
    const staticData: IDataObject = { 'node:Prospecting': { lastActivityId: '1' } };
    const out = await poll(staticData, 'manual');
    expect(out.items).toHaveLength(1);
    expect((out.staticData['node:Prospecting'] as IDataObject).lastActivityId).toBe('1');
  });
});

test('every tasks, calls and activity operation of the node was run above', () => {
  const mine = nodeOperations.filter((op) => RESOURCES.includes(op.resource)).map((op) => op.id);
  expect(mine).toHaveLength(10);
  expect(mine.filter((id) => !covered.has(id))).toEqual([]);
});
