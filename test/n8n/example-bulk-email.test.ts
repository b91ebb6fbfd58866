import fs from 'node:fs';
import path from 'node:path';
import { ExecuteContext } from 'n8n-core';
import {
  NodeHelpers,
  Workflow,
  type IConnections,
  type IDataObject,
  type INode,
  type INodeExecutionData,
  type INodeType,
  type INodeTypes,
  type IRunExecutionData,
} from 'n8n-workflow';
import { Prospecting } from '../../n8n-nodes/nodes/Prospecting/Prospecting.node';
import { additionalData } from './harness';
import { countOf, requestCounts, sandboxWithCredentials } from './setup';

/**
 * The shipped example "bulk email with a preview step first" (n8n-nodes/examples/bulk-email-with-preview.json): its
 * shape, then its chain run node by node through Prospecting.execute() in n8n's ExecuteContext, with every node's
 * output in the run data (so `$('Get Saved Contacts').all()` resolves as in n8n) and Execute Once applied as n8n does
 * (first item only). The real-n8n run is in test/n8n-e2e/workflows.test.ts.
 */
const FILE = path.resolve(__dirname, '../../n8n-nodes/examples/bulk-email-with-preview.json');
interface Example {
  name: string;
  nodes: (INode & { executeOnce?: boolean })[];
  connections: IConnections;
}
const example = JSON.parse(fs.readFileSync(FILE, 'utf8')) as Example;

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
beforeAll(async () => {
  env = await sandboxWithCredentials();
});
afterAll(async () => env.sandbox.close());

const manualTrigger: INodeType = {
  description: {
    displayName: 'Start',
    name: 'manualTrigger',
    group: ['trigger'],
    version: 1,
    description: '',
    defaults: {},
    inputs: [],
    outputs: ['main'],
    properties: [],
  },
};
/** The action node with all its versions: each example node runs as the version it names (typeVersion). */
const prospecting = new Prospecting();
const nodeTypes: INodeTypes = {
  getByName: (type) => (type.endsWith('.manualTrigger') ? manualTrigger : prospecting),
  getByNameAndVersion: (type, version) => (type.endsWith('.manualTrigger') ? manualTrigger : NodeHelpers.getVersionedNodeType(prospecting, version)),
  getKnownTypes: () => ({}),
};

/** The nodes in the order the connections run them (this example is a single chain). */
function chain(): string[] {
  const order = ['Start'];
  for (;;) {
    const next = example.connections[order[order.length - 1]]?.main?.[0]?.[0]?.node;
    if (!next) return order;
    order.push(next);
  }
}

describe('example: bulk email with a preview step first', () => {
  it('is one chain Start -> Get Saved Contacts -> Preview Email -> Send Bulk Email, the send once, sandbox credentials', () => {
    expect(chain()).toEqual(['Start', 'Get Saved Contacts', 'Preview Email', 'Send Bulk Email']);
    const byName = Object.fromEntries(example.nodes.map((n) => [n.name, n]));
    expect(byName['Preview Email'].parameters).toEqual(expect.objectContaining({ resource: 'emails', operation: 'preview' }));
    expect(byName['Send Bulk Email'].parameters).toEqual(expect.objectContaining({ resource: 'emails', operation: 'sendBulk' }));
    expect(byName['Send Bulk Email'].executeOnce).toBe(true);
    for (const node of example.nodes.filter((n) => n.type.endsWith('.prospecting'))) expect(Object.keys(node.credentials ?? {})).toEqual(['prospectingApi']);
  });

  it('runs: three previews with the variables filled, then one bulk send to those three contacts', async () => {
    const workflow = new Workflow({ id: 'wf-example', nodes: example.nodes, connections: example.connections, active: false, nodeTypes, staticData: {} });
    const runData: IRunExecutionData = {
      resultData: { runData: {} },
      executionData: { contextData: {}, nodeExecutionStack: [], waitingExecution: {}, waitingExecutionSource: {} },
    } as unknown as IRunExecutionData;
    let items: INodeExecutionData[] = [{ json: {} }];
    let previous = '';
    const outputs: Record<string, IDataObject[]> = {};
    for (const name of chain()) {
      const node = workflow.getNode(name)!;
      let out: INodeExecutionData[];
      if (name === 'Start') out = [{ json: {} }];
      else {
        // Execute Once: n8n hands the node its first input item only.
        const input = (node as INode & { executeOnce?: boolean }).executeOnce ? items.slice(0, 1) : items;
        const inputData = { main: [input] };
        const context = new ExecuteContext(
          workflow,
          node,
          additionalData(env.credentials),
          'manual',
          runData,
          0,
          input,
          inputData,
          { node, data: inputData, source: { main: [{ previousNode: previous }] } },
          [],
        );
        out = ((await NodeHelpers.getVersionedNodeType(prospecting, node.typeVersion).execute!.call(context)) as INodeExecutionData[][])[0];
      }
      runData.resultData.runData[name] = [
        { startTime: 0, executionTime: 0, executionIndex: 0, source: previous ? [{ previousNode: previous }] : [], data: { main: [out] } },
      ] as never;
      outputs[name] = out.map((i) => i.json);
      items = out;
      previous = name;
    }
    const contacts = outputs['Get Saved Contacts'];
    expect(contacts).toHaveLength(3);
    expect(outputs['Preview Email'].map((p) => p.contactId)).toEqual(contacts.map((c) => c.contactId));
    for (const p of outputs['Preview Email']) expect(`${String(p.subject)} ${String(p.body)}`).not.toContain('{{');
    expect(outputs['Send Bulk Email']).toEqual([expect.objectContaining({ matched: 3, scheduled: 3 })]);
    // The preview sent nothing: one bulk request, no single sends.
    const counts = await requestCounts(env.sandbox);
    expect(countOf(counts, 'POST /v2/emails/send-bulk')).toBe(1);
    expect(countOf(counts, 'POST /v2/emails/send')).toBe(0);
  });
});
