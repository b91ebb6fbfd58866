/**
 * UrlFetchApp. The script's thread (an execution worker) is blocked on Atomics.wait while the host's event loop does
 * the real HTTP request here with node:http(s), so to the script fetch() is genuinely synchronous. The service under
 * test must therefore live in another thread or process (see sandbox-process.ts).
 * Limits: URL length 2 KB, 100 request headers, payload and response 50 MB, 60 s per request, 20,000 calls/day/user.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { ExecutionContext } from '../execution';
import { GasException } from '../errors';
import type { Clock } from '../clock';
import { DailyCounter } from '../daily-counter';
import type { Limits } from '../limits';
import { Blob, toBuffer, toSignedBytes } from './blob';

export interface HttpLogEntry {
  executionId: number;
  user: string;
  method: string;
  url: string;
  /** Request headers exactly as sent (secrets included: tests decide what to assert). */
  requestHeaders: Record<string, string>;
  requestBody: string;
  status: number | null;
  responseHeaders: Record<string, string | string[]>;
  responseBody: string;
  error: string | null;
  startedAt: number;
  durationMs: number;
}

export class HttpState {
  readonly log: HttpLogEntry[] = [];
  /** URL Fetch calls per user and UTC day of the harness clock. */
  readonly quota: DailyCounter;
  constructor(clock: Clock) {
    this.quota = new DailyCounter(clock);
  }
  /** Calls counted today for `user`. */
  quotaUsed(user: string): number {
    return this.quota.today(user);
  }
  /** Counts one call, refusing it past the daily quota. */
  count(user: string, limit: number): void {
    this.quota.countOne(user, limit, () => new GasException('Service invoked too many times for one day: urlfetch.'));
  }
}

export interface UrlFetchDeps {
  http: HttpState;
  limits: Limits;
}

/** The User-Agent Apps Script sends (it appends its own to any given). */
export const APPS_SCRIPT_UA = 'Mozilla/5.0 (compatible; Google-Apps-Script; beanserver; +https://script.google.com; id: UAEmdDd-harness)';

interface PreparedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
  followRedirects: boolean;
  muteHttpExceptions: boolean;
}

function formEncode(o: Record<string, unknown>): string {
  return Object.entries(o)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}

function prepare(deps: UrlFetchDeps, urlArg: unknown, paramsArg: unknown): PreparedRequest {
  if (typeof urlArg !== 'string' || urlArg === '') throw new GasException('Invalid argument: url');
  const url = urlArg;
  if (url.length > deps.limits.urlFetchUrlLength) throw new GasException('Limit Exceeded: URLFetch URL Length.');
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw new GasException(`Invalid argument: ${url}`);
  }
  const p = (paramsArg ?? {}) as Record<string, unknown>;
  const method = String(p.method ?? 'get').toUpperCase();
  if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].includes(method)) {
    throw new GasException(`Invalid argument: method`);
  }
  const headers: Record<string, string> = {};
  const given = (p.headers ?? {}) as Record<string, unknown>;
  if (Object.keys(given).length > deps.limits.urlFetchHeaderCount) throw new GasException('Limit Exceeded: URLFetch header count.');
  for (const [k, v] of Object.entries(given)) headers[k] = String(v);
  let body: Buffer | null = null;
  let contentType = p.contentType === undefined ? undefined : String(p.contentType);
  const payload = p.payload;
  if (payload !== undefined && payload !== null) {
    if (payload instanceof Blob) {
      body = Buffer.from(payload._bytes);
      contentType ??= payload.getContentType() ?? undefined;
    } else if (Array.isArray(payload)) {
      body = toBuffer(payload);
    } else if (typeof payload === 'object') {
      // An object payload is form-encoded (Apps Script would send multipart if a value were a Blob).
      body = Buffer.from(formEncode(payload as Record<string, unknown>), 'utf8');
    } else {
      body = Buffer.from(String(payload), 'utf8');
    }
    contentType ??= 'application/x-www-form-urlencoded';
    if (body.length > deps.limits.urlFetchPayloadBytes) throw new GasException('Limit Exceeded: URLFetch POST Size.');
  }
  if (contentType !== undefined && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = contentType;
  }
  const ua = Object.keys(headers).find((k) => k.toLowerCase() === 'user-agent');
  if (ua) headers[ua] = `${headers[ua]} ${APPS_SCRIPT_UA}`;
  else headers['User-Agent'] = APPS_SCRIPT_UA;
  return {
    url,
    method,
    headers,
    body,
    followRedirects: p.followRedirects !== false,
    muteHttpExceptions: p.muteHttpExceptions === true,
  };
}

interface RawResponse {
  status: number;
  rawHeaders: string[];
  body: Buffer;
  url: string;
}

function networkError(err: NodeJS.ErrnoException, url: string): GasException {
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return new GasException(`DNS error: ${url}`);
  if (err.code === 'ETIMEDOUT' || err.message === 'harness-timeout') return new GasException(`Timeout: ${url}`);
  if (err.code === 'ECONNREFUSED' || err.code === 'EADDRNOTAVAIL' || err.code === 'EHOSTUNREACH' || err.code === 'ENETUNREACH') {
    return new GasException(`Address unavailable: ${url}`);
  }
  return new GasException(`Unexpected error: ${url}`);
}

function once(deps: UrlFetchDeps, req: PreparedRequest, url: string, method: string, body: Buffer | null): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const lib = u.protocol === 'https:' ? https : http;
    const headers = { ...req.headers };
    if (body) headers['Content-Length'] = String(body.length);
    const r = lib.request(u, { method, headers, rejectUnauthorized: false, timeout: deps.limits.urlFetchTimeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > deps.limits.urlFetchResponseBytes) {
          res.destroy();
          reject(new GasException('Limit Exceeded: URLFetch response size.'));
          return;
        }
        chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks), url }));
      res.on('error', (e) => reject(networkError(e, req.url)));
    });
    r.on('timeout', () => r.destroy(new Error('harness-timeout')));
    r.on('error', (e) => reject(e instanceof GasException ? e : networkError(e, req.url)));
    if (body && method !== 'GET' && method !== 'HEAD') r.end(body);
    else r.end();
  });
}

