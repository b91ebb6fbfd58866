/**
 * As an AI agent's tool, the node describes the chosen operation to the model (issue 23): from node version 4 it has
 * its own `toolDescription` per operation, shown only as a tool, whose default is derived from the catalogue entry.
 * Resolved here with n8n-workflow's own parameter resolution and tool description (what n8n-core's createNodeAsTool
 * hands the model); test/n8n-e2e/tool-description.test.ts checks a real n8n's agent request on both majors.
 */
import type { INode, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { nodeExtras, nodeOperations } from '../../n8n-nodes/nodes/Prospecting/description';
import { toolDescriptionText } from '../../n8n-nodes/nodes/Prospecting/description/tool-description';
import { TOOL_DEFAULT_MAX_CREDITS } from '../../n8n-nodes/nodes/Prospecting/tool-mode';
import { operation } from '../../shared';

/* eslint-disable @typescript-eslint/no-require-imports */
const { Prospecting } = require('../../n8n-nodes/nodes/Prospecting/Prospecting.node.ts') as typeof import('../../n8n-nodes/nodes/Prospecting/Prospecting.node');
/* eslint-enable @typescript-eslint/no-require-imports */

const node = new Prospecting();

/** The description n8n gives the tool variant of a usable-as-tool node: the same, named `<name>Tool`. */
function asToolType(version: number): INodeTypeDescription {
  const description = node.getNodeType(version).description;
  return { ...description, name: `${description.name}Tool` };
}

/** What n8n hands the model for a node with these saved parameters (defaults filled in as the Workflow does). */
function modelDescription(version: number, saved: Record<string, unknown>): string {
  const type = asToolType(version);
  const bare: INode = {
    id: '1',
    name: 'Prospecting',
    type: `n8n-nodes-prospecting.${type.name}`,
    typeVersion: version,
    position: [0, 0],
    parameters: saved as INode['parameters'],
  };
  const parameters = NodeHelpers.getNodeParameters(type.properties, bare.parameters, true, false, bare, type)!;
  return NodeHelpers.getToolDescriptionForNode({ ...bare, parameters }, { description: type } as never);
}

it('every operation and the custom call get their own description, from the catalogue entry, by default', () => {
  for (const op of [...nodeOperations, ...nodeExtras]) {
    const text = modelDescription(4, { resource: op.resource, operation: op.action });
    expect(text).toBe(toolDescriptionText(op));
    expect(text).toContain(op.description);
  }
});

it('names what research costs and the tool cap; a free read says it is free', () => {
  const research = modelDescription(4, { resource: 'contacts', operation: 'research' });
  expect(research).toContain(operation('contacts.research').description);
  expect(research).toContain('one credit per person');
  expect(research).toContain(`at most ${TOOL_DEFAULT_MAX_CREDITS} credits unless Maximum Credits is set`);
  const search = modelDescription(4, { resource: 'contacts', operation: 'search' });
  expect(search).toMatch(/^Search contacts: Finds people .*Free: uses no credits\. Returns a list of records, read in pages of up to 500\.$/);
  expect(modelDescription(4, { resource: 'campaigns', operation: 'get' })).toBe('Get campaign: Reads one campaign with its steps. Free: spends no credits.');
  expect(modelDescription(4, { resource: 'emails', operation: 'send' })).toContain('never repeats it after an ambiguous failure');
});

it("the user's own text wins over the default", () => {
  expect(modelDescription(4, { resource: 'contacts', operation: 'search', toolDescription: 'Find VPs of sales.' })).toBe('Find VPs of sales.');
});

it('is shown only when the node is a tool, and only from version 4; n8n then adds no generic field', () => {
  const plain = node.getNodeType(4).description;
  const parameters = NodeHelpers.getNodeParameters(plain.properties, { resource: 'contacts', operation: 'research' }, true, false, null, plain)!;
  expect(parameters).not.toHaveProperty('toolDescription');
  // n8n's convertNodeToAiTool adds descriptionType + its own toolDescription only when no property has that name.
  expect(plain.properties.some((p) => p.name === 'toolDescription')).toBe(true);
  expect(node.getNodeType(3).description.properties.some((p) => p.name === 'toolDescription')).toBe(false);
  expect(node.description.defaultVersion).toBe(4);
});
