import type { INodeTypeBaseDescription } from 'n8n-workflow';
import { prospectingV2Description } from '../description/v2';
import { ProspectingV1 } from '../v1/ProspectingV1';

/**
 * Version 2 of the Prospecting node: the same execution as version 1 (input.ts reads each field where the
 * node's version places it), with the version 2 parameters.
 */
export class ProspectingV2 extends ProspectingV1 {
  constructor(baseDescription: INodeTypeBaseDescription) {
    super(baseDescription);
    this.description = prospectingV2Description(baseDescription);
  }
}
