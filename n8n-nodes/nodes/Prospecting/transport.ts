import type { IExecuteFunctions, IHttpRequestOptions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep, sleepWithAbort } from 'n8n-workflow';
import type { AsyncHost, HttpRequest, HttpResponse } from '../../../shared';

/** The n8n contexts that may talk to the service (execute, resource-locator searches, poll trigger). */
export type ServiceContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/** Connection errors that mean the request never reached the service, so any request may be tried again. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

interface AxiosLikeError {
  code?: string;
  message?: string;
  cause?: unknown;
  response?: { status?: number; headers?: unknown; data?: unknown };
}

/** n8n wraps the HTTP library's error (NodeApiError.cause); walk the chain to the innermost facts. */
function errorChain(error: unknown): AxiosLikeError[] {
  const chain: AxiosLikeError[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    chain.push(current as AxiosLikeError);
    current = (current as AxiosLikeError).cause;
  }
  return chain;
}

function headersOf(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw || typeof raw !== 'object') return out;
  // AxiosHeaders and plain objects both enumerate their names; the core wants them lower-case.
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

function bodyText(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  return JSON.stringify(body);
}

/** A thrown error that still carries an HTTP answer (OAuth2 path), or a connection failure. */
function responseFromError(error: unknown): HttpResponse {
  const chain = errorChain(error);
  const withResponse = chain.find((e) => e.response && typeof e.response.status === 'number');
  if (withResponse?.response) {
    const r = withResponse.response;
    return { status: r.status as number, headers: headersOf(r.headers), body: bodyText(r.data) };
  }
  const code = chain.map((e) => e.code).find((c) => typeof c === 'string' && /^E[A-Z_]+$/.test(c)) ?? 'ENETWORK';
  // The innermost message is the library's own ("socket hang up"); n8n's wrapper may have swapped in retry advice.
  const message = withoutRetryAdvice(
    [...chain]
      .reverse()
      .map((e) => e.message)
      .find(Boolean) ?? 'connection failed',
  );
  return { status: 0, headers: {}, body: '', failure: { code, message: `${code}: ${message}`, maybeSent: !NOT_SENT.has(code) } };
}

/**
 * n8n's advice for a dropped connection ("You can retry the request immediately ...") is wrong after a send that may
 * have been carried out: the core says what to do instead (errors/outcome.ts), so the advice is left out.
 */
function withoutRetryAdvice(message: string): string {
  return message.replace(/\s*You can retry the request immediately[^.]*\.?/gi, '').trim() || 'the connection was closed unexpectedly';
}

function cancelSignal(ctx: ServiceContext): AbortSignal | undefined {
  const getter = (ctx as Partial<IExecuteFunctions>).getExecutionCancelSignal;
  return typeof getter === 'function' ? getter.call(ctx) : undefined;
}

/**
 * Waits with n8n's sleep (the node lint forbids timers) and stops as soon as the execution is cancelled.
 * sleepWithAbort rejects with n8n's cancellation error, which ends the run. It leaves its listener on the signal it
 * is given when the wait ends, so it gets a signal of this wait's own, tied to the execution's for this wait only:
 * a long research run (a wait per poll and per paced request) would otherwise pile listeners on the execution's.
 */
export async function pausable(ctx: ServiceContext, ms: number): Promise<void> {
  const signal = cancelSignal(ctx);
  if (typeof sleepWithAbort === 'function') {
    if (!signal) return await sleepWithAbort(ms);
    const own = new AbortController();
    const forward = () => own.abort();
    if (signal.aborted) own.abort();
    else signal.addEventListener('abort', forward, { once: true });
    try {
      return await sleepWithAbort(ms, own.signal);
    } finally {
      signal.removeEventListener('abort', forward);
    }
  }
  // Older n8n without sleepWithAbort: sleep in short slices, checking the signal between them.
  for (let left = ms; left > 0; left -= 250) {
    if (signal?.aborted) throw new NodeOperationError(ctx.getNode(), 'The execution was cancelled');
    await sleep(Math.min(250, left));
  }
}

/**
 * The core's async host inside n8n: requests go through httpRequestWithAuthentication, so the credential
 * (API key header, or OAuth2 with n8n's refresh) is applied by n8n itself. Status errors are not thrown:
 * the core reads the status, body and rate-limit headers to pace, retry and explain.
 */
export function n8nHost(ctx: ServiceContext, credentialType: string, oauth2: boolean): AsyncHost {
  async function once(request: HttpRequest, ignoreStatus: boolean): Promise<HttpResponse> {
    const options: IHttpRequestOptions = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body,
      returnFullResponse: true,
      ignoreHttpStatusErrors: ignoreStatus,
      json: false,
      encoding: 'text',
      timeout: request.timeoutMs,
      // n8n's axios would follow a redirect with the credential to any origin, repeating a POST: the core decides (flow/redirect.ts).
      disableFollowRedirect: true,
    };
    try {
      const full = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, credentialType, options)) as {
        statusCode: number;
        headers: unknown;
        body: unknown;
      };
      return { status: full.statusCode, headers: headersOf(full.headers), body: bodyText(full.body) };
    } catch (error) {
      // A cancelled execution ends here rather than being retried as a lost connection.
      if (cancelSignal(ctx)?.aborted) throw new NodeOperationError(ctx.getNode(), 'The execution was cancelled while waiting for the service');
      return responseFromError(error);
    }
  }
  return {
    async fetch(request) {
      const response = await once(request, true);
      // n8n refreshes an OAuth2 token only when the request throws a 401: ask again the throwing way once.
      if (oauth2 && response.status === 401) return await once(request, false);
      return response;
    },
    sleep: async (ms) => await pausable(ctx, ms),
    now: () => Date.now(),
  };
}
