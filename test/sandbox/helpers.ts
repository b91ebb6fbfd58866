/** Shared helpers of the sandbox conformance suite: start in-process on port 0, speak plain HTTP. */
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index';

export const FAST = {
  research: { queuedMs: 80, researchingMs: 150 },
  webhooks: { backoffBaseMs: 20, timeoutMs: 2000 },
};

export async function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({
    port: 0,
    contacts: 800,
    companies: 120,
    log: () => undefined,
    ...options,
    config: { ...FAST, ...(options.config ?? {}) } as SandboxOptions['config'],
  });
}

export interface Reply {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

export interface CallOptions {
  key?: string;
  bearer?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  redirect?: 'manual' | 'follow' | 'error';
}

export async function call(method: string, url: string, opts: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers.token = opts.key;
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url, { method, headers, body, redirect: opts.redirect ?? 'manual' });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Polls `fn` until `done` holds or the deadline passes (no fixed sleeps). */
export async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 5000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export const admin = (sb: RunningSandbox, method: string, path: string, body?: unknown) => call(method, `${sb.admin}${path}`, { body });

export async function searchIds(sb: RunningSandbox, key: string, filters: Record<string, unknown>, limit: number): Promise<string[]> {
  const r = await call('POST', `${sb.v2}/search/contacts`, { key, body: { ...filters, limit } });
  if (r.status !== 200) throw new Error(`search failed ${r.status} ${r.text}`);
  return r.body.data.map((row: { searchResultId: string }) => row.searchResultId);
}

/** A wide lookback window for org reads. */
export function window(): string {
  const end = new Date(Date.now() + 86_400_000).toISOString();
  const start = new Date(Date.now() - 400 * 86_400_000).toISOString();
  return `startDate=${encodeURIComponent(start)}&endDate=${encodeURIComponent(end)}`;
}
