import type { IExecuteFunctions, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { callMcpTool, listMcpTools, runAsync, type AnyOperation } from '../../../shared';
import { connect, type Connection } from './client';
import { toNodeError } from './errors';
import { withoutSecrets } from './guard';
import { parseJsonField } from './json-text';

/**
 * Spec 5.7: the MCP endpoint takes the API key or an MCP token (scope mcp.all); the main API refuses MCP tokens. A
 * mismatch is named before anything is sent, with the Authentication value to pick.
 */
export function credentialProblem(conn: Pick<Connection, 'credentialType'>, op: Pick<AnyOperation, 'mcp' | 'title'>): string | null {
  if (op.mcp && conn.credentialType === 'prospectingOAuth2Api') {
    return `${op.title}: the MCP endpoint does not take this OAuth2 credential (its tokens are for the main API). Set Authentication to API Key or MCP OAuth2.`;
  }
  if (!op.mcp && conn.credentialType === 'prospectingMcpOAuth2Api') {
    return `${op.title}: the MCP OAuth2 credential works for MCP Tool and Feature operations only. Set Authentication to API Key or OAuth2.`;
  }
  return null;
}

/** loadOptions for Tool: the service's tools/list now, each with its description. */
export async function getMcpTools(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
  return await withoutSecrets(
    this,
    async () => {
      try {
        const conn = await connect(this);
        const problem = credentialProblem(conn, { mcp: 'tools/list', title: 'List MCP tools' });
        if (problem) throw new NodeOperationError(this.getNode(), problem);
        const tools = await runAsync(listMcpTools(conn.client), conn.host);
        return tools.map((t) => ({ name: t.name, value: t.name, description: t.description })).sort((a, b) => a.name.localeCompare(b.name));
      } catch (error) {
        throw toNodeError(this.getNode(), error);
      }
    },
    (out, r) => r.value(out),
  );
}

/** The Arguments field: one JSON object (or nothing); anything else names the field and the item. */
function readArguments(ctx: IExecuteFunctions, itemIndex: number): Record<string, unknown> {
  const raw = ctx.getNodeParameter('arguments', itemIndex, '{}') as unknown;
  const parsed = parseJsonField('arguments', raw);
  const fail = (message: string) =>
    new NodeOperationError(ctx.getNode(), `Call an MCP tool: ${message} Nothing was sent.`, {
      itemIndex,
      description: 'Write Arguments (JSON) as one JSON object of the tool’s arguments, e.g. {"name": "Leads"}.',
    });
  if (!parsed.ok) throw fail(parsed.message);
  const value = parsed.value;
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw fail(`arguments: must be a JSON object, not ${Array.isArray(value) ? 'an array' : typeof value}.`);
  return value as Record<string, unknown>;
}

/** One tool call for one item: the tool's structuredContent. */
export async function runMcpCall(ctx: IExecuteFunctions, conn: Connection, itemIndex: number): Promise<unknown> {
  const tool = ctx.getNodeParameter('tool', itemIndex, '') as unknown;
  if (typeof tool !== 'string' || !tool.trim()) {
    throw new NodeOperationError(ctx.getNode(), 'Call an MCP tool: tool: pick a tool from the list or give its name. Nothing was sent.', { itemIndex });
  }
  return await runAsync(callMcpTool(conn.client, { tool, arguments: readArguments(ctx, itemIndex) }), conn.host);
}