async function perform(deps: UrlFetchDeps, req: PreparedRequest): Promise<RawResponse> {
  let url = req.url;
  let method = req.method;
  let body = req.body;
  for (let hop = 0; ; hop++) {
    const res = await once(deps, req, url, method, body);
    const location = headerValue(res.rawHeaders, 'location');
    if (!req.followRedirects || ![301, 302, 303, 307, 308].includes(res.status) || !location || hop >= 10) return res;
    url = new URL(location, url).toString();
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      method = 'GET';
      body = null;
    }
  }
}

function headerValue(raw: string[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === name) return raw[i + 1];
  return undefined;
}

export class UrlFetchApp {
  constructor(
    private readonly _deps: UrlFetchDeps,
    private readonly _exec: ExecutionContext,
  ) {}

  private async _do(req: PreparedRequest): Promise<HTTPResponse> {
    this._deps.http.count(this._exec.user, this._deps.limits.urlFetchCallsPerDay);
    const entry: HttpLogEntry = {
      executionId: this._exec.id,
      user: this._exec.user,
      method: req.method,
      url: req.url,
      requestHeaders: { ...req.headers },
      requestBody: req.body ? req.body.toString('utf8') : '',
      status: null,
      responseHeaders: {},
      responseBody: '',
      error: null,
      startedAt: Date.now(),
      durationMs: 0,
    };
    this._deps.http.log.push(entry);
    try {
      const raw = await perform(this._deps, req);
      // Decoded once, for the log and for getContentText().
      const text = raw.body.toString('utf8');
      const response = new HTTPResponse(raw.status, raw.rawHeaders, raw.body, text);
      entry.status = raw.status;
      entry.responseHeaders = response.getAllHeaders();
      entry.responseBody = text;
      if (raw.status >= 400 && !req.muteHttpExceptions) {
        const text = raw.body.toString('utf8');
        const truncated = text.length > 100 ? `${text.slice(0, 100)}...` : text;
        throw new GasException(
          `Request failed for ${new URL(req.url).origin} returned code ${raw.status}. Truncated server response: ${truncated} (use ` +
            `muteHttpExceptions option to examine full response)`,
        );
      }
      return response;
    } catch (e) {
      entry.error = (e as Error).message;
      throw e;
    } finally {
      entry.durationMs = Date.now() - entry.startedAt;
    }
  }

  fetch(url: unknown, params?: unknown): Promise<HTTPResponse> {
    return this._do(prepare(this._deps, url, params));
  }

  /** All requests go out in parallel; the first failure (unless muted) is thrown, as in Apps Script. */
  async fetchAll(requests: unknown): Promise<HTTPResponse[]> {
    if (!Array.isArray(requests)) throw new GasException('Invalid argument: requests');
    const prepared = requests.map((r) => {
      if (typeof r === 'string') return prepare(this._deps, r, {});
      const o = (r ?? {}) as Record<string, unknown>;
      return prepare(this._deps, o.url, o);
    });
    const settled = await Promise.allSettled(prepared.map((p) => this._do(p)));
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    return settled.map((s) => (s as PromiseFulfilledResult<HTTPResponse>).value);
  }

  /** What fetch() would send, without sending it. */
  getRequest(url: unknown, params?: unknown): Record<string, unknown> {
    const r = prepare(this._deps, url, params);
    return {
      url: r.url,
      method: r.method.toLowerCase(),
      headers: r.headers,
      payload: r.body ? r.body.toString('utf8') : '',
      followRedirects: r.followRedirects,
      muteHttpExceptions: r.muteHttpExceptions,
      contentType: r.headers['Content-Type'] ?? null,
    };
  }
}

export class HTTPResponse {
  constructor(
    private readonly _status: number,
    private readonly _rawHeaders: string[],
    private readonly _body: Buffer,
    private readonly _text?: string,
  ) {}
  getResponseCode(): number {
    return this._status;
  }
  /** What the argument-less getters answer, sent with the handle (the response never changes). */
  _preload(): Record<string, unknown> {
    return { getResponseCode: this._status, getContentText: this.getContentText(), getHeaders: this.getHeaders(), getAllHeaders: this.getAllHeaders() };
  }
  getContentText(charset?: unknown): string {
    if (charset === 'US_ASCII' || charset === 'ISO-8859-1') return this._body.toString('latin1');
    return this._text ?? this._body.toString('utf8');
  }
  getContent(): number[] {
    return toSignedBytes(this._body);
  }
  /** Header names as the server sent them; a repeated header's values are joined with ", ". */
  getHeaders(): Record<string, string> {
    const out: Record<string, string> = {};
    const all = this.getAllHeaders();
    for (const [k, v] of Object.entries(all)) out[k] = Array.isArray(v) ? v.join(', ') : v;
    return out;
  }
  /** Header names as sent; a repeated header (e.g. Set-Cookie) becomes an array. */
  getAllHeaders(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (let i = 0; i < this._rawHeaders.length; i += 2) {
      const k = this._rawHeaders[i];
      const v = this._rawHeaders[i + 1];
      const prev = out[k];
      out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    return out;
  }
  getBlob(): Blob {
    const ct = headerValue(this._rawHeaders, 'content-type') ?? null;
    return new Blob(Buffer.from(this._body), ct);
  }
  getAs(contentType: unknown): Blob {
    return this.getBlob().setContentType(contentType);
  }
}
