import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { call, customCall, paginate, runAsync, type AnyOperation, type CustomCallInput } from '../../../shared';
import type { Connection } from './client';
import { isListOperation } from './description/derive';
import { readInput } from './input';

function asJson(value: unknown): IDataObject {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as IDataObject;
  return { result: value as IDataObject[keyof IDataObject] };
}

/** One n8n item per record for lists, one item otherwise; each paired to the input item it came from. */
export function toItems(result: unknown, itemIndex: number): INodeExecutionData[] {
  const records = Array.isArray(result) ? result : [result];
  return records.map((record) => ({ json: asJson(record), pairedItem: { item: itemIndex } }));
}

function readJsonParam(ctx: IExecuteFunctions, name: string, itemIndex: number): Record<string, unknown> | undefined {
  const raw = ctx.getNodeParameter(name, itemIndex, '{}') as unknown;
  const value = typeof raw === 'string' ? (raw.trim() ? (JSON.parse(raw) as unknown) : {}) : raw;
  return value && typeof value === 'object' && Object.keys(value).length ? (value as Record<string, unknown>) : undefined;
}

async function runCustom(ctx: IExecuteFunctions, conn: Connection, itemIndex: number): Promise<unknown> {
  const method = ctx.getNodeParameter('method', itemIndex) as CustomCallInput['method'];
  const input: CustomCallInput = {
    version: ctx.getNodeParameter('version', itemIndex) as CustomCallInput['version'],
    method,
    path: ctx.getNodeParameter('path', itemIndex) as string,
    query: readJsonParam(ctx, 'query', itemIndex) as CustomCallInput['query'],
    body: method === 'GET' ? undefined : readJsonParam(ctx, 'body', itemIndex),
  };
  return await runAsync(customCall(conn.client, input), conn.host);
}

/**
 * Lists: Return All reads every page (the core follows page numbers or nextToken); Limit reads only the
 * pages it needs. Lists the service answers whole are cut to the limit here.
 */
async function runList(ctx: IExecuteFunctions, conn: Connection, op: AnyOperation, input: Record<string, unknown>, itemIndex: number): Promise<unknown[]> {
  const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
  const limit = returnAll ? undefined : (ctx.getNodeParameter('limit', itemIndex, 50) as number);
  if (op.pagination.style !== 'none') {
    const run = await runAsync(paginate<unknown>(conn.client, op, input, { maxItems: limit, limit }), conn.host);
    return limit === undefined ? run.items : run.items.slice(0, limit);
  }
  // campaigns.list takes a limit of its own: let the service cut the list.
  const withLimit = limit !== undefined && op.queryFields.includes('limit') ? { ...input, limit: Math.min(limit, 500) } : input;
  const all = (await runAsync(call(conn.client, op, withLimit), conn.host)) as unknown[];
  return limit === undefined ? all : all.slice(0, limit);
}

/** Runs one operation for one input item and returns what it answered. */
export async function runOperation(ctx: IExecuteFunctions, conn: Connection, op: AnyOperation, itemIndex: number): Promise<unknown> {
  if (op.id === 'custom.call') return await runCustom(ctx, conn, itemIndex);
  const input = readInput(ctx, op, itemIndex);
  if (isListOperation(op)) return await runList(ctx, conn, op, input, itemIndex);
  return await runAsync(call(conn.client, op, input), conn.host);
}
