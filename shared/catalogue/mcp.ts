import * as z from '../validation/zod';
import { keyedById, defineOperation, v2Base } from './types';
import { lazySchema, lazyStrictObject } from '../validation/lazy-schema';
import { noInput } from './inputs';
import { jsonObject } from '../validation/json-object';

/**
 * The MCP endpoint's operations (spec 4.13): their own kind (`mcp`), sent as JSON-RPC to `settings.mcpUrl` through
 * the same pacer (keyed `POST /mcp`), signing and retry rules as every other call (shared/mcp/). `version`, `method`
 * and `path` describe that one endpoint for the tables; the request is built by shared/mcp/protocol.ts.
 */
const base = {
  ...v2Base,
  method: 'POST',
  path: '/mcp',
  output: lazySchema(() => z.unknown()),
  result: (body: unknown) => body,
} as const;

export const listMcpToolsOperation = defineOperation({
  ...base,
  resource: 'mcp',
  action: 'listTools',
  mcp: 'tools/list',
  title: 'List MCP tools',
  description: "The service's MCP tools (name, description, input schema), as its tools/list gives them today.",
  input: noInput,
  retry: 'safe',
});

/** Arguments are checked against the tool's inputSchema (shared/mcp/json-schema.ts) before the call is sent. */
export const callMcpToolInput = /* @__PURE__ */ lazyStrictObject(() => ({
  tool: z
    .string({ message: 'must be the name of a tool (text)' })
    .check(
      z.trim(),
      z.minLength(1, 'must be the name of a tool'),
      z.maxLength(128, 'must be at most 128 characters (MCP tool names)'),
      z.regex(/^[A-Za-z0-9_.\-/]+$/, 'must be a tool name: letters, digits, _ - . / only'),
    ),
  arguments: z.optional(jsonObject('must be a JSON object of the tool’s arguments')),
}));
export type CallMcpToolInput = z.input<typeof callMcpToolInput>;

export const callMcpToolOperation = defineOperation({
  ...base,
  resource: 'mcp',
  action: 'callTool',
  mcp: 'tools/call',
  title: 'Call an MCP tool',
  description: 'Calls any tool the service publishes over MCP, with its arguments checked first; the answer is its structuredContent.',
  input: callMcpToolInput,
  // Decided per tool from its annotations: only a read-only tool is repeated after an ambiguous failure.
  retry: 'unsafe',
});

export const getFeaturesOperation = defineOperation({
  ...base,
  resource: 'features',
  action: 'get',
  mcp: 'features',
  title: 'Get features',
  description: "The organization's feature flags (e.g. Max Active Contacts), from the service's MCP resource me.",
  input: noInput,
  retry: 'safe',
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const mcpOperations = keyedById([listMcpToolsOperation, callMcpToolOperation, getFeaturesOperation]);
