/**
 * What a new user meets in the editor (issue 23): resource names instead of raw values, "Get many activities",
 * trigger subtitles that name the chosen events, and the node picker's merged Prospecting entry describing the app.
 */
import { NodeHelpers, Workflow, type INode, type INodePropertyOptions, type INodeType, type INodeTypes } from 'n8n-workflow';
import { nodeOperations, nodeProperties } from '../../n8n-nodes/nodes/Prospecting/description';
import { APP_DESCRIPTION } from '../../n8n-nodes/nodes/Prospecting/description/app-description';
import { resourceNames } from '../../n8n-nodes/nodes/Prospecting/description/names';
import { operationAction } from '../../n8n-nodes/nodes/Prospecting/description/operation-names';
import { nodeClasses } from './harness';

/* eslint-disable @typescript-eslint/no-require-imports */
const { Prospecting } = require('../../n8n-nodes/nodes/Prospecting/Prospecting.node.ts') as typeof import('../../n8n-nodes/nodes/Prospecting/Prospecting.node');
/* eslint-enable @typescript-eslint/no-require-imports */

function subtitleOf(nodeType: INodeType, parameters: INode['parameters']): unknown {
  const nodeTypes: INodeTypes = { getByName: () => nodeType, getByNameAndVersion: () => nodeType, getKnownTypes: () => ({}) };
  const n: INode = { id: '1', name: 'T', type: 'CUSTOM.t', typeVersion: 1, position: [0, 0], parameters };
  const workflow = new Workflow({ nodes: [n], connections: {}, active: false, nodeTypes });
  return workflow.expression.getSimpleParameterValue(n, nodeType.description.subtitle!, 'internal', {});
}

describe('resource names', () => {
  const resource = nodeProperties(nodeOperations, 3).find((p) => p.name === 'resource')!;
  const options = resource.options as INodePropertyOptions[];

  it('every resource in the dropdown (and the action headings) has a name of its own, never its raw value', () => {
    for (const op of nodeOperations) expect(resourceNames[op.resource]).toEqual(expect.any(String));
    for (const o of options) expect(o.name).not.toMatch(/^[a-z]+[A-Z]\w*$/);
    expect(options.map((o) => o.name)).toEqual(expect.arrayContaining(['Campaign Step', 'Email Footer']));
  });

  it('a list whose title keeps its noun in the singular reads in the plural: "Get many activities"', () => {
    const activity = nodeOperations.find((op) => op.id === 'activity.list')!;
    expect(operationAction(activity)).toBe('Get many activities');
    expect(operationAction(nodeOperations.find((op) => op.id === 'campaignSteps.list')!)).toBe('Get many campaign steps');
    // A noun followed by more words is left alone.
    expect(operationAction(nodeOperations.find((op) => op.id === 'campaigns.listContacts')!)).toBe('Get many campaign contacts');
  });
});

describe('trigger subtitles on the canvas', () => {
  it('the polling trigger shows the chosen event by its name', () => {
    expect(subtitleOf(nodeClasses.prospectingTrigger, { event: 'newContacts' })).toBe('New or Updated Saved Contact');
    expect(subtitleOf(nodeClasses.prospectingTrigger, { event: 'newActivity' })).toBe('New Activity');
  });

  it('the webhook trigger shows the chosen events by their names', () => {
    const subtitle = subtitleOf(nodeClasses.prospectingWebhookTrigger, { events: ['contact-researched', 'company-researched'] });
    expect(subtitle).toBe('Contact Researched, Company Researched');
    expect(subtitleOf(nodeClasses.prospectingWebhookTrigger, { events: ['company-researched'] })).toBe('Company Researched');
  });
});

describe('the node picker', () => {
  /**
   * n8n's node creator (useActionsGeneration) merges `X` and `XTrigger` into one entry and gives it the trigger's
   * description: what a user sees when adding the action node after another and typing its name.
   */
  function pickerEntryDescription(action: INodeType, trigger: INodeType): string {
    const app = { name: action.description.name, description: action.description.description };
    if (trigger.description.name.replace('Trigger', '') === app.name) app.description = trigger.description.description;
    return app.description;
  }

  it("the merged Prospecting entry describes the app (search, research, outreach), not only the trigger's events", () => {
    const action = NodeHelpers.getVersionedNodeType(new Prospecting(), 3);
    const shown = pickerEntryDescription(action, nodeClasses.prospectingTrigger);
    expect(shown.startsWith(APP_DESCRIPTION)).toBe(true);
    expect(shown).not.toMatch(/^Starts the workflow/);
    expect(action.description.description.startsWith(APP_DESCRIPTION)).toBe(true);
  });
});
