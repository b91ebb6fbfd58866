/**
 * JSON-RPC 2.0 over the MCP endpoint (spec 4.13): one POST per message, stateless, so no initialize handshake.
 * Builds the request and reads the answer: a JSON body, or a text/event-stream read as a stream of events, of which
 * the response to this request's id is taken (notifications and other messages before or after it are not answers).
 * An answer carrying another id is refused; a JSON-RPC error becomes a typed error naming the method.
 */
import type { Client } from '../client';
import type { HttpRequest, HttpResponse } from '../effects';
import { redactRequest, UnexpectedResponseError, ValidationError } from '../errors';
import { capText } from '../errors/cap-text';
import { parseExactJson } from '../flow/exact-json';
import { isObject } from '../flow/is-object';
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

/** The data of each event of a text/event-stream body (spec: lines `data: …` joined by a newline, events split by a blank line). */
export function sseEvents(body: string): string[] {
  const events: string[] = [];
  let data: string[] | null = null;
  for (const line of `${body}\n\n`.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (data) events.push(data.join('\n'));
      data = null;
    } else if (line.startsWith('data')) {
      const value = line.startsWith('data:') ? line.slice(5) : line === 'data' ? '' : null;
      if (value !== null) (data ??= []).push(value.startsWith(' ') ? value.slice(1) : value);
    }
  }
  return events;
}

interface RpcMessage {
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

const isResponse = (m: unknown): m is RpcMessage => isObject(m) && ('result' in m || 'error' in m) && 'id' in m;

/** The messages an answer holds: every event of a stream, or the JSON body (one message or a batch). */
function messagesOf(response: HttpResponse): unknown[] | null {
  const stream = /text\/event-stream/i.test(response.headers['content-type'] ?? '');
  const texts = stream ? sseEvents(response.body) : [response.body];
  const messages: unknown[] = [];
  for (const text of texts) {
    try {
      const parsed = parseExactJson(text);
      messages.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    } catch {
      if (!stream) return null;
      // An event that is not JSON (a comment, a keep-alive) is not our answer.
    }
  }
  return messages;
}

/** The `result` of a JSON-RPC answer; its `error` as McpError (-32602 as ValidationError: the service refused the input). */
export function rpcResult(title: string, request: HttpRequest, response: HttpResponse): Record<string, unknown> {
  const unexpected = (what: string) => new UnexpectedResponseError(`${title}: ${what}.`, { status: response.status, request: redactRequest(request) });
  const id = (JSON.parse(request.body ?? '{}') as { id?: unknown }).id;
  const messages = messagesOf(response);
  if (!messages) throw unexpected(`the MCP endpoint answered ${response.status} with a body that is not JSON-RPC`);
  const responses = messages.filter(isResponse);
  const m = responses.find((r) => r.id === id);
  if (!m) {
    const other = responses.find((r) => r.id !== undefined && r.id !== null);
    throw unexpected(
      other
        ? `the MCP answer is for request id ${capText(JSON.stringify(other.id), 40)}, not for this one (${JSON.stringify(id)}); it was not taken`
        : `the MCP endpoint answered ${response.status} without a response to request id ${JSON.stringify(id)}`,
    );
  }
  if (m.error && typeof m.error === 'object') {
    const code = typeof m.error.code === 'number' ? m.error.code : 0;
    const text = capText(typeof m.error.message === 'string' ? m.error.message : 'no message');
    const details = { serviceMessage: text, request: redactRequest(request) };
    if (code === INVALID_PARAMS) {
      throw new ValidationError(`${title}: the service refused the arguments: ${text}`, [{ field: 'arguments', rule: text }], {
        status: response.status,
        ...details,
      });
    }
    throw new McpError(`${title}: the MCP endpoint answered JSON-RPC error ${code}: ${text}`, code, details);
  }
  if (!isObject(m.result)) throw unexpected('the MCP answer has no result object');
  return m.result;
}
