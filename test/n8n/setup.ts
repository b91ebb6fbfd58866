import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox, type RunningSandbox, type SandboxInfo, type SandboxOptions } from '../../sandbox';
import { startSandboxProcess } from '../apps-script-harness/sandbox-process';

/** The sandbox and the n8n credential data that reaches it with organization A's key. */
function withApiKey<S extends SandboxInfo>(sandbox: S) {
  const apiKeyCredential = { apiKey: sandbox.apiKey, baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2, mcpUrl: sandbox.mcp };
  return { sandbox, credentials: { prospectingApi: apiKeyCredential }, apiKeyCredential };
}

/** A sandbox on a free port and the n8n credential data that reaches it with organization A's key. */
export async function sandboxWithCredentials(options: SandboxOptions = {}) {
  const sandbox: RunningSandbox = await startSandbox({ port: 0, contacts: 3000, companies: 300, log: () => undefined, ...options });
  return withApiKey(sandbox);
}

/** A sandbox reached over the wire: its addresses, and how to stop it. */
export type SandboxAt = SandboxInfo & { close(): Promise<void> };

/**
 * The same, with the sandbox in a child process: the real service is remote, so its work must not share the node's
 * event loop (benchmarks). Reuses the Apps Script harness's launcher (`tsx sandbox/cli.ts`); the config goes in a file.
 */
export async function sandboxProcessWithCredentials(options: Pick<SandboxOptions, 'contacts' | 'companies' | 'seed' | 'config'> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pds-sandbox-'));
  const config = path.join(dir, 'config.json');
  writeFileSync(config, JSON.stringify(options.config ?? {}));
  const flags = (['contacts', 'companies', 'seed'] as const).flatMap((k) => (options[k] === undefined ? [] : [`--${k}`, String(options[k])]));
  const child = await startSandboxProcess({ config, args: ['--contacts', '3000', '--companies', '300', ...flags] }).finally(() =>
    rmSync(dir, { recursive: true }),
  );
  const sandbox: SandboxAt = { ...child.info, close: child.stop };
  return withApiKey(sandbox);
}

/** The sandbox's admin API (loopback, not rate limited): state, request counts, settings. */
export async function admin<T = unknown>(sandbox: Pick<SandboxInfo, 'admin'>, method: string, path: string, body?: unknown): Promise<T> {
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
export async function requestCounts(sandbox: Pick<SandboxInfo, 'admin'>): Promise<Record<string, Record<string, number>>> {
  return (await admin<{ counts: Record<string, Record<string, number>> }>(sandbox, 'GET', '/requests')).counts;
}

export function countOf(counts: Record<string, Record<string, number>>, endpoint: string, status?: string): number {
  const byStatus = counts[endpoint] ?? {};
  return status ? (byStatus[status] ?? 0) : Object.values(byStatus).reduce((a, b) => a + b, 0);
}
