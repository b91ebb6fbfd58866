import { ProspectingError, type ErrorDetails } from '../errors';

/** The MCP endpoint refused a message (a JSON-RPC error other than bad params), or a tool answered `isError`. */
export class McpError extends ProspectingError {
  /** The JSON-RPC error code; 0 for a tool error (`isError`). */
  readonly rpcCode: number;
  /** A tool error's structuredContent, when it sent one (e.g. `{message, code: "insufficientCredits"}`). */
  readonly detail?: unknown;
  constructor(message: string, rpcCode: number, details: ErrorDetails = {}, detail?: unknown) {
    super(message, details);
    this.rpcCode = rpcCode;
    this.detail = detail;
  }
}

// Keeps its name in a minified bundle (see errors/classes.ts).
Object.defineProperty(McpError, 'name', { value: 'McpError' });
