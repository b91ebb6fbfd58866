import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { operation, type ResearchKind } from '../../../shared';
import { connect } from './client';
import { credentialsDescription } from './description/authentication';
import { nodeOperations, properties } from './description';
import { errorItemJson, toNodeError } from './errors';
import { listSearch } from './methods';
import { researchItems } from './research';
import { runOperation, toItems } from './run';

export class Prospecting implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Prospecting',
    name: 'prospecting',
    icon: { light: 'file:prospecting.svg', dark: 'file:prospecting.dark.svg' },
    group: ['transform'],
    version: 1,
    subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
    description: `Search, research and reach out to contacts and companies (${nodeOperations.length} operations)`,
    defaults: { name: 'Prospecting' },
    usableAsTool: true,
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: credentialsDescription,
    properties,
  };

  methods = { listSearch };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData();
    const resource = this.getNodeParameter('resource', 0) as string;
    const action = this.getNodeParameter('operation', 0) as string;
    const op = operation(`${resource}.${action}`);
    // One client for the whole execution: pacing and the credit balance carry from item to item.
    const conn = await connect(this);

    if (action === 'research') return [await researchItems(this, conn, resource as ResearchKind, items)];

    const out: INodeExecutionData[] = [];
    for (let i = 0; i < items.length; i++) {
      try {
        out.push(...toItems(await runOperation(this, conn, op, i), i));
      } catch (error) {
        if (this.continueOnFail()) {
          out.push({ json: errorItemJson(error), pairedItem: { item: i } });
          continue;
        }
        throw toNodeError(this.getNode(), error, i);
      }
    }
    return [out];
  }
}
