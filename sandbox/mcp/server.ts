/**
 * The MCP endpoint (spec 4.13): stateless JSON-RPC 2.0 over POST; each request is served for the
 * authenticated user alone. Tool failures the caller can act on (credits, license, rate limit) come back
 * as tool results with isError; malformed requests and bad arguments as JSON-RPC errors.
 */
import { HttpError } from '../errors';
import { who } from '../http/respond';
import type { Call, Result, RouteSpec } from '../router';
import { isObj } from '../validate';
import { INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR, RpcError, rpcError, rpcResult, type RpcId } from './jsonrpc';
import { checkArguments } from './arguments';
import { markdownOf } from './markdown-text';
import { withFeatures } from './me-features';
import { findTool, publishedTools } from './published-tools';
import { fixedResources, matchResource, resourceTemplates, type Resource } from './resources';
import { runRestTool } from './rest-bridge';
import type { ToolContext } from './tools';

const PROTOCOL_VERSION = '2025-06-18';

/** Draws one request from a mirrored REST endpoint's window; false when that window is exhausted. */
function takeMirror(ctx: ToolContext, endpoint: string): { ok: boolean; message: string } {
  const { rateLimiter, clock } = ctx.services;
  const limit = rateLimiter.limitFor(ctx.who.org, endpoint, false);
  const d = rateLimiter.take(ctx.who.org.id, endpoint, limit, clock.now());
  return {
    ok: d.allowed,
    message: `Rate limit of ${d.limit} requests per window exceeded for ${endpoint}; retry after ${new Date(d.resetSec * 1000).toISOString()}`,
  };
}

/** A tool's answer: the service's markdown table as text, the same data as structuredContent. */
const answer = (structured: Record<string, unknown>) => ({ content: [{ type: 'text', text: markdownOf(structured) }], structuredContent: structured });

const toolError = (text: string, structured?: unknown) => ({
  isError: true,
  content: [{ type: 'text', text }],
  ...(structured ? { structuredContent: structured } : {}),
});

async function callTool(ctx: ToolContext, params: Record<string, unknown>) {
  if (typeof params.name !== 'string') throw new RpcError(INVALID_PARAMS, 'params.name: required (tool name)');
  const published = findTool(ctx.services.config, params.name);
  if (!published) throw new RpcError(INVALID_PARAMS, `Unknown tool: ${params.name}`);
  // MCP: arguments is an optional object; null or any other type is a bad param, not "no arguments".
  const args = params.arguments === undefined ? {} : params.arguments;
  if (!isObj(args)) throw new RpcError(INVALID_PARAMS, 'params.arguments: must be an object when present');
  checkArguments(published.name, published.inputSchema, args);
  if (published.rest) {
    const outcome = await runRestTool(ctx.call, published.rest, args, (endpoint) => takeMirror(ctx, endpoint));
    if (!outcome.ok) return toolError(outcome.message, outcome.structured);
    return answer(outcome.structured);
  }
  const tool = published.native!;
  const rate = takeMirror(ctx, tool.mirrors);
  if (!rate.ok) return toolError(rate.message, { message: rate.message, code: 'rateLimitExceeded' });
  try {
    const structured = await tool.run(ctx, args);
    return answer(structured);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    // Credit and license failures are results the model can act on; other input problems are bad params.
    if (err.body && typeof err.body.code === 'string') return toolError(err.message, err.body);
    throw new RpcError(INVALID_PARAMS, err.message);
  }
}

