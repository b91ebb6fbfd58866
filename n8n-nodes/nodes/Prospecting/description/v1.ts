import type { INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import type { AnyOperation } from '../../../../shared';
import { credentialsDescription } from './authentication';
import { nodeExtras, nodeOperations, nodeProperties } from './index';

/**
 * One version of the node: the node's shared base (Prospecting.node.ts) plus the parameters derived from the
 * catalogue as that version places them (properties.ts isTopLevel). Each published version is frozen by the snapshot
 * test (test/n8n/node-versions.test.ts). Takes the operations as an argument so a test can add one.
 */
export function prospectingDescription(base: INodeTypeBaseDescription, version: number, ops: readonly AnyOperation[] = nodeOperations): INodeTypeDescription {
  return {
    ...base,
    description: `${base.description} (${ops.length + nodeExtras.length} operations)`,
    version,
    defaults: { name: 'Prospecting' },
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: credentialsDescription,
    properties: nodeProperties(ops, version),
  };
}

/**
 * Version 1, as saved workflows know it: a change that would rename, retype or drop one of its parameters needs a
 * new version instead (version 2 moved Send Email's Subject and Body out of Additional Fields).
 */
export function prospectingV1Description(base: INodeTypeBaseDescription, ops: readonly AnyOperation[] = nodeOperations): INodeTypeDescription {
  return prospectingDescription(base, 1, ops);
}
