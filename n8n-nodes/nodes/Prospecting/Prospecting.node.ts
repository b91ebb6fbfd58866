import type { INodeTypeBaseDescription, IVersionedNodeType } from 'n8n-workflow';
import { VersionedNodeType } from 'n8n-workflow';
import { APP_DESCRIPTION } from './description/app-description';
import { subtitleExpression } from './description/subtitle';
import { ProspectingV1 } from './v1/ProspectingV1';
import { ProspectingV2 } from './v2/ProspectingV2';
import { ProspectingV3 } from './v3/ProspectingV3';
import { ProspectingV4 } from './v4/ProspectingV4';

/**
 * The Prospecting action node, versioned the n8n way: a saved workflow names the version it was built with
 * (`typeVersion`) and keeps getting that version's parameters; new workflows get `defaultVersion`. A catalogue
 * change that would rename, retype or drop a parameter of a published version goes into a new version instead
 * (test/n8n/node-versions.test.ts fails otherwise, naming what changed).
 */
export class Prospecting extends VersionedNodeType {
  constructor() {
    // The name is the node type saved in users' workflows (`n8n-nodes-prospecting.prospecting`): it never changes.
    const baseDescription: INodeTypeBaseDescription = {
      displayName: 'Prospecting',
      name: 'prospecting',
      icon: { light: 'file:prospecting.svg', dark: 'file:prospecting.dark.svg' },
      group: ['transform'],
      // The chosen operation's action ("Get many saved contacts"), not its raw values.
      subtitle: subtitleExpression(),
      description: APP_DESCRIPTION,
      // Its README section; build.mjs stamps the README's address.
      documentationUrl: 'http://readme.invalid/n8n-nodes-prospecting#prospecting',
      defaultVersion: 4,
      // As an AI agent's tool (n8n's "Prospecting Tool" type) its Docs link opens the README's section on tool use.
      usableAsTool: { replacements: { documentationUrl: 'http://readme.invalid/n8n-nodes-prospecting#as-an-ai-agents-tool' } },
    };
    const nodeVersions: IVersionedNodeType['nodeVersions'] = {
      1: new ProspectingV1(baseDescription),
      // Send Email's Subject and Body moved out of Additional Fields (version 1 keeps them there).
      2: new ProspectingV2(baseDescription),
      // Simplify (on) for research output, a multi-line Body and Contact ID from the input in Send Email.
      3: new ProspectingV3(baseDescription),
      // As an AI agent's tool: the chosen operation's own description for the model.
      4: new ProspectingV4(baseDescription),
    };
    super(nodeVersions, baseDescription);
  }
}
