import type { INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';
import type { AnyOperation } from '../../../../shared';
import { nodeOperations } from './index';
import { prospectingDescription } from './v1';

/**
 * Version 3 (the default for new nodes): Simplify on research output (simplify.ts), and the version-3 field changes
 * of field-changes.ts (Send Email's multi-line Body, Contact ID from the input item).
 */
export function prospectingV3Description(base: INodeTypeBaseDescription, ops: readonly AnyOperation[] = nodeOperations): INodeTypeDescription {
  return prospectingDescription(base, 3, ops);
}
