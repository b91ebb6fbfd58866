import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { SIMPLIFIED_OPERATIONS } from './description/simplify';

const RECORD_KEYS = { contacts: 'contact', companies: 'company' } as const;

/**
 * One research item with its record's fields at the top level. The item's own fields (requestId, status, outcome,
 * message, error, …) keep their names; a record field of the same name is kept as `contactStatus` / `companyStatus`,
 * so nothing is lost. An item without a record (not finished, failed) keeps its fields and loses only the null.
 */
export function simplifyResearchJson(kind: keyof typeof RECORD_KEYS, json: IDataObject): IDataObject {
  const key = RECORD_KEYS[kind];
  const record = json[key];
  const own: IDataObject = { ...json };
  delete own[key];
  if (!record || typeof record !== 'object' || Array.isArray(record)) return own;
  const flat: IDataObject = {};
  for (const [field, value] of Object.entries(record as IDataObject)) {
    flat[field in own ? `${key}${field.charAt(0).toUpperCase()}${field.slice(1)}` : field] = value;
  }
  return { ...own, ...flat };
}

/** Applies Simplify (node version 3 on) to the node's output, when the chosen operation nests records. */
export function simplifyOutput(ctx: IExecuteFunctions, out: INodeExecutionData[][]): INodeExecutionData[][] {
  const resource = ctx.getNodeParameter('resource', 0) as string;
  const operation = ctx.getNodeParameter('operation', 0) as string;
  if (!SIMPLIFIED_OPERATIONS[resource]?.includes(operation)) return out;
  if (ctx.getNodeParameter('simple', 0, true) !== true) return out;
  const kind = resource as keyof typeof RECORD_KEYS;
  return out.map((items) => items.map((item) => ({ ...item, json: simplifyResearchJson(kind, item.json) })));
}
