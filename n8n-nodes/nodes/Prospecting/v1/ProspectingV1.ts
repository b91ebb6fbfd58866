import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';
import type { ResearchKind } from '../../../../shared';
import { connect } from '../client';
import { prospectingV1Description } from '../description/v1';
import { errorItemJson, toNodeError } from '../errors';
import { cleanItems, withoutSecrets } from '../guard';
import { listSearch } from '../methods';
import { getMcpTools } from '../mcp';
import { researchItems } from '../research';
import { nodeTarget, runTarget, toItems } from '../run';

/** Version 1 of the Prospecting node: the parameters of today's catalogue, frozen by the snapshot test. */
export class ProspectingV1 implements INodeType {
  description: INodeTypeDescription;

  methods = { listSearch, loadOptions: { getMcpTools } };

  constructor(baseDescription: INodeTypeBaseDescription) {
    this.description = prospectingV1Description(baseDescription);
  }

  /** Every path out of the node (items, Continue-on-Fail items, research results, thrown errors) is redacted. */
  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    return await withoutSecrets(this, async () => await executeNode(this), cleanItems);
  }
}

async function executeNode(ctx: IExecuteFunctions): Promise<INodeExecutionData[][]> {
  const items = ctx.getInputData();
  const resource = ctx.getNodeParameter('resource', 0) as string;
  const action = ctx.getNodeParameter('operation', 0) as string;
  const target = nodeTarget(resource, action);
  // One client for the whole execution: pacing and the credit balance carry from item to item.
  const conn = await connect(ctx);

  if (target.kind === 'operation' && target.op.submitsResearch) return [await researchItems(ctx, conn, resource as ResearchKind, items)];

  const out: INodeExecutionData[] = [];
  for (let i = 0; i < items.length; i++) {
    try {
      const answered = await runTarget(ctx, conn, target, i);
      out.push(...toItems(answered.data, i, answered.warnings));
    } catch (error) {
      if (ctx.continueOnFail()) {
        out.push({ json: errorItemJson(error, i), pairedItem: { item: i } });
        continue;
      }
      throw toNodeError(ctx.getNode(), error, i);
    }
  }
  return [out];
}
