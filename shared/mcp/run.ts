/** Runs a catalogue operation of the MCP kind (`op.mcp`), as `call` does for every other operation. */
import type { CallMcpToolInput } from '../catalogue/mcp';
import type { AnyOperation } from '../catalogue/types';
import type { Client } from '../client';
import type { Flow } from '../effects';
import { redactor, secretsOfAuth } from '../errors';
import { validate } from '../validation/format';
import { readFeatures } from './features';
import { callMcpTool, listMcpTools } from './tools';

/**
 * Where results and errors leave the MCP path: a service that repeats the credential (in a JSON-RPC error, an
 * `isError` result or structuredContent) never gets it past here, in any form (errors/redaction.ts).
 */
export function* runMcpOperation(client: Client, op: AnyOperation, rawInput: unknown): Flow<unknown> {
  const hide = redactor(secretsOfAuth(client.auth));
  try {
    return hide.value(yield* mcpOperation(client, op, rawInput));
  } catch (error) {
    throw hide.error(error);
  }
}

function* mcpOperation(client: Client, op: AnyOperation, rawInput: unknown): Flow<unknown> {
  if (op.mcp === 'tools/call') return yield* callMcpTool(client, rawInput as CallMcpToolInput);
  validate(op.input, rawInput ?? {}, op.title);
  if (op.mcp === 'tools/list') return yield* listMcpTools(client);
  return yield* readFeatures(client);
}
