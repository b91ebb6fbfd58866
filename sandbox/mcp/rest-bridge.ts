/**
 * Runs a REST-backed tool through the service's own route table: the route's handler, with the caller's
 * identity, under that REST endpoint's rate-limit window, with its query rules and body. A tool and its REST
 * route therefore cannot disagree, and a route not yet built answers the REST 404 as a tool error.
 */
import { HttpError } from '../errors';
import { who } from '../http/respond';
import type { Call, Result } from '../router';
import { isObj, noRepeatedQuery, onlyQuery, type Obj } from '../validate';
import { INVALID_PARAMS, RpcError } from './jsonrpc';
import { resolveTargets, singleReadOf } from './argument-targets';
import type { RestToolSpec } from './rest-tool-kit';
import type { SingleRead } from './tool-types';

/** What a tool call answers: the structured result, or a tool error the model can act on. */
export type ToolOutcome = { ok: true; structured: Record<string, unknown> } | { ok: false; message: string; structured: Record<string, unknown> };

export type TakeWindow = (endpoint: string) => { ok: boolean; message: string };

function fillPath(spec: RestToolSpec, args: Obj): string {
  // Several argument names may fill one parameter (`id` or `listId`): the one given fills it.
  const byParam = Object.fromEntries(Object.entries(spec.pathArgs ?? {}).flatMap(([arg, param]) => (args[arg] === undefined ? [] : [[param, args[arg]]])));
  return spec.path.replace(/\{(\w+)\}/g, (_m, param: string) => encodeURIComponent(String(byParam[param])));
}

function splitArgs(spec: RestToolSpec, args: Obj): { query: URLSearchParams; body: Obj } {
  const pathArgs = new Set(Object.keys(spec.pathArgs ?? {}));
  const inQuery = new Set(spec.method === 'GET' ? Object.keys(args) : (spec.queryArgs ?? []));
  const query = new URLSearchParams();
  const body: Obj = {};
  for (const [k, v] of Object.entries(args)) {
    if (pathArgs.has(k) || v === undefined) continue;
    if (inQuery.has(k)) query.set(k, Array.isArray(v) ? v.join(',') : String(v));
    else body[k] = v;
  }
  return { query, body };
}

/** REST success bodies are `{success, data}` (lists also `supplementalData`); structuredContent is always an object. */
function structuredFrom(spec: RestToolSpec, body: unknown): Record<string, unknown> {
  const enveloped = isObj(body) && 'data' in body;
  const data = enveloped ? body.data : body;
  const paging = enveloped && isObj(body.supplementalData) ? { pagination: body.supplementalData } : {};
  if (Array.isArray(data)) return { results: data, ...paging };
  if (spec.returns === 'list' && isObj(data) && Array.isArray(data.results)) return data;
  if (isObj(data)) return { ...data, ...paging };
  return { result: data ?? null };
}

function failed(result: Result): ToolOutcome {
  const body = isObj(result.body) ? result.body : {};
  const message = typeof body.message === 'string' ? body.message : typeof body.msg === 'string' ? body.msg : `HTTP ${result.status}`;
  // Bad arguments the route refused (400 / 422 without a service code) are invalid params, as for every tool.
  if ((result.status === 400 || result.status === 422) && typeof body.code !== 'string') throw new RpcError(INVALID_PARAMS, message, { status: result.status });
  return { ok: false, message, structured: { ...body, message, status: result.status } };
}

/** A listing tool's one-record read answers that record as its one row (the REST answer's other keys beside it). */
function oneRow(read: SingleRead, body: unknown): Record<string, unknown> {
  const data = isObj(body) && 'data' in body ? body.data : body;
  if (!isObj(data)) return { results: [] };
  const { [read.recordKey ?? '']: inner, ...rest } = data;
  const row = read.recordKey && isObj(inner) ? { ...inner, ...rest } : data;
  return { results: [row], pagination: { total: 1 } };
}

export async function runRestTool(mcpCall: Call, spec: RestToolSpec, args: Obj, take: TakeWindow): Promise<ToolOutcome> {
  let resolved: Obj;
  try {
    resolved = resolveTargets(mcpCall.services.state, who(mcpCall).org.id, spec, args);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return failed({ status: err.status, body: err.body ?? { message: err.message } });
  }
  const single = singleReadOf(spec, resolved);
  if (!single) return runRoute(mcpCall, spec, resolved, take, (body) => structuredFrom(spec, body));
  return runRoute(mcpCall, single.spec, single.args, take, (body) => oneRow(single.read, body));
}

async function runRoute(
  mcpCall: Call,
  spec: RestToolSpec,
  args: Obj,
  take: TakeWindow,
  shape: (body: unknown) => Record<string, unknown>,
): Promise<ToolOutcome> {
  const path = `/api/v2${fillPath(spec, args)}`;
  const matched = mcpCall.router.match(spec.method, path);
  if (!matched || !('route' in matched)) {
    const message = `No route ${spec.method} ${path}: the REST operation behind ${spec.name} is not available`;
    return { ok: false, message, structured: { message, status: 404 } };
  }
  const { route, params } = matched;
  const window = take(route.endpoint);
  if (!window.ok) return { ok: false, message: window.message, structured: { message: window.message, code: 'rateLimitExceeded', status: 429 } };
  const { query, body } = splitArgs(spec, args);
  let result: Result;
  try {
    if (route.query !== 'any') {
      noRepeatedQuery(query);
      onlyQuery(query, route.query);
    }
    const call: Call = { ...mcpCall, params, query, body: route.body === 'none' ? undefined : body, endpoint: route.endpoint };
    result = await route.handler(call);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    result = { status: err.status, body: err.body ?? { message: err.message } };
  }
  if (result.status >= 400) return failed(result);
  return { ok: true, structured: shape(result.body) };
}
