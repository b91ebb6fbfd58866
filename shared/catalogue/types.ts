import type { z } from 'zod';
import type { HttpMethod } from '../effects';
import type { RetrySafety } from '../flow/retry';

export type ApiVersion = 'v1' | 'v2';

export type Pagination =
  | { style: 'none' }
  /** page + limit until a page shorter than limit (org reads, public reference). */
  | { style: 'page'; pageField: string; limitField: string; maxLimit: number }
  /** An opaque cursor in the body, answered in supplementalData.nextToken (searches). */
  | { style: 'nextToken'; tokenField: string; limitField: string; maxLimit: number }
  /** offset + limit until a page shorter than limit (tasks, activity feed; DECISIONS "Tasks, calls, activity"). */
  | { style: 'offset'; offsetField: string; limitField: string; maxLimit: number };

/** A field whose array a single request caps; larger inputs are split into several requests. */
export interface BatchLimit {
  /** Each of these array fields is capped on its own. */
  fields: readonly string[];
  /** Which setting holds the cap, so a deployment can lower it. */
  setting: 'researchBatchLimit' | 'contactIdsLimit' | 'pollIdsLimit';
  /**
   * A create that must happen once: over the cap, the first chunk goes with the create and the rest through
   * another operation on the record it made, instead of repeating the create per chunk.
   */
  thenAdd?: ThenAdd;
}

/** How the rest of an oversized create is added to the record the create made. */
export interface ThenAdd {
  /** The operation (by id) that adds a chunk; it takes the made record's `id` and the capped field. */
  operation: string;
  /** The made record's id, read from the create's answer. */
  recordId: (answer: unknown) => string;
  /** The count the create and each add answer; summed over all of them. */
  countField: string;
  /** Read the record again once every add is in (a safe read), replacing this field of the create's answer. */
  reread?: { operation: string; field: string };
}

/**
 * One API operation, described once as data. Request building, validation, the n8n node's fields, the
 * Apps Script checks and the README table are all derived from these records.
 */
export interface Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, R = unknown> {
  /** `resource.action`, e.g. `campaigns.create`. */
  id: string;
  resource: string;
  action: string;
  /** 'list': the answer is a list of records (each an n8n item, with Return All / Limit); otherwise one record. */
  returns?: 'list' | 'record';
  /** True when the optional input fields are changes to an existing record (n8n shows them as "Update Fields"). */
  changesRecord?: boolean;
  /** True for the research submits: targets run them through the research flow (split, poll, resume), not `call`. */
  submitsResearch?: boolean;
  /** An MCP operation (JSON-RPC at settings.mcpUrl, shared/mcp/): which message it sends. */
  mcp?: 'tools/list' | 'tools/call' | 'features';
  title: string;
  /** One sentence a salesperson understands. */
  description: string;
  version: ApiVersion;
  method: HttpMethod;
  /** Route template under the version's base URL, e.g. `/campaigns/{id}`. */
  path: string;
  /** Which input fields go to the path and query (arrays as one comma list); every other field is the JSON body. */
  pathFields: readonly string[];
  queryFields: readonly string[];
  /** Input: path, query and body fields together, validated before anything is sent. */
  input: I;
  /** The whole success body. */
  output: O;
  /** The part of the body a user wants (the list, the record). */
  result: (body: z.output<O>) => R;
  credits: 'none' | 'perItem';
  retry: RetrySafety;
  /**
   * Count fields of the result a safe repeat may under-count: repeated after an attempt that may have acted, the
   * repeat counts only what it changed itself (`contactsAdded: 0` after the first attempt added them all).
   */
  countsUncertainAfterRepeat?: readonly string[];
  pagination: Pagination;
  batch?: BatchLimit;
  /** 'none': the token route, which takes no Authorization header (spec 4.2). */
  auth: 'required' | 'none';
}

export type AnyOperation = Operation<z.ZodType, z.ZodType, unknown>;

/** What the wire needs to know about a request: how to name it in errors, whether it may be repeated, whether it is signed. */
export type Sendable = Pick<AnyOperation, 'title' | 'retry' | 'auth'>;

/** What reading a 2xx answer needs: its schema, the part the user wants, and whether the request had already acted. */
export type Decodable<O extends z.ZodType, R> = Pick<Operation<z.ZodType, O, R>, 'title' | 'output' | 'result' | 'credits' | 'retry'>;

/** Keeps each operation's precise types while checking it against the Operation shape. */
export function defineOperation<I extends z.ZodType, O extends z.ZodType, R>(op: Operation<I, O, R>): Operation<I, O, R> {
  return op;
}

/** A catalogue file's operations keyed by id, in the order the README and the n8n node list them; the index spreads these. */
export function keyedById(ops: readonly { id: string }[]): Readonly<Record<string, AnyOperation>> {
  return Object.fromEntries(ops.map((op) => [op.id, op as AnyOperation]));
}
