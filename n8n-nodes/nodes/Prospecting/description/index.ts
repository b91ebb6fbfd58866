import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { catalogue, type AnyOperation } from '../../../../shared';
import { authenticationProperty } from './authentication';
import { customCallProperties } from './custom';
import { derivedProperties } from './properties';
import { actionNames, hiddenOperations, resourceNames } from './names';
import { researchProperties } from './research';

/** Every catalogue operation the node offers (all but the token routes, which the credential handles). */
export const nodeOperations: readonly AnyOperation[] = catalogue.filter((op) => !hiddenOperations.has(op.id));

const resources = [...new Set(nodeOperations.map((op) => op.resource))];

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

const resourceProperty: INodeProperties = {
  displayName: 'Resource',
  name: 'resource',
  type: 'options',
  noDataExpression: true,
  options: resources.map((r) => ({ name: resourceNames[r] ?? r, value: r })).sort((a, b) => a.name.localeCompare(b.name)),
  default: 'contacts',
};

function operationProperty(resource: string): INodeProperties {
  const ops = nodeOperations.filter((op) => op.resource === resource);
  const firstAction = ops[0].action;
  const options: INodePropertyOptions[] = ops
    .map((op) => ({ name: actionNames[op.action] ?? op.title, value: op.action, description: op.description, action: sentence(op.title) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show: { resource: [resource] } },
    options,
    default: firstAction,
  };
}

function fieldsOf(op: AnyOperation): INodeProperties[] {
  if (op.action === 'research') return [];
  if (op.id === 'custom.call') return customCallProperties;
  return derivedProperties(op);
}

/** The node's whole parameter list, derived from the core catalogue. */
export const properties: INodeProperties[] = [
  authenticationProperty,
  resourceProperty,
  ...resources.map(operationProperty),
  ...researchProperties,
  ...nodeOperations.flatMap(fieldsOf),
];
