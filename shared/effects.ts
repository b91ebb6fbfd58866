/**
 * The core does no I/O. Its logic runs as generators that yield these plain-data effects; a driver
 * (sync for Apps Script, async for Node and n8n) performs each one and sends the answer back.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  /** Header names are lower-case. */
  headers: Record<string, string>;
  /** Serialised body, or undefined for none. */
  body?: string;
  /** Per-request timeout the driver should apply. */
  timeoutMs: number;
  /** Rate-limit window identity: `METHOD /vN/route-template` (docs/DECISIONS.md). */
  endpoint: string;
  /**
   * 'host': the host adds the credentials itself (n8n's httpRequestWithAuthentication).
   * 'none': send as is (the core already added any auth header, or the route takes none).
   */
  authBy: 'host' | 'none';
}

/** Why no HTTP answer arrived. `maybeSent` is false only when the request surely never left. */
export interface NetworkFailure {
  code: string;
  message: string;
  maybeSent: boolean;
}

export interface HttpResponse {
  /** 0 when there was no HTTP answer (see `failure`). */
  status: number;
  /** Header names are lower-case. */
  headers: Record<string, string>;
  body: string;
  failure?: NetworkFailure;
  /**
   * Set by the exchange, never by a driver: this answers a repeat of a request whose earlier attempt may have been
   * carried out (no answer after sending, a 5xx). A count in it may leave out what that attempt did.
   */
  repeatOfMaybeActed?: boolean;
}

export type Effect =
  | { kind: 'http'; request: HttpRequest }
  /** Several requests sent side by side (UrlFetchApp.fetchAll, concurrent fetches); answers in request order. */
  | { kind: 'fetchMany'; requests: HttpRequest[] }
  | { kind: 'sleep'; ms: number }
  | { kind: 'now' }
  | { kind: 'store'; op: 'get'; key: string }
  | { kind: 'store'; op: 'put'; key: string; value: string }
  | { kind: 'store'; op: 'delete'; key: string }
  | { kind: 'lock'; op: 'acquire'; key: string; timeoutMs: number }
  | { kind: 'lock'; op: 'release'; key: string };

/** A core computation: yields effects, returns T. */
export type Flow<T> = Generator<Effect, T, unknown>;

/* Small helpers so flow code reads as plain steps: `const now = yield* nowMs()`. */

export function* nowMs(): Flow<number> {
  return (yield { kind: 'now' }) as number;
}

export function* sleep(ms: number): Flow<void> {
  if (ms > 0) yield { kind: 'sleep', ms };
}

export function* http(request: HttpRequest): Flow<HttpResponse> {
  return (yield { kind: 'http', request }) as HttpResponse;
}

export function* storeGet(key: string): Flow<string | null> {
  const value = yield { kind: 'store', op: 'get', key };
  return typeof value === 'string' ? value : null;
}

export function* storePut(key: string, value: string): Flow<void> {
  yield { kind: 'store', op: 'put', key, value };
}

export function* storeDelete(key: string): Flow<void> {
  yield { kind: 'store', op: 'delete', key };
}

/** Runs `body` while holding the named lock; the lock is released even when body throws. */
export function* withLock<T>(key: string, timeoutMs: number, body: () => Flow<T>): Flow<T> {
  yield { kind: 'lock', op: 'acquire', key, timeoutMs };
  try {
    return yield* body();
  } finally {
    yield { kind: 'lock', op: 'release', key };
  }
}
