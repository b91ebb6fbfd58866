import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox';

/** A sandbox on a free port and the n8n credential data that reaches it with organization A's key. */
export async function sandboxWithCredentials(options: SandboxOptions = {}) {
  const sandbox: RunningSandbox = await startSandbox({ port: 0, contacts: 3000, companies: 300, log: () => undefined, ...options });
  const apiKeyCredential = { apiKey: sandbox.apiKey, baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2, mcpUrl: sandbox.mcp };
  const credentials = { prospectingApi: apiKeyCredential };
  return { sandbox, credentials, apiKeyCredential };
}

/** The sandbox's admin API (loopback, not rate limited): state, request counts, settings. */
export async function admin<T = unknown>(sandbox: RunningSandbox, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandbox.admin}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`admin ${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Requests the sandbox counted per endpoint and status since the last reset. */
export async function requestCounts(sandbox: RunningSandbox): Promise<Record<string, Record<string, number>>> {
  return (await admin<{ counts: Record<string, Record<string, number>> }>(sandbox, 'GET', '/requests')).counts;
}

export function countOf(counts: Record<string, Record<string, number>>, endpoint: string, status?: string): number {
  const byStatus = counts[endpoint] ?? {};
  return status ? (byStatus[status] ?? 0) : Object.values(byStatus).reduce((a, b) => a + b, 0);
}
