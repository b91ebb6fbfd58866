/** Types of the published MCP tools, kept free of imports so the config can name them (extra tools at test time). */

/** MCP tool annotations (spec 4.13: the four booleans), plus a display title. */
export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export type RestToolKind = 'read' | 'create' | 'update' | 'delete' | 'action' | 'send';

/**
 * An MCP tool that is one REST v2 operation (public reference, "The rest of the service"): its arguments are that
 * operation's path, query and body fields, and a call runs the REST route's own handler (rest-bridge.ts).
 */
export interface RestToolSpec {
  name: string;
  title: string;
  description: string;
  kind: RestToolKind;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Route template under the v2 base, e.g. `/campaigns/{id}`. */
  path: string;
  /** Argument name → path parameter name. */
  pathArgs?: Record<string, string>;
  /** Arguments sent in the query string; for GET every argument that is not a path argument goes there. */
  queryArgs?: readonly string[];
  inputSchema: Record<string, unknown>;
  /** 'list': the answer's data is an array, returned as `results`. */
  returns: 'list' | 'record';
}
