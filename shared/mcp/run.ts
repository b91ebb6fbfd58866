/** Runs a catalogue operation of the MCP kind (`op.mcp`), as `call` does for every other operation. */
import type { CallMcpToolInput } from '../catalogue/mcp';
import type { AnyOperation } from '../catalogue/types';
import type { Client } from '../client';
import type { Flow } from '../effects';
import { validInput } from '../flow/prepare';
import { readFeatures } from './features';
import { callMcpTool, listMcpTools } from './tools';

/**
 * An MCP operation. A service that repeats the credential (in a JSON-RPC error, an `isError` result or
 * structuredContent) never gets it past mcpMessage (exchange.ts), the one door of every MCP message.
 */
export function* runMcpOperation(client: Client, op: AnyOperation, rawInput: unknown): Flow<unknown> {
  if (op.mcp === 'tools/call') return yield* callMcpTool(client, rawInput as CallMcpToolInput);
  validInput(op, rawInput);
  if (op.mcp === 'tools/list') return yield* listMcpTools(client);
  return yield* readFeatures(client);
}
