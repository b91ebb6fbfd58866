import { call, callMcpToolOperation, catalogue, validate, type AnyOperation, type Client, type Flow } from '../../../shared';
import { checkToolArguments, type McpTool } from '../../../shared/mcp';
import { buildRequest } from '../../../shared/request/build';
import { fail } from '../errors';

/**
 * What the "Run an operation" and "Call an MCP tool" panels run, either way: a catalogue operation or a tool of the
 * live tools/list. Both check an input before anything is sent, say what would be sent, and run through the core.
 */
export interface Runnable {
  /** The operation id, or `mcp:<tool>`. */
  key: string;
  title: string;
  /** Unsafe: the service may act (create, send, start...): confirmed first, never repeated after an unknown outcome. */
  unsafe: boolean;
  /** Credits one run may spend: one per item of these fields (research), else none. */
  creditFields: readonly string[];
  /** Throws a ValidationError naming the field and the rule; sends nothing. */
  check(input: Record<string, unknown>): void;
  /** What would go on the wire, for the preview. */
  describe(input: Record<string, unknown>): { method: string; target: string; body?: unknown };
  send(client: Client, input: Record<string, unknown>): Flow<unknown>;
}

/** Every catalogue operation but the MCP call, which has its own panel ("Call an MCP tool": a form per tool). */
export const runnableOperations = (): AnyOperation[] => catalogue.filter((op) => op !== callMcpToolOperation);

export function operationRunnable(id: unknown, client: Client): Runnable {
  const op = runnableOperations().find((o) => o.id === id);
  if (!op) fail(`request.operation: not an operation this panel runs (${String(JSON.stringify(id)).slice(0, 60)}).`);
  return {
    key: op.id,
    title: op.title,
    unsafe: op.retry === 'unsafe',
    creditFields: op.credits === 'perItem' ? (op.batch?.fields ?? []) : [],
    check: (input) => void validate(op.input, input, op.title),
    describe: (input) => {
      if (op.mcp) return { method: 'MCP', target: op.mcp, body: input };
      const req = buildRequest(op, validate(op.input, input, op.title) as Record<string, unknown>, client.settings);
      return { method: req.method, target: req.url, ...(req.body ? { body: JSON.parse(req.body) as unknown } : {}) };
    },
    send: (c, input) => call(c, op, input),
  };
}

export function toolRunnable(tool: McpTool): Runnable {
  return {
    key: `mcp:${tool.name}`,
    title: tool.annotations?.title ?? tool.name,
    unsafe: tool.annotations?.readOnlyHint !== true,
    creditFields: /^research_/.test(tool.name) ? ['searchResultIds', 'contacts', 'companies'] : [],
    check: (input) => checkToolArguments(tool, input),
    describe: (input) => ({ method: 'MCP', target: `tools/call ${tool.name}`, body: input }),
    send: (c, input) => call(c, callMcpToolOperation, { tool: tool.name, arguments: input }),
  };
}
