import type { IExecuteFunctions, INodeExecutionData, INodeTypeBaseDescription } from 'n8n-workflow';
import { prospectingV3Description } from '../description/v3';
import { simplifyOutput } from '../simplify';
import { ProspectingV1 } from '../v1/ProspectingV1';

/**
 * Version 3 of the Prospecting node (the default for new nodes): the same execution, then Simplify (on by default)
 * flattens research records; Send Email's Body is a multi-line editor and its Contact ID is taken from the input item.
 */
export class ProspectingV3 extends ProspectingV1 {
  constructor(baseDescription: INodeTypeBaseDescription) {
    super(baseDescription);
    this.description = prospectingV3Description(baseDescription);
  }

  override async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    return simplifyOutput(this, await ProspectingV1.prototype.execute.call(this));
  }
}
