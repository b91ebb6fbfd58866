/**
 * The HTTP pipeline: route -> identify -> faults -> rate limit -> auth errors -> body -> handler -> headers.
 * Kept lean: no per-request allocation beyond what the answer needs (the 2,000 req/s target).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveCredentials } from './auth/credentials';
import { settleDue } from './domain/research';
import { HttpError } from './errors';
import { ClientGoneError, parseBody, readRawBody } from './http/body';
import type { RateDecision } from './ratelimit';
import type { Call, Identity, Result, Route, Router } from './router';
import type { Services } from './services';
import type { RecordedStatus } from './stats';
import { isObj, noRepeatedQuery, onlyQuery } from './validate';

export type AdminHandler = (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) => Promise<void>;

function send(res: ServerResponse, result: Result): void {
  if (res.headersSent || res.destroyed) return;
  const headers = result.headers ?? {};
  for (const name in headers) res.setHeader(name, headers[name]);
  if (result.html !== undefined) {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.writeHead(result.status);
    res.end(result.html);
    return;
  }
  if (result.body === undefined) {
    res.writeHead(result.status);
    res.end();
    return;
  }
  const text = JSON.stringify(result.body);
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(text));
  res.writeHead(result.status);
  res.end(text);
}

function errorResult(err: HttpError): Result {
  return { status: err.status, body: err.body ?? { message: err.message } };
}

function rateHeaders(res: ServerResponse, d: RateDecision): void {
  res.setHeader('x-ratelimit-limit', d.limit);
  res.setHeader('x-ratelimit-remaining', d.remaining);
  res.setHeader('x-ratelimit-reset', d.resetSec);
}

/** For token routes the organization is the OAuth client's (named in the body). */
function clientIdentity(services: Services, body: unknown): Identity | null {
  if (!isObj(body) || typeof body.client_id !== 'string') return null;
  const client = services.state.oauthClients.get(body.client_id);
  return client ? { org: services.state.orgs.get(client.orgId)!, user: null, via: 'client', scope: '' } : null;
}

/** The organization of a request that matched no route, when its credentials resolve (either scope). */
function unroutedIdentity(services: Services, headers: IncomingMessage['headers']): Identity | null {
  if (headers['token'] === undefined && headers['authorization'] === undefined) return null;
  // A token of the other scope still names its organization (resolveCredentials returns it with the 403).
  return resolveCredentials(services.state, headers, '').identity ?? null;
}

