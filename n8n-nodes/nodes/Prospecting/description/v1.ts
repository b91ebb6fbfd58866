import type { INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import type { AnyOperation } from '../../../../shared';
import { credentialsDescription } from './authentication';
import { nodeExtras, nodeOperations, nodeProperties } from './index';

/**
 * Version 1 of the node, as saved workflows know it: the node's shared base (Prospecting.node.ts) plus the
 * parameters derived from the catalogue. Frozen by the snapshot test (test/n8n/node-versions.test.ts): a change
 * that would rename, retype or drop one of its parameters needs a version 2 instead. Takes the operations as an
 * argument so a test can add one; the node passes today's catalogue.
 */
export function prospectingV1Description(base: INodeTypeBaseDescription, ops: readonly AnyOperation[] = nodeOperations): INodeTypeDescription {
  return {
    ...base,
    description: `${base.description} (${ops.length + nodeExtras.length} operations)`,
    version: 1,
    defaults: { name: 'Prospecting' },
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: credentialsDescription,
    properties: nodeProperties(ops),
  };
}
