import type { INodeTypeBaseDescription } from 'n8n-workflow';
import { prospectingDescription } from '../description/v1';
import { ProspectingV3 } from '../v3/ProspectingV3';

/**
 * Version 4 of the Prospecting node (the default for new nodes): version 3's fields and execution, and as an AI
 * agent's tool a description of the chosen operation (description/tool-description.ts) instead of n8n's generic
 * "Tool Description" field. A new version because a saved tool that chose "Set Automatically" after typing a text
 * would otherwise start sending that text to the model.
 */
export class ProspectingV4 extends ProspectingV3 {
  constructor(baseDescription: INodeTypeBaseDescription) {
    super(baseDescription);
    this.description = prospectingDescription(baseDescription, 4);
  }
}
