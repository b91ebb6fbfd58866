import type { AsyncHost } from '../drivers/host';
import type { HttpRequest, HttpResponse } from '../effects';

/**
 * An async host for plain Node (tests, benchmarks, the CLI demo): global fetch with a timeout.
 * Not for n8n, which has its own helpers and forbids globals in nodes.
 */
export function nodeFetchHost(overrides: Partial<AsyncHost> = {}): AsyncHost {
  return {
    fetch: fetchOnce,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
    ...overrides,
  };
}

/** Connection errors that mean the request never reached the server. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export async function fetchOnce(request: HttpRequest): Promise<HttpResponse> {
  if (request.authBy === 'host') throw new Error('nodeFetchHost cannot sign requests: use an apiKey, bearer or oauth2 credential');
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      // Redirects come back to the core unfollowed: it decides which may be followed (flow/redirect.ts).
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
    return { status: response.status, headers, body: await response.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    const code = (error as Error).name === 'TimeoutError' ? 'ETIMEDOUT' : (cause?.code ?? 'ENETWORK');
    return { status: 0, headers: {}, body: '', failure: { code, message: `${code}: ${(error as Error).message}`, maybeSent: !NOT_SENT.has(code) } };
  }
}