/** MCP's "resource not found" (spec: -32002), for a URI no resource matches or a record that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

async function readResource(ctx: ToolContext, params: Record<string, unknown>) {
  if (typeof params.uri !== 'string') throw new RpcError(INVALID_PARAMS, 'params.uri: required (string)');
  const uri = params.uri;
  const found = matchResource(uri);
  if (!found) throw new RpcError(INVALID_PARAMS, `Unknown resource: ${uri}`);
  const { resource } = found;
  const take = (endpoint: string) => takeMirror(ctx, endpoint);
  if (resource.mirrors) {
    const rate = take(resource.mirrors);
    if (!rate.ok) throw new RpcError(INTERNAL_ERROR, rate.message, { code: 'rateLimitExceeded' });
  }
  let read: unknown;
  try {
    read = await resource.read(ctx, take, found.params);
  } catch (err) {
    const structured = (err as { structured?: { status?: number; code?: string } }).structured;
    if (!structured) throw err;
    const code = structured.status === 404 ? RESOURCE_NOT_FOUND : structured.status === 429 ? INTERNAL_ERROR : INVALID_PARAMS;
    throw new RpcError(code, (err as Error).message, { uri, ...structured });
  }
  return { contents: [{ uri, mimeType: resource.mimeType, text: JSON.stringify(withFeatures(resource, ctx, read)) }] };
}

const listed = ({ uri, name, description, mimeType }: Resource) => ({ uri, name, description, mimeType });

async function dispatch(ctx: ToolContext, method: string, params: Record<string, unknown>): Promise<unknown> {
  switch (method) {
    case 'initialize':
      return {
        protocolVersion: typeof params.protocolVersion === 'string' ? params.protocolVersion : PROTOCOL_VERSION,
        capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
        serverInfo: { name: 'prospecting-sandbox', version: '1.0.0' },
      };
    case 'ping':
      return {};
    case 'tools/list':
      return {
        tools: publishedTools(ctx.services.config).map(({ name, description, inputSchema, outputSchema, annotations }) => ({
          name,
          description,
          inputSchema,
          outputSchema,
          annotations,
        })),
      };
    case 'tools/call':
      return callTool(ctx, params);
    case 'resources/list':
      return { resources: fixedResources().map(listed) };
    case 'resources/templates/list':
      return { resourceTemplates: resourceTemplates().map(({ uri, name, description, mimeType }) => ({ uriTemplate: uri, name, description, mimeType })) };
    case 'resources/read':
      return readResource(ctx, params);
    default:
      throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${method}`);
  }
}

async function handle(call: Call): Promise<Result> {
  const reply = (body: unknown): Result => ({ status: 200, body });
  let message: unknown;
  try {
    message = JSON.parse(typeof call.body === 'string' ? call.body : '');
  } catch (err) {
    return reply(rpcError(null, PARSE_ERROR, `Parse error: ${(err as Error).message}`));
  }
  if (Array.isArray(message)) return reply(rpcError(null, INVALID_REQUEST, 'Invalid Request: batches are not supported'));
  if (!isObj(message)) return reply(rpcError(null, INVALID_REQUEST, 'Invalid Request: expected a JSON-RPC 2.0 object'));
  const rawId = message.id;
  const id: RpcId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  if (message.jsonrpc !== '2.0') return reply(rpcError(id, INVALID_REQUEST, 'Invalid Request: jsonrpc must be "2.0"'));
  if (typeof message.method !== 'string') return reply(rpcError(id, INVALID_REQUEST, 'Invalid Request: method must be a string'));
  if (rawId !== undefined && id === null) return reply(rpcError(null, INVALID_REQUEST, 'Invalid Request: id must be a string or a number'));
  if (message.params !== undefined && !isObj(message.params)) return reply(rpcError(id, INVALID_PARAMS, 'Invalid params: params must be an object'));
  // A notification gets no answer body.
  if (rawId === undefined) return { status: 202 };
  try {
    const result = await dispatch({ services: call.services, who: who(call), call }, message.method, (message.params ?? {}) as Record<string, unknown>);
    return reply(rpcResult(id, result));
  } catch (err) {
    if (err instanceof RpcError) return reply(rpcError(id, err.code, err.message, err.data));
    call.services.log(`mcp error: ${(err as Error).stack}`);
    return reply(rpcError(id, INTERNAL_ERROR, 'Internal error'));
  }
}

export const mcpRoutes: RouteSpec[] = [{ method: 'POST', path: '/mcp', endpoint: 'POST /mcp', auth: 'mcp', body: 'text', handler: handle }];
