/**
 * JSON-RPC 2.0 over the MCP endpoint (spec 4.13): one POST per message, stateless, so no initialize handshake.
 * Builds the request and reads the answer (a JSON body, or the last `data:` event of a text/event-stream
 * answer, which Streamable HTTP servers may send); a JSON-RPC error becomes a typed error naming the method.
 */
import type { Client } from '../client';
import type { HttpRequest, HttpResponse } from '../effects';
import { redactRequest, UnexpectedResponseError, ValidationError } from '../errors';
import { McpError } from './errors';

/** The rate-limit window the pacer keys MCP requests by: the endpoint's own (DECISIONS: each HTTP request counts in `POST /mcp`). */
export const MCP_ENDPOINT = 'POST /mcp';
export const MCP_PROTOCOL_VERSION = '2025-06-18';
/** JSON-RPC: the params were refused (for tools/call: bad arguments). */
export const INVALID_PARAMS = -32602;

let nextId = 1;

/** settings.mcpUrl, or the v2 base URL's scheme and host + `/mcp`. */
export function mcpEndpointUrl(settings: Client['settings']): string {
  if (settings.mcpUrl) return settings.mcpUrl.replace(/\/+$/, '');
  const origin = /^https?:\/\/[^/]+/i.exec(settings.baseUrlV2)?.[0] ?? settings.baseUrlV2;
  return `${origin}/mcp`;
}

export function mcpRequest(client: Client, method: string, params: Record<string, unknown>): HttpRequest {
  return {
    method: 'POST',
    url: mcpEndpointUrl(client.settings),
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': MCP_PROTOCOL_VERSION,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    timeoutMs: client.settings.timeoutMs,
    endpoint: MCP_ENDPOINT,
    authBy: 'none',
  };
}

function messageText(response: HttpResponse): string {
  const type = response.headers['content-type'] ?? '';
  if (!/text\/event-stream/i.test(type)) return response.body;
  const data = response.body
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim());
  return data[data.length - 1] ?? '';
}

/** The `result` of a JSON-RPC answer; its `error` as McpError (-32602 as ValidationError: the service refused the input). */
export function rpcResult(title: string, request: HttpRequest, response: HttpResponse): Record<string, unknown> {
  let message: unknown;
  try {
    message = JSON.parse(messageText(response));
  } catch {
    throw new UnexpectedResponseError(`${title}: the MCP endpoint answered ${response.status} with a body that is not JSON-RPC.`, {
      status: response.status,
      request: redactRequest(request),
    });
  }
  const m = (message ?? {}) as { error?: { code?: unknown; message?: unknown; data?: unknown }; result?: unknown };
  if (m.error && typeof m.error === 'object') {
    const code = typeof m.error.code === 'number' ? m.error.code : 0;
    const text = typeof m.error.message === 'string' ? m.error.message : 'no message';
    if (code === INVALID_PARAMS) {
      throw new ValidationError(`${title}: the service refused the arguments: ${text}`, [{ field: 'arguments', rule: text }], {
        status: response.status,
        serviceMessage: text,
        request: redactRequest(request),
      });
    }
    throw new McpError(`${title}: the MCP endpoint answered JSON-RPC error ${code}: ${text}`, code, { serviceMessage: text, request: redactRequest(request) });
  }
  if (!m.result || typeof m.result !== 'object' || Array.isArray(m.result)) {
    throw new UnexpectedResponseError(`${title}: the MCP answer has no result object.`, { status: response.status, request: redactRequest(request) });
  }
  return m.result as Record<string, unknown>;
}
