import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { customCallWithWarnings, runAsync, type Answered, type CustomCallInput } from '../../../shared';
import type { Connection } from './client';
import { parseJsonField } from './json-text';

const JSON_FIELD_LABELS: Record<string, string> = { query: 'Query Parameters (JSON)', body: 'Body (JSON)' };

/** The query or body of a custom call: a JSON object, or nothing when empty; anything else names the field. */
function readJsonParam(ctx: IExecuteFunctions, name: 'query' | 'body', itemIndex: number): Record<string, unknown> | undefined {
  const raw = ctx.getNodeParameter(name, itemIndex, '{}') as unknown;
  const parsed = parseJsonField(name, raw);
  if (!parsed.ok) {
    throw new NodeOperationError(ctx.getNode(), `Custom API call: ${parsed.message}\nNothing was sent.`, {
      itemIndex,
      description: `Write ${JSON_FIELD_LABELS[name]} as one JSON object, e.g. {"key": "value"}: double quotes around names and text, no trailing comma.`,
    });
  }
  const value = parsed.value;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new NodeOperationError(
      ctx.getNode(),
      `Custom API call: ${name}: must be a JSON object ({"key": "value"}), not ${Array.isArray(value) ? 'an array' : typeof value}. Nothing was sent.`,
      {
        itemIndex,
      },
    );
  }
  return Object.keys(value).length ? (value as Record<string, unknown>) : undefined;
}

/** The custom call for one item: its fields read and checked here, then the core's custom call (validated again, paced, signed). */
export async function runCustomCall(ctx: IExecuteFunctions, conn: Connection, itemIndex: number): Promise<Answered<unknown>> {
  const method = ctx.getNodeParameter('method', itemIndex) as CustomCallInput['method'];
  const input: CustomCallInput = {
    version: ctx.getNodeParameter('version', itemIndex) as CustomCallInput['version'],
    method,
    path: ctx.getNodeParameter('path', itemIndex) as string,
    query: readJsonParam(ctx, 'query', itemIndex) as CustomCallInput['query'],
    body: method === 'GET' ? undefined : readJsonParam(ctx, 'body', itemIndex),
  };
  return await runAsync(customCallWithWarnings(conn.client, input), conn.host);
}