export function createListener(services: Services, router: Router, admin: AdminHandler) {
  const { config, clock, rateLimiter, stats, faults } = services;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
    if (path === '/__admin' || path.startsWith('/__admin/')) return admin(req, res, path, query);

    const method = req.method ?? 'GET';
    // Finished research is settled before anything is answered, so a refund (not found, error) is already in
    // X-PublicAPI-Credits and GET /credits, as on a service that settles when the work ends. O(1) when idle.
    settleDue(services);
    const matched = router.match(method, path);
    const route: Route | null = matched && 'route' in matched ? matched.route : null;
    const endpoint = route ? route.endpoint : `${method} (no route)`;
    let status: RecordedStatus = 500;
    // The client may close the connection before the answer (a timeout during injected latency, a
    // cancelled call): then nothing waits on for it, and it is counted as `abandoned`.
    const gone = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) gone.abort();
    };
    res.once('close', onClose);
    stats.inFlight++;
    try {
      // Who is calling decides the rate-limit bucket; the auth error, if any, is answered after the limit.
      let identity: Identity | null = null;
      let authError: HttpError | null = null;
      let body: unknown;
      let bodyRead = false;
      if (route && (route.auth === 'credentials' || route.auth === 'mcp')) {
        const r = resolveCredentials(services.state, req.headers, route.auth === 'mcp' ? 'mcp.all' : '');
        identity = r.identity ?? null;
        if ('error' in r) authError = r.error;
      } else if (!route) {
        // A 404 / 405 still counts against the caller's organization and carries its credit header
        // (spec 8: the headers are on any response); the auth outcome itself is not reported.
        identity = unroutedIdentity(services, req.headers);
      } else if (route && route.auth === 'client') {
        bodyRead = true;
        try {
          body = parseBody(await readRawBody(req, config.limits.maxBodyBytes), req.headers['content-type'], route.body);
          identity = clientIdentity(services, body);
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          authError = err;
        }
      }

      const picked = faults.pick(endpoint);
      const fault = (kind: string) => picked.find((f) => f.kind === kind);
      const latency = fault('latency');
      if (latency) await services.timers.sleep(latency.latencyMs ?? 0, gone.signal);
      if (gone.signal.aborted) throw new ClientGoneError();

      const bucket = identity ? identity.org.id : `anon:${req.socket.remoteAddress ?? ''}`;
      const limit = rateLimiter.limitFor(identity?.org ?? null, endpoint, route?.tokenRoute ?? false);
      const now = clock.now();
      const decision = fault('rateLimit429') ? rateLimiter.peek(bucket, endpoint, limit, now) : rateLimiter.take(bucket, endpoint, limit, now);
      rateHeaders(res, decision);
      const org = identity?.org;
      const respond = (result: Result) => {
        if (org) res.setHeader('x-publicapi-credits', org.credits);
        status = result.status;
        send(res, result);
      };
      if (!decision.allowed) {
        return respond({
          status: 429,
          body: {
            message:
              `Rate limit of ${decision.limit} requests per window exceeded for ${endpoint}; retry after ` +
              `${new Date(decision.resetSec * 1000).toISOString()}`,
            code: 'rateLimitExceeded',
          },
        });
      }
      if (fault('drop')) {
        status = 'dropped';
        req.socket.destroy();
        return;
      }
      if (fault('error500')) return respond({ status: 500, body: { message: 'Internal server error (injected fault)' } });
      if (!route) {
        const allowed = matched && 'allowed' in matched ? matched.allowed : null;
        return respond(
          allowed
            ? {
                status: 405,
                body: { message: `Method ${method} not allowed on ${path}; allowed: ${allowed.join(', ')}` },
                headers: { allow: allowed.join(', ') },
              }
            : { status: 404, body: { message: `No route ${method} ${path}` } },
        );
      }
      if (authError) return respond(errorResult(authError));
      let result: Result;
      try {
        if (route.query !== 'any') {
          noRepeatedQuery(query);
          onlyQuery(query, route.query);
        }
        if (!bodyRead) {
          const raw = await readRawBody(req, config.limits.maxBodyBytes);
          body = route.body === 'none' ? undefined : parseBody(raw, req.headers['content-type'], route.body);
        }
        const call: Call = {
          services,
          identity,
          params: matched && 'params' in matched ? matched.params : {},
          query,
          body,
          headers: req.headers,
          endpoint,
          origin: `http://${req.headers.host ?? 'localhost'}`,
          router,
        };
        result = await route.handler(call);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        result = errorResult(err);
      }
      if (fault('lostAnswer')) {
        // The service has acted; the connection breaks before its answer leaves.
        status = 'lostAnswer';
        req.socket.destroy();
        return;
      }
      respond(result);
    } catch (err) {
      if (err instanceof ClientGoneError || gone.signal.aborted) {
        // Nobody is left to answer: one quiet line, no stack (it is the client's doing, not a fault here).
        status = 'abandoned';
        services.log(`${method} ${path}: the client closed the connection before the answer`);
      } else if (err instanceof HttpError) {
        status = err.status;
        send(res, errorResult(err));
      } else {
        status = 500;
        services.log(`error on ${method} ${path}: ${(err as Error).stack ?? String(err)}`);
        send(res, { status: 500, body: { message: 'Internal server error' } });
      }
    } finally {
      res.off('close', onClose);
      stats.inFlight--;
      stats.record(endpoint, status);
      if (config.logRequests) services.log(`${method} ${path} -> ${status}`);
    }
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((err) => {
      services.log(`unhandled: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent) send(res, { status: 500, body: { message: 'Internal server error' } });
    });
  };
}
