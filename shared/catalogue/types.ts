import type * as z from '../validation/zod';
import type { HttpMethod } from '../effects';
import type { RetrySafety } from '../flow/retry';
import { successOnlySchema } from '../records/envelope';

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
export interface Operation<I extends z.ZodMiniType = z.ZodMiniType, O extends z.ZodMiniType = z.ZodMiniType, R = unknown> {
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

export type AnyOperation = Operation<z.ZodMiniType, z.ZodMiniType, unknown>;

/** What the wire needs to know about a request: how to name it in errors, whether it may be repeated, whether it is signed. */
export type Sendable = Pick<AnyOperation, 'title' | 'retry' | 'auth'>;

/** What reading a 2xx answer needs: its schema, the part the user wants, and whether the request had already acted. */
export type Decodable<O extends z.ZodMiniType, R> = Pick<Operation<z.ZodMiniType, O, R>, 'title' | 'output' | 'result' | 'credits' | 'retry'>;

/**
 * What most operations share: a v2 route, every input field in the body, no credits, one page, signed. A catalogue
 * file spreads it into its own `base` (one copy in the bundle instead of one per file: Code.js has a size budget).
 */
export const v2Base = { version: 'v2', queryFields: [], credits: 'none', pagination: { style: 'none' }, auth: 'required' } as const;

/** A path's placeholder, `{name}`: filled from the input field of that name (request/build.ts). */
export const PATH_PLACEHOLDER = /\{(\w+)\}/g;

/** The answer's `data`: what most operations return (one function, not one arrow per operation in Code.js). */
export const dataOf = <B extends { data: unknown }>(body: B): B['data'] => body.data;

/** What `dataOf` gives for an answer of schema O: the default result of an operation. */
type DataOf<O extends z.ZodMiniType> = z.output<O> extends { data: infer D } ? D : never;

/**
 * Keeps each operation's precise types while checking it against the Operation shape. The catalogue's ids are
 * `resource.action`: derived here rather than written (and shipped in Code.js) twice per operation. An explicit id is
 * only for variants built from another operation (tests). Retry, path fields, result, returns and changesRecord are
 * derived too, unless written.
 */
export function defineOperation<I extends z.ZodMiniType, O extends z.ZodMiniType, R = DataOf<O>>(
  op: Omit<Operation<I, O, R>, 'id' | 'retry' | 'pathFields' | 'result'> & {
    id?: string;
    retry?: RetrySafety;
    pathFields?: readonly string[];
    result?: (body: z.output<O>) => R;
  },
): Operation<I, O, R> {
  // The method is always written (a forgotten one must not become a repeatable GET). Unwritten retry: a GET is safe to
  // repeat, and so is a PUT (it sets the same values again); anything else is not (a repeat could act twice).
  // Unwritten path fields: the path's {placeholders}, in order. Unwritten result: the answer's `data`. An action named
  // list... returns a list; one named update... changes a record.
  return {
    id: `${op.resource}.${op.action}`,
    pathFields: Array.from(op.path.matchAll(PATH_PLACEHOLDER), (m) => m[1]),
    result: dataOf as (body: z.output<O>) => R,
    ...(op.action.startsWith('list') && { returns: 'list' as const }),
    ...(op.action.startsWith('update') && { changesRecord: true }),
    ...op,
    retry: op.retry ?? (op.method === 'GET' || op.method === 'PUT' ? 'safe' : 'unsafe'),
  };
}

/** A catalogue file's operations keyed by id, in the order the README and the n8n node list them; the index spreads these. */
export function keyedById(ops: readonly { id: string }[]): Readonly<Record<string, AnyOperation>> {
  return Object.fromEntries(ops.map((op) => [op.id, op as AnyOperation]));
}

/** What every delete shares: a DELETE answered `{success}`, read whole. A lost answer is surfaced, not repeated (unsafe). */
export const deleteBase = { action: 'delete', method: 'DELETE', output: successOnlySchema, result: <T>(body: T): T => body } as const;

/** What a read of one record shares: a GET (safe to repeat) whose action is `get`. Written where method and action go. */
export const getBase = { method: 'GET', action: 'get' } as const;

/** What a plain list read shares: a GET (safe to repeat) whose action is `list` (it returns a list). */
export const listBase = { method: 'GET', action: 'list' } as const;

/** Page paging of the v2 lists that take page and limit (at most 100). */
export const pagePaging = { style: 'page', pageField: 'page', limitField: 'limit', maxLimit: 100 } as const;

/** The cap of an operation that takes saved contacts' ids (at most contactIdsLimit per request). */
export const contactIdsBatch = { fields: ['contactIds'], setting: 'contactIdsLimit' } as const;
