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
  /** Argument name → path parameter name; several names may fill one parameter (the service's `id` beside `listId`). */
  pathArgs?: Record<string, string>;
  /** Arguments sent in the query string; for GET every argument that is not a path argument goes there. */
  queryArgs?: readonly string[];
  inputSchema: Record<string, unknown>;
  /** 'list': the answer's data is an array, returned as `results`. */
  returns: 'list' | 'record';
  /**
   * A listing tool that also reads one record (the service's integration passes the id to the listing tool): when
   * one of `args` is given, the tool runs `GET {path}` with that id instead and answers that record as the one row.
   */
  single?: SingleRead;
  /** `campaignIdentifier` for `campaignId`; `campaignStepId` (its campaign found by the step) for the step path. */
  target?: 'campaign' | 'step';
}

export interface SingleRead {
  args: readonly string[];
  path: string;
  /** Listing arguments that still apply to the one-record read (sent as its query). */
  queryArgs?: readonly string[];
  /** The key of the REST answer holding the record (e.g. `campaign` of `{campaign, steps}`); the rest stays beside it. */
  recordKey?: string;
}
