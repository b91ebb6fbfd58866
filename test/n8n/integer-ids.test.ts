/**
 * Issue 31: ids exact in n8n at 16 digits (seed.idBase), the longest the service's own integration carries through
 * Number(). Text ids stay the answer's strings; integer-typed ids (a template's id, call dispositions and sentiments,
 * as the spec and the published bodies type them) stay the answer's integers, every digit, and go from an item's
 * expression into the next call unchanged.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { executeNode } from './harness';
import { sandboxWithCredentials } from './setup';

const ID_BASE = 5946362000000000;
const SIXTEEN = /^59463620000\d{5}$/;
let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
beforeAll(async () => {
  env = await sandboxWithCredentials({ config: { seed: { idBase: ID_BASE } } as never });
});
afterAll(async () => env.sandbox.close());

const run = async (resource: string, operation: string, params: INodeParameters, items?: IDataObject[]) =>
  (await executeNode({ parameters: { resource, operation, ...params }, credentials: env.credentials, items: items?.map((json) => ({ json })) })).map(
    (item) => item.json,
  );
/** The answer's own digits for `field`, read from the raw JSON text (not through JSON.parse). */
const rawDigits = async (path: string, field: string) => {
  const text = await (await fetch(`${env.sandbox.v2}${path}`, { headers: { token: env.sandbox.apiKey } })).text();
  return [...text.matchAll(new RegExp(`"${field}":(\\d+)`, 'g'))].map((m) => m[1]);
};

describe('16-digit ids in n8n', () => {
  it('integer-typed ids are the answer’s integers, every digit; text ids its strings', async () => {
    const templates = await run('templates', 'list', { returnAll: true });
    expect(templates.map((t) => String(t.templateId))).toEqual(await rawDigits('/templates', 'templateId'));
    for (const t of templates) expect(typeof t.templateId === 'number' && SIXTEEN.test(String(t.templateId))).toBe(true);
    const dispositions = await run('calls', 'listDispositions', {});
    expect(dispositions.map((d) => String(d.callDispositionId))).toEqual(await rawDigits('/calls/dispositions', 'callDispositionId'));
    const [account] = await run('emailAccounts', 'list', { returnAll: true });
    expect(account.emailAccountId).toEqual(expect.stringMatching(SIXTEEN));
  });

  it('an integer id from an item’s expression goes into the next call unchanged', async () => {
    const [template] = await run('templates', 'list', { returnAll: false, limit: 1 });
    const [contact] = await run('orgContacts', 'list', { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z', returnAll: false, limit: 1 });
    const [disposition] = await run('calls', 'listDispositions', {});
    const [task] = await run(
      'tasks',
      'create',
      {
        name: 'Templated',
        taskType: 'manual-email',
        priority: 0,
        contactId: '={{ $json.contactId }}',
        additionalFields: { templateId: '={{ $json.templateId }}' },
      },
      [{ contactId: contact.contactId, templateId: template.templateId }],
    );
    expect(task).toMatchObject({ templateId: template.templateId, contactId: contact.contactId });
    expect(task.taskId).toEqual(expect.stringMatching(SIXTEEN));
    const [call] = await run(
      'calls',
      'log',
      { contactId: '={{ $json.contactId }}', additionalFields: { callDispositionId: '={{ $json.d }}', taskId: '={{ $json.taskId }}' } },
      [{ contactId: contact.contactId, d: disposition.callDispositionId, taskId: task.taskId }],
    );
    expect(call).toMatchObject({ callDispositionId: disposition.callDispositionId, taskId: task.taskId });
    expect(String(call.callDispositionId)).toMatch(SIXTEEN);
  });
});
