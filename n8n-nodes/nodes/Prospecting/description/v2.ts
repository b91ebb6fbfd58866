import type { INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';
import type { AnyOperation } from '../../../../shared';
import { nodeOperations } from './index';
import { prospectingDescription } from './v1';

/** Version 2 (the default for new nodes): Send Email shows Subject and Body at the top level, needed unless a Template is chosen. */
export function prospectingV2Description(base: INodeTypeBaseDescription, ops: readonly AnyOperation[] = nodeOperations): INodeTypeDescription {
  return prospectingDescription(base, 2, ops);
}
