/**
 * Shared by the add-on's tests: builds apps-script/dist once, starts the sandbox as a child process with a
 * config, and opens a harness whose user is connected to it.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHarness, startSandboxProcess, type Harness, type HarnessOptions, type SandboxProcess } from '../apps-script-harness';

export const ROOT = path.resolve(__dirname, '..', '..');
export const SCRIPT_ID = '1PdsAddOnTestScript000000000000000000000000000000000000';
export const REDIRECT_URI = `https://script.google.com/macros/d/${SCRIPT_ID}/usercallback`;

let built: { code: string; sidebar: string } | null = null;

/**
 * Runs `script`, an ES module's text, in a child node from the project's root, as the build runs scripts/bundling
 * (ES modules that import esbuild and swc), and returns the JSON it writes to stdout.
 */
export function bundlingScript<T>(script: string): T {
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })) as T;
}

/** Runs the real build (apps-script/build.mjs) once per test process. */
export function addOnBuild(): { code: string; sidebar: string } {
  if (!built) {
    execFileSync(process.execPath, [path.join(ROOT, 'apps-script', 'build.mjs')], { cwd: ROOT, stdio: 'pipe' });
    const dist = path.join(ROOT, 'apps-script', 'dist');
    built = { code: fs.readFileSync(path.join(dist, 'Code.js'), 'utf8'), sidebar: fs.readFileSync(path.join(dist, 'Sidebar.html'), 'utf8') };
  }
  return built;
}

export type SandboxConfigPatch = Record<string, unknown>;

/** The sandbox with the Apps Script redirect URI registered on its OAuth clients, plus `patch`. */
export async function startSandbox(patch: SandboxConfigPatch = {}): Promise<SandboxProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pds-addon-'));
  const file = path.join(dir, 'config.json');
  const oauth = { extraRedirectUris: [REDIRECT_URI], ...((patch.oauth as object) ?? {}) };
  fs.writeFileSync(file, JSON.stringify({ ...patch, oauth }));
  return startSandboxProcess({ config: file, cwd: ROOT });
}

export function addOnHarness(opts: Partial<HarnessOptions> = {}): Harness {
  const { code, sidebar } = addOnBuild();
  return createHarness({ code, files: { 'Sidebar.html': sidebar }, scriptId: SCRIPT_ID, ...opts });
}

/**
 * A sandbox and a user connected to it whose saved contacts the sidebar imported into `sheetName` (with their
 * contactId column): where the tests of per-row actions (tasks, calls, run an operation) start.
 */
export async function connectedWithOrgContacts(sheetName: string, opts: Partial<HarnessOptions> = {}): Promise<{ sb: SandboxProcess; h: Harness }> {
  const sb = await startSandbox();
  const h = addOnHarness({ user: 'rep@example.com', ...opts });
  await connect(h, sb);
  await h.run('enableOrgRefresh', { sheetName, days: 365 });
  return { sb, h };
}

/**
 * For a whole test file: a sandbox (with `sandbox` as its config) and a harness for `user` connected to it (with
 * `settings`), started before the file's tests and closed after them. Read `env.sb` and `env.h` inside the tests.
 */
export function connectedPerFile(opts: { user: string; sandbox?: SandboxConfigPatch; settings?: Record<string, unknown> }): {
  sb: SandboxProcess;
  h: Harness;
} {
  const env = {} as { sb: SandboxProcess; h: Harness };
  beforeAll(async () => {
    env.sb = await startSandbox(opts.sandbox);
    env.h = addOnHarness({ user: opts.user });
    await connect(env.h, env.sb, opts.settings);
  }, 120_000);
  afterAll(async () => {
    await env.h?.close();
    await env.sb?.stop();
  });
  return env;
}

/** Points the add-on at the sandbox and connects it with organization A's API key. */
export async function connect(h: Harness, sb: SandboxProcess, extra: Record<string, unknown> = {}, user?: string): Promise<void> {
  const settings = { baseUrlV1: sb.info.v1, baseUrlV2: sb.info.v2, authUrl: sb.info.auth, ...extra };
  if (user) {
    await h.runAs(user, 'saveConnectionSettings', settings);
    await h.runAs(user, 'connectApiKey', sb.info.apiKey);
  } else {
    await h.run('saveConnectionSettings', settings);
    await h.run('connectApiKey', sb.info.apiKey);
  }
}

/** The sandbox's admin API (loopback, not rate limited, not counted). */
export async function admin<T = unknown>(sb: SandboxProcess, method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sb.info.admin}${route}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`admin ${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * The service's rate windows start at multiples of their length (sandbox/ratelimit.ts): a test that counts what one
 * long window lets through must not straddle a window's edge, where a fresh window rightly lets more through. Waits,
 * if the sandbox's clock is within `marginMs` of the next edge, until it is past it.
 */
export async function clearOfWindowEdge(sb: SandboxProcess, windowMs: number, marginMs: number): Promise<void> {
  const now = Date.parse((await admin<{ now: string }>(sb, 'GET', '/state')).now);
  const toEdge = windowMs - (now % windowMs);
  if (toEdge < marginMs) await new Promise((r) => setTimeout(r, toEdge + 100));
}

export async function creditsOf(sb: SandboxProcess, org = 'A'): Promise<number> {
  const orgs = await admin<{ handle: string; credits: number }[]>(sb, 'GET', '/orgs');
  return orgs.find((o) => o.handle === org)!.credits;
}

/** Requests the sandbox counted, by endpoint and status. */
export async function requestCounts(sb: SandboxProcess): Promise<Record<string, Record<string, number>>> {
  return (await admin<{ counts: Record<string, Record<string, number>> }>(sb, 'GET', '/requests')).counts;
}

export function countOf(counts: Record<string, Record<string, number>>, endpoint: string, status?: string): number {
  const byStatus = counts[endpoint] ?? {};
  return status ? (byStatus[status] ?? 0) : Object.values(byStatus).reduce((a, b) => a + b, 0);
}

/** Every property value and log line, to check that no secret was written anywhere but user properties. */
export function everythingButUserProperties(h: Harness): string {
  const sheets = h.workbook.sheets.map((s) => JSON.stringify(s.values())).join('\n');
  return [JSON.stringify(h.properties.document.all()), JSON.stringify(h.properties.script.all()), h.logText(), sheets].join('\n');
}
