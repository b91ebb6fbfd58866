/**
 * What a user sees in the editor: canvas subtitles name the operation, operation and action names follow n8n's
 * conventions (derived from the catalogue with no table per operation). Documentation links:
 * documentation-links.test.ts.
 */
import { NodeHelpers, Workflow, type INode, type INodeProperties, type INodePropertyOptions, type INodeTypes } from 'n8n-workflow';
import * as z from '../../shared/validation/zod';
import { defineOperation, type AnyOperation } from '../../shared';
import { nodeOperations, nodeProperties } from '../../n8n-nodes/nodes/Prospecting/description';
import { operationAction, operationName } from '../../n8n-nodes/nodes/Prospecting/description/operation-names';
import { subtitleExpression } from '../../n8n-nodes/nodes/Prospecting/description/subtitle';

/* eslint-disable @typescript-eslint/no-require-imports */
const { Prospecting } = require('../../n8n-nodes/nodes/Prospecting/Prospecting.node.ts') as typeof import('../../n8n-nodes/nodes/Prospecting/Prospecting.node');
/* eslint-enable @typescript-eslint/no-require-imports */

const node = new Prospecting();
const nodeTypes: INodeTypes = {
  getByName: () => node,
  getByNameAndVersion: (_type, version) => NodeHelpers.getVersionedNodeType(node, version),
  getKnownTypes: () => ({}),
};

/** The subtitle as n8n's editor computes it (getNodeSubtitle: getSimpleParameterValue over the node's parameters). */
function subtitleOf(resource: string, operation: string): unknown {
  const n: INode = { id: '1', name: 'P', type: 'CUSTOM.prospecting', typeVersion: 2, position: [0, 0], parameters: { resource, operation } };
  const workflow = new Workflow({ nodes: [n], connections: {}, active: false, nodeTypes });
  return workflow.expression.getSimpleParameterValue(n, node.description.subtitle!, 'internal', {});
}

function operationOptions(properties: INodeProperties[]): (INodePropertyOptions & { resource: string })[] {
  return properties
    .filter((p) => p.name === 'operation')
    .flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => ({ ...o, resource: p.displayOptions!.show!.resource![0] as string })));
}

const fakeOp = (resource: string, action: string, title: string, returns?: 'list'): AnyOperation =>
  defineOperation({
    ...nodeOperations.find((op) => op.id === 'credits.get')!,
    id: `${resource}.${action}`,
    resource,
    action,
    title,
    returns,
    input: z.strictObject({}),
  }) as AnyOperation;

describe('canvas subtitle', () => {
  it.each(nodeOperations.map((op) => [op.id, op] as const))('%s shows its action, not "operation: resource"', (_id, op) => {
    const subtitle = subtitleOf(op.resource, op.action);
    expect(subtitle).toBe(operationAction(op));
    expect(subtitle).not.toContain(`${op.action}: ${op.resource}`);
  });

  it('the expression is derived from the operations it is given', () => {
    expect(subtitleExpression([fakeOp('widgets', 'list', 'List widgets', 'list')])).toContain('"widgets:list":"Get many widgets"');
  });
});

describe('operation and action names', () => {
  const options = operationOptions(nodeProperties(nodeOperations, 2));

  it('lists read as "Get Many" / "Get many …"; no name or action starts with "List"', () => {
    for (const op of nodeOperations.filter((o) => o.returns === 'list' && !/^search/i.test(o.title))) {
      expect(operationName(op)).toMatch(/^Get Many\b/);
      expect(operationAction(op)).toMatch(/^Get many /);
    }
    for (const o of options) {
      expect(o.name).not.toMatch(/^List\b/);
      expect(o.action).not.toMatch(/^List\b/);
    }
    expect(options.find((o) => o.resource === 'lists' && o.value === 'getAll')).toEqual(
      expect.objectContaining({ name: 'Get Many', action: 'Get many lists' }),
    );
    expect(options.find((o) => o.resource === 'campaigns' && o.value === 'list')).toEqual(
      expect.objectContaining({ name: 'Get Many', action: 'Get many campaigns' }),
    );
  });

  it('names drop the resource noun and are in Title Case; actions are sentence case with acronyms kept', () => {
    for (const o of options) {
      expect(o.name).toMatch(/^(\p{Lu}[\p{L}]*)( \p{Lu}[\p{L}]*)*$/u);
      expect(o.action!.charAt(0)).toBe(o.action!.charAt(0).toUpperCase());
    }
    const named = (resource: string, value: string) => options.find((o) => o.resource === resource && o.value === value)!;
    expect(named('campaigns', 'create')).toEqual(expect.objectContaining({ name: 'Create', action: 'Create campaign' }));
    expect(named('campaigns', 'addContacts').name).toBe('Add Contacts');
    expect(named('orgContacts', 'list')).toEqual(expect.objectContaining({ name: 'Get Many', action: 'Get many saved contacts' }));
    expect(named('custom', 'call')).toEqual(expect.objectContaining({ name: 'Custom API Call', action: 'Custom API call' }));
  });

  it('a new catalogue operation gets its names with no table to edit', () => {
    const op = fakeOp('lists', 'archive', 'Archive list');
    expect([operationName(op), operationAction(op)]).toEqual(['Archive', 'Archive list']);
    const many = fakeOp('savedSearches', 'listShared', 'List shared saved searches', 'list');
    expect([operationName(many), operationAction(many)]).toEqual(['Get Many Shared', 'Get many shared saved searches']);
  });
});
