import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { operation, type ResearchKind } from '../../../shared';
import { connect } from './client';
import { credentialsDescription } from './description/authentication';
import { nodeOperations, properties } from './description';
import { errorItemJson, toNodeError } from './errors';
import { cleanItems, withoutSecrets } from './guard';
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

  /** Every path out of the node (items, Continue-on-Fail items, research results, thrown errors) is redacted. */
  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    return await withoutSecrets(this, async () => await executeNode(this), cleanItems);
  }
}

async function executeNode(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
  const items = ctx.getInputData();
  const resource = ctx.getNodeParameter('resource', 0) as string;
  const action = ctx.getNodeParameter('operation', 0) as string;
  const op = operation(`${resource}.${action}`);
  // One client for the whole execution: pacing and the credit balance carry from item to item.
  const conn = await connect(ctx);

  if (action === 'research') return [await researchItems(ctx, conn, resource as ResearchKind, items)];

  const out: INodeExecutionData[] = [];
  for (let i = 0; i < items.length; i++) {
    try {
      out.push(...toItems(await runOperation(ctx, conn, op, i), i));
    } catch (error) {
      if (ctx.continueOnFail()) {
        out.push({ json: errorItemJson(error), pairedItem: { item: i } });
        continue;
      }
      throw toNodeError(ctx.getNode(), error, i);
    }
  }
  return [out];
}
