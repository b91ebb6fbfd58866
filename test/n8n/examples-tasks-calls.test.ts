/**
 * The two issue-11 example workflows (n8n-nodes/examples), their Prospecting nodes run in order through
 * Prospecting.execute() against the sandbox, each fed the items the node before it gives (the webhook's item
 * as n8n's Webhook node makes it: {headers, params, query, body}). The real n8n runs them in test/n8n-e2e.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { executeNode } from './harness';
import { sandboxWithCredentials } from './setup';

interface ExampleNode {
  name: string;
  type: string;
  parameters: INodeParameters;
  credentials?: Record<string, unknown>;
}
interface Example {
  nodes: ExampleNode[];
  connections: Record<string, { main: { node: string }[][] }>;
}

const EXAMPLES = path.resolve(__dirname, '../../n8n-nodes/examples');
const load = (file: string) => JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as Example;

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
beforeAll(async () => {
  env = await sandboxWithCredentials({ contacts: 600, companies: 80 });
});
afterAll(async () => env.sandbox.close());

/** The example's nodes after `from`, following its single-branch connections. */
function chainAfter(example: Example, from: string): ExampleNode[] {
  const out: ExampleNode[] = [];
  for (let next = example.connections[from]?.main[0]?.[0]?.node; next; next = example.connections[next]?.main[0]?.[0]?.node)
    out.push(example.nodes.find((n) => n.name === next)!);
  return out;
}

/** Runs each Prospecting node of the chain on the previous node's output; returns every node's output by name. */
async function runChain(example: Example, start: string, items: INodeExecutionData[]): Promise<Record<string, INodeExecutionData[]>> {
  const outputs: Record<string, INodeExecutionData[]> = {};
  let current = items;
  for (const node of chainAfter(example, start)) {
    expect(node.type).toBe('n8n-nodes-prospecting.prospecting');
    expect(Object.keys(node.credentials ?? {})).toEqual(['prospectingApi']);
    current = await executeNode({ parameters: node.parameters, credentials: env.credentials, items: current });
    outputs[node.name] = current;
  }
  return outputs;
}

describe('example workflows of issue 11, through execute()', () => {
  it('task-per-researched-contact.json: a call task due tomorrow for each of five saved contacts, paired', async () => {
    const example = load('task-per-researched-contact.json');
    expect(example.nodes[0].type).toBe('n8n-nodes-base.manualTrigger');
    const out = await runChain(example, 'Start', [{ json: {} }]);
    const contacts = out['Get Researched Contacts'].map((i) => i.json);
    const tasks = out['Create Call Task'];
    expect(tasks).toHaveLength(5);
    tasks.forEach((item, i) => {
      expect(item.pairedItem).toEqual({ item: i });
      expect(item.json).toMatchObject({
        taskType: 'call',
        status: 'scheduled',
        priority: 1,
        contactId: contacts[i].contactId,
        name: `Call ${String(contacts[i].fullName)}`,
      });
      expect(Date.parse(String(item.json.dueAt))).toBeGreaterThan(Date.now() + 20 * 3_600_000);
    });
  });

  it('log-calls-from-webhook.json: the posted call is logged with its outcome, duration, time and number; a bare one too', async () => {
    const example = load('log-calls-from-webhook.json');
    const hook = example.nodes[0];
    expect(hook).toMatchObject({ type: 'n8n-nodes-base.webhook', parameters: { httpMethod: 'POST', path: 'log-call' } });
    const [contact] = (
      await executeNode({
        parameters: {
          resource: 'orgContacts',
          operation: 'list',
          startDate: '2020-01-01T00:00:00Z',
          endDate: '2030-01-01T00:00:00Z',
          returnAll: false,
          limit: 1,
        },
        credentials: env.credentials,
      })
    ).map((i) => i.json);
    const posted = (body: IDataObject): INodeExecutionData => ({ json: { headers: { 'content-type': 'application/json' }, params: {}, query: {}, body } });
    const out = await runChain(example, hook.name, [
      posted({
        contactId: contact.contactId,
        dispositionId: 6,
        durationSeconds: 95.5,
        endedAt: '2026-11-20T10:00:00Z',
        to: '+1 555 010 0100',
        notes: 'Demo booked',
      }),
      posted({ contactId: Number(contact.contactId) }),
    ]);
    const [full, bare] = out['Log Call'].map((i) => i.json);
    expect(full).toMatchObject({
      contactId: contact.contactId,
      callDispositionId: 6,
      durationMs: 95500,
      calledAt: '2026-11-20T10:00:00.000Z',
      toNumber: '+1 555 010 0100',
      callScript: 'Demo booked',
    });
    expect(bare).toMatchObject({ contactId: contact.contactId, callDispositionId: null, durationMs: 0, toNumber: null });
  });
});
