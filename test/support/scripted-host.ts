import type { HttpRequest, HttpResponse } from '../../shared/effects';
import type { AsyncHost, SyncHost } from '../../shared/drivers/host';
import { memoryStore } from '../../shared/drivers/memory';

/** Answers one request; may look at the virtual clock. */
export type Responder = (request: HttpRequest, nowMs: number) => HttpResponse;

export interface Scripted {
  sync: SyncHost;
  async: AsyncHost;
  /** Every request, in order, as sent. */
  log: HttpRequest[];
  sleeps: number[];
  now(): number;
  store: ReturnType<typeof memoryStore>;
}

/**
 * A host with a virtual clock (sleep advances it; no real time passes) and a scripted server: either a
 * queue of canned answers or a function. Tests assert the request log instead of mocking modules.
 */
export function scriptedHost(script: Responder | HttpResponse[], options: { startMs?: number; requestMs?: number } = {}): Scripted {
  let clock = options.startMs ?? Date.UTC(2026, 10, 21, 12, 0, 0);
  const log: HttpRequest[] = [];
  const sleeps: number[] = [];
  const queue = Array.isArray(script) ? [...script] : null;
  const store = memoryStore();
  const fetch = (request: HttpRequest): HttpResponse => {
    log.push(request);
    const response = queue ? queue.shift() : (script as Responder)(request, clock);
    if (!response) throw new Error(`scripted host: no answer left for ${request.method} ${request.url}`);
    clock += options.requestMs ?? 0;
    return response;
  };
  const sleep = (ms: number) => {
    sleeps.push(ms);
    clock += ms;
  };
  return {
    log,
    sleeps,
    store,
    now: () => clock,
    sync: { fetch, sleep, now: () => clock, store },
    async: { fetch: async (r) => fetch(r), sleep: async (ms) => sleep(ms), now: () => clock, store },
  };
}

/** A JSON answer with rate-limit and credit headers. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

export function rateHeaders(limit: number, remaining: number, resetEpochSec: number, credits?: number): Record<string, string> {
  const h: Record<string, string> = {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String(resetEpochSec),
  };
  if (credits !== undefined) h['x-publicapi-credits'] = String(credits);
  return h;
}

export function networkFailure(code: string, maybeSent: boolean): HttpResponse {
  return { status: 0, headers: {}, body: '', failure: { code, message: code, maybeSent } };
}
