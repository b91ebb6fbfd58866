/**
 * Route table. Each route has an endpoint id (`METHOD /vN/<template>`, DECISIONS: endpoint identity)
 * used for rate-limit windows and request counts.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { BodyMode } from './http/body';
import type { Services } from './services';
import type { Org, User } from './state/types';

export interface Identity {
  org: Org;
  /** Null when only the OAuth client is known (token routes). */
  user: User | null;
  via: 'apiKey' | 'bearer' | 'client';
  scope: string;
}

export interface AuthedIdentity extends Identity {
  user: User;
}

export interface Call {
  services: Services;
  identity: Identity | null;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: IncomingHttpHeaders;
  endpoint: string;
  /** `http://host:port` as the client addressed us. */
  origin: string;
  /** The route table, so an MCP tool runs the REST route it mirrors (mcp/rest-bridge.ts). */
  router: Router;
}

export interface Result {
  status: number;
  body?: unknown;
  html?: string;
  headers?: Record<string, string>;
}

export type Handler = (call: Call) => Result | Promise<Result>;

/** credentials: Token or Bearer (main scope); mcp: the same with scope mcp.all; client: OAuth client in body. */
export type AuthKind = 'credentials' | 'mcp' | 'client' | 'none';

export interface Route {
  method: string;
  path: string;
  endpoint: string;
  auth: AuthKind;
  body: BodyMode;
  /** Token routes have their own default limit (DECISIONS: 30). */
  tokenRoute: boolean;
  /** Query parameters the route reads; any other is 400. 'any' for the OAuth authorize pages (RFC 6749 ignores unknown ones). */
  query: readonly string[] | 'any';
  handler: Handler;
  segments: string[];
}

export type RouteSpec = Omit<Route, 'segments' | 'body' | 'tokenRoute' | 'query'> & { body?: BodyMode; tokenRoute?: boolean; query?: Route['query'] };

export class Router {
  private readonly byShape = new Map<string, Route[]>();
  private readonly paths = new Map<number, Route[]>();

  add(spec: RouteSpec): void {
    const segments = spec.path.split('/').filter(Boolean);
    const route: Route = { body: spec.method === 'GET' || spec.method === 'DELETE' ? 'none' : 'json', tokenRoute: false, query: [], ...spec, segments };
    const key = `${spec.method} ${segments.length}`;
    if (!this.byShape.has(key)) this.byShape.set(key, []);
    this.byShape.get(key)!.push(route);
    if (!this.paths.has(segments.length)) this.paths.set(segments.length, []);
    this.paths.get(segments.length)!.push(route);
  }

  /** Static segments are tried before `{param}` ones, so `/lists/{id}` never shadows a literal. */
  finalize(): void {
    const weight = (r: Route) => r.segments.filter((s) => s.startsWith('{')).length;
    for (const list of this.byShape.values()) list.sort((a, b) => weight(a) - weight(b));
  }

  match(method: string, path: string): { route: Route; params: Record<string, string> } | { allowed: string[] } | null {
    // Exact paths only: a trailing slash or an empty segment (`//`) is 404, as on a strict server,
    // so a client that glues base URL and path carelessly fails here and not only in production.
    if (!path.startsWith('/')) return null;
    const segments = path.slice(1).split('/');
    if (segments.some((s) => s === '')) return null;
    const found = matchIn(this.byShape.get(`${method} ${segments.length}`), segments);
    if (found) return found;
    const allowed = new Set<string>();
    for (const r of this.paths.get(segments.length) ?? []) if (matchIn([r], segments)) allowed.add(r.method);
    return allowed.size > 0 ? { allowed: [...allowed] } : null;
  }
}

function matchIn(routes: Route[] | undefined, segments: string[]): { route: Route; params: Record<string, string> } | null {
  if (!routes) return null;
  outer: for (const route of routes) {
    const params: Record<string, string> = {};
    for (let i = 0; i < segments.length; i++) {
      const t = route.segments[i];
      if (t.startsWith('{')) {
        try {
          params[t.slice(1, -1)] = decodeURIComponent(segments[i]);
        } catch {
          continue outer;
        }
      } else if (t !== segments[i]) continue outer;
    }
    return { route, params };
  }
  return null;
}

/** Registers a v1/v2 API route under `/api/vN`, with endpoint id `METHOD /vN/<path>`. */
export function apiRoute(version: 'v1' | 'v2', method: string, path: string, handler: Handler, extra: Partial<RouteSpec> = {}): RouteSpec {
  return { method, path: `/api/${version}${path}`, endpoint: `${method} /${version}${path}`, auth: 'credentials', handler, ...extra };
}
