/**
 * Issue 31: the service's ids are numeric text (10 digits for contacts). In n8n they stay strings from the answer to
 * the item and from an item's expression into the next call, never turned into numbers. The sandbox runs with
 * 10-digit ids here (seed.idBase).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { executeNode } from './harness';
import { sandboxWithCredentials } from './setup';

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
beforeAll(async () => {
  env = await sandboxWithCredentials({ config: { seed: { idBase: 5946362000 } } as never });
});
afterAll(async () => env.sandbox.close());

const run = async (resource: string, operation: string, params: INodeParameters, items?: IDataObject[]) =>
  (await executeNode({ parameters: { resource, operation, ...params }, credentials: env.credentials, items: items?.map((json) => ({ json })) })).map(
    (item) => item.json,
  );
const wide = { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' };
const TEN_DIGITS = /^59463\d{5}$/;

describe('ids stay strings in n8n', () => {
  it('org contacts, email accounts and lists carry the service’s ids as strings', async () => {
    const contacts = await run('orgContacts', 'list', { ...wide, returnAll: false, limit: 3 });
    expect(contacts).toHaveLength(3);
    for (const c of contacts) expect(typeof c.contactId === 'string' && TEN_DIGITS.test(c.contactId)).toBe(true);
    const [account] = await run('emailAccounts', 'list', { returnAll: true });
    expect(account.emailAccountId).toEqual(expect.stringMatching(TEN_DIGITS));
    const lists = await run('lists', 'getAll', { returnAll: true });
    for (const l of lists) expect(l.listId).toEqual(expect.stringMatching(TEN_DIGITS));
  });

  it('an id from an item goes into the next call unchanged, and the new record’s ids come back as strings', async () => {
    const contacts = await run('orgContacts', 'list', { ...wide, returnAll: false, limit: 2 });
    const tasks = await run('tasks', 'create', { name: 'Call', taskType: 'call', priority: 1, contactId: '={{ $json.contactId }}' }, contacts);
    expect(tasks.map((t) => t.contactId)).toEqual(contacts.map((c) => c.contactId));
    for (const t of tasks) expect(typeof t.taskId === 'string' && TEN_DIGITS.test(t.taskId)).toBe(true);
    const [got] = await run('tasks', 'get', { id: '={{ $json.taskId }}' }, [tasks[0]]);
    expect(got).toEqual(expect.objectContaining({ taskId: tasks[0].taskId, contactId: contacts[0].contactId }));
  });
});
