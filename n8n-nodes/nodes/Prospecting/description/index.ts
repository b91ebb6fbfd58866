import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { catalogue, customCallSummary, type AnyOperation } from '../../../../shared';
import { authenticationProperty } from './authentication';
import { customCallProperties } from './custom';
import { mcpCallProperties } from './mcp';
import { derivedProperties } from './properties';
import { hiddenOperations, resourceNames } from './names';
import { operationAction, operationName } from './operation-names';
import { researchProperties } from './research';
import { simplifyProperties } from './simplify';
import { toolDescriptionProperties } from './tool-description';

/** The operations of a catalogue the node offers (all but the token routes, which the credential handles). */
export function offeredOperations(ops: readonly AnyOperation[]): AnyOperation[] {
  return ops.filter((op) => !hiddenOperations.has(op.id));
}

/** Every catalogue operation the node offers. */
export const nodeOperations: readonly AnyOperation[] = offeredOperations(catalogue);

/** The resource whose one operation is the package's own Custom API Call (custom.ts, custom-call.ts). */
export const CUSTOM_CALL_RESOURCE = 'custom';

/**
 * Resources by name, the Custom API Call last, as n8n places its own. n8n appends a "Custom API Call" of its own
 * (a pointer to the HTTP Request node) to a node's Resource list unless the list already ends with an option of
 * that name (1.123 and 2.41: LoadNodesAndCredentials.injectCustomApiCallOptions), so ending with the package's own
 * keeps one entry: the package's, which paces, retries and reports like every other operation (docs/DECISIONS.md).
 */
function resourceProperty(resources: readonly string[]): INodeProperties {
  const byName = resources.map((r) => ({ name: resourceNames[r] ?? r, value: r })).sort((a, b) => a.name.localeCompare(b.name));
  return {
    displayName: 'Resource',
    name: 'resource',
    type: 'options',
    noDataExpression: true,
    options: [...byName.filter((o) => o.value !== CUSTOM_CALL_RESOURCE), ...byName.filter((o) => o.value === CUSTOM_CALL_RESOURCE)],
    default: 'contacts',
  };
}

/**
 * What the node offers beside the catalogue, each its own kind with its own resource, fields and runner (run.ts):
 * the custom call, whose caller names the path, so it is no catalogue operation.
 */
export interface NodeExtra {
  resource: string;
  action: string;
  title: string;
  description: string;
  properties: INodeProperties[];
}

export const nodeExtras: readonly NodeExtra[] = [
  {
    resource: CUSTOM_CALL_RESOURCE,
    action: 'call',
    title: customCallSummary.title,
    description: customCallSummary.description,
    properties: customCallProperties,
  },
];

type Offered = Pick<NodeExtra, 'resource' | 'action' | 'title' | 'description'> & Pick<AnyOperation, 'returns'>;

function operationProperty(offered: readonly Offered[], resource: string): INodeProperties {
  const mine = offered.filter((op) => op.resource === resource);
  const firstAction = mine[0].action;
  const options: INodePropertyOptions[] = mine
    .map((op) => ({ name: operationName(op), value: op.action, description: op.description, action: operationAction(op) }))
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

function fieldsOf(op: AnyOperation, nodeVersion: number): INodeProperties[] {
  if (op.submitsResearch) return [];
  if (op.mcp === 'tools/call') return mcpCallProperties;
  return derivedProperties(op, nodeVersion);
}

/**
 * The node's whole parameter list for one node version, derived from the operations it offers. Takes the
 * operations as an argument so a test can show that an operation added to the catalogue appears with no other change.
 */
export function nodeProperties(ops: readonly AnyOperation[], nodeVersion = 1, extras: readonly NodeExtra[] = nodeExtras): INodeProperties[] {
  const offered: Offered[] = [...ops, ...extras];
  const resources = [...new Set(offered.map((op) => op.resource))];
  return [
    authenticationProperty,
    resourceProperty(resources),
    ...resources.map((resource) => operationProperty(offered, resource)),
    ...toolDescriptionProperties(ops, extras, nodeVersion),
    ...researchProperties,
    ...simplifyProperties(nodeVersion),
    ...ops.flatMap((op) => fieldsOf(op, nodeVersion)),
    ...extras.flatMap((extra) => extra.properties),
  ];
}

/** The node's parameter list for today's catalogue. */
export const properties: INodeProperties[] = nodeProperties(nodeOperations);
