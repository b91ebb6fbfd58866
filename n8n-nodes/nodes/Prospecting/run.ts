import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { callWithWarnings, operationsById, withWarnings, paginate, runAsync, type AnyOperation, type Answered } from '../../../shared';
import { runCustomCall } from './custom-call';
import type { Connection } from './client';
import { isListOperation } from './description/derive';
import { readInput } from './input';
import { limitRule } from './input-checks';
import { credentialProblem, runMcpCall } from './mcp';

function asJson(value: unknown): IDataObject {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as IDataObject;
  return { result: value as IDataObject[keyof IDataObject] };
}

/**
 * One n8n item per record for lists, one item otherwise; each paired to the input item it came from. The
 * answer's warnings (e.g. "it was carried out; do not repeat it") go on each item as `json.warnings`.
 */
export function toItems(result: unknown, itemIndex: number, warnings: readonly string[] = []): INodeExecutionData[] {
  const records = Array.isArray(result) ? result : [result];
  return records.map((record) => {
    const json = asJson(record);
    return { json: withWarnings(json, [...warnings]), pairedItem: { item: itemIndex } };
  });
}

/** Limit: checked here, since lists the service answers whole never send it (a bad one would cut nothing). */
function readLimit(ctx: IExecuteFunctions, itemIndex: number): number {
  const checked = limitRule(ctx.getNodeParameter('limit', itemIndex, 50));
  if (checked.limit !== undefined) return checked.limit;
  throw new NodeOperationError(ctx.getNode(), `Limit: ${checked.rule}. Nothing was sent.`, {
    itemIndex,
    description: 'Set Limit to how many results to return, or turn on Return All.',
  });
}

/**
 * Lists: Return All reads every page (the core follows page numbers or nextToken); Limit reads only the
 * pages it needs. Lists the service answers whole are cut to the limit here.
 */
async function runList(
  ctx: IExecuteFunctions,
  conn: Connection,
  op: AnyOperation,
  input: Record<string, unknown>,
  itemIndex: number,
): Promise<Answered<unknown[]>> {
  const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
  const limit = returnAll ? undefined : readLimit(ctx, itemIndex);
  if (op.pagination.style !== 'none') {
    const run = await runAsync(paginate<unknown>(conn.client, op, input, { maxItems: limit, limit }), conn.host);
    return { data: limit === undefined ? run.items : run.items.slice(0, limit), warnings: [] };
  }
  // campaigns.list takes a limit of its own: let the service cut the list.
  const withLimit = limit !== undefined && op.queryFields.includes('limit') ? { ...input, limit: Math.min(limit, 500) } : input;
  const answered = await runAsync(callWithWarnings(conn.client, op, withLimit), conn.host);
  const all = answered.data as unknown[];
  return { data: limit === undefined ? all : all.slice(0, limit), warnings: answered.warnings };
}

/** What a Resource + Operation pick runs: a catalogue operation, or the custom call (its own kind, see description/index.ts). */
export type NodeTarget = { kind: 'operation'; op: AnyOperation } | { kind: 'custom' };

export function nodeTarget(resource: string, action: string): NodeTarget {
  if (resource === 'custom' && action === 'call') return { kind: 'custom' };
  const op = operationsById.get(`${resource}.${action}`);
  if (!op) throw new Error(`Unknown operation "${resource}.${action}"`);
  return { kind: 'operation', op };
}

/** Runs one pick for one input item and returns what it answered, with the answer's warnings. */
export async function runTarget(ctx: IExecuteFunctions, conn: Connection, target: NodeTarget, itemIndex: number): Promise<Answered<unknown>> {
  if (target.kind === 'custom') return await runCustomCall(ctx, conn, itemIndex);
  return await runOperation(ctx, conn, target.op, itemIndex);
}

async function runOperation(ctx: IExecuteFunctions, conn: Connection, op: AnyOperation, itemIndex: number): Promise<Answered<unknown>> {
  const problem = credentialProblem(conn, op);
  if (problem) throw new NodeOperationError(ctx.getNode(), `${problem} Nothing was sent.`, { itemIndex });
  if (op.mcp === 'tools/call') return { data: await runMcpCall(ctx, conn, itemIndex), warnings: [] };
  const input = readInput(ctx, op, itemIndex);
  if (isListOperation(op)) return await runList(ctx, conn, op, input, itemIndex);
  return await runAsync(callWithWarnings(conn.client, op, input), conn.host);
}
