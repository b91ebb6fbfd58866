/**
 * `npm start` (scripts/start.mjs) as a user runs it: a child process, its printed output, then Ctrl-C (SIGINT).
 * - Without n8n (bash not on PATH, so install-n8n.sh cannot run, as when n8n cannot be installed): the
 *   sandbox still comes up and the reason is printed.
 * - With n8n (the current 2.x by default; one n8n server, started twice on the same home): the package is installed in
 *   the home's .n8n/nodes as users install it and its node types load, the editor answers, the printed sign-in works,
 *   the credentials point at this sandbox, every example is there once, the webhook example is active and
 *   registered on the sandbox; after SIGINT both processes are gone. The second start imports nothing again
 *   and keeps the owner.
 * The n8n part is skipped with SKIP_N8N_E2E=1 (the first run installs Node 24 + n8n into .cache/).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_N8N_VERSION, freePort } from '../../scripts/n8n/runner';
import { signIn, waitFor } from './n8n-rest';
import { alive, watchStart, type Started } from './start-process';

const SKIP = process.env.SKIP_N8N_E2E === '1';
const e2e = SKIP ? describe.skip : describe;
const ROOT = path.resolve(__dirname, '../..');
const EXAMPLES = path.join(ROOT, 'n8n-nodes/examples');

function start(args: string[], env: NodeJS.ProcessEnv = process.env): Started {
  const { NODE_ENV: _jest, ...rest } = env;
  return watchStart(spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs'), ...args], { cwd: ROOT, env: rest, stdio: ['pipe', 'pipe', 'pipe'] }));
}

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(3000) });
    return false;
  } catch {
    return true;
  }
}

/** SIGINT as Ctrl-C sends it to npm start; resolves once it has exited. */
async function interrupt(s: Started): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  s.child.kill('SIGINT');
  const timer = setTimeout(() => s.child.kill('SIGKILL'), 45_000);
  const result = await s.exited;
  clearTimeout(timer);
  return result;
}

describe('npm start without n8n', () => {
  it('still starts the sandbox and says why n8n is not there', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'start-no-n8n-'));
    const s = start(['--port', '0', '--n8n-home', home], { ...process.env, PATH: path.join(home, 'no-bin') });
    try {
      const [, v2] = await s.waitForText(/v2 base\s+(\S+)/, 60_000);
      const [, apiKey] = await s.waitForText(/API key \(org A\)\s+(\S+)/, 1000);
      await s.waitForText(/n8n is not running: it could not be installed[^]*Press Ctrl-C to stop/, 60_000);
      const me = await fetch(`${v2}/oauth/me`, { headers: { Token: apiKey } });
      expect(me.status).toBe(200);
      expect(await interrupt(s)).toEqual({ code: 0, signal: null });
      expect(s.output()).toMatch(/Stopped\.\n$/);
      expect(await refused(`${v2}/oauth/me`)).toBe(true);
    } finally {
      s.child.kill('SIGKILL');
      fs.rmSync(home, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('npm start killed outright', () => {
  it('takes the sandbox down with it (start-watchdog.mjs), so no orphan keeps the port', async () => {
    const s = start(['--port', '0', '--no-n8n']);
    try {
      const [, v2] = await s.waitForText(/v2 base\s+(\S+)/, 60_000);
      await s.waitForText(/Press Ctrl-C to stop/, 10_000);
      s.child.kill('SIGKILL');
      await s.exited;
      await waitFor('the sandbox to stop', 10_000, async () => ((await refused(`${v2}/oauth/me`)) ? true : undefined));
    } finally {
      s.child.kill('SIGKILL');
    }
  }, 90_000);
});

e2e('npm start with n8n', () => {
  const examples = fs
    .readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(EXAMPLES, f), 'utf8')) as { id: string; name: string });
  let home: string;
  let n8nPort: number;
  let firstOwner: string[] = [];

  beforeAll(async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'start-n8n-home-'));
    n8nPort = await freePort();
  });

  afterAll(() => {
    fs.rmSync(home, { recursive: true, force: true });
  });

  /** Starts npm start on the test home, runs `check`, then SIGINT and checks that everything is gone. */
  async function session(check: (s: Started, info: { editor: string; owner: string[]; v2: string; apiKey: string; admin: string }) => Promise<void>) {
    const s = start(['--port', '0', '--n8n-port', String(n8nPort), '--n8n-home', home]);
    let pids: number[] = [];
    try {
      // The first run on a clean clone installs n8n (~3 minutes) before this line appears.
      const [, editor] = await s.waitForText(/^\s+editor\s+(\S+)/m, 600_000);
      await s.waitForText(/Press Ctrl-C to stop n8n and the sandbox/, 10_000);
      const out = s.output();
      const owner = /^\s+sign in\s+(\S+) \/ (\S+)$/m.exec(out)!.slice(1);
      const [, v2] = /v2 base\s+(\S+)/.exec(out)!;
      const [, apiKey] = /API key \(org A\)\s+(\S+)/.exec(out)!;
      const [, admin] = /admin\s+(\S+)\/state/.exec(out)!;
      pids = /pids\s+start (\d+), sandbox (\d+), n8n (\d+)/.exec(out)!.slice(1).map(Number);
      expect(pids[0]).toBe(s.child.pid);
      expect(editor).toBe(`http://localhost:${n8nPort}/`);

      await check(s, { editor, owner, v2, apiKey, admin });

      expect(await interrupt(s)).toEqual({ code: 0, signal: null });
      expect(s.output()).toMatch(/SIGINT: stopping n8n and the sandbox\.\.\.\nStopped\.\n$/);
      for (const pid of pids) expect(alive(pid)).toBe(false);
      expect(await refused(`http://127.0.0.1:${n8nPort}/healthz`)).toBe(true);
      expect(await refused(`${v2}/oauth/me`)).toBe(true);
    } finally {
      // After a failure: SIGKILL npm start (its children follow through start-watchdog.mjs), and make sure.
      s.child.kill('SIGKILL');
      for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
    }
  }

  it('starts the sandbox and n8n with the credentials and examples, and stops both on SIGINT', async () => {
    await session(async (s, { editor, owner, v2, apiKey, admin }) => {
      firstOwner = owner;
      const shipped = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.json')).length;
      expect(s.output()).toMatch(new RegExp(`importing ${shipped} example workflow\\(s\\)`));
      expect(s.output()).toContain(`n8n ${DEFAULT_N8N_VERSION} is up, with the Prospecting package installed in ${home}/.n8n/nodes`);
      // The editor page itself (what a browser opens): n8n's single-page app.
      const page = await fetch(editor);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<title>n8n/);

      const rest = await signIn(`http://127.0.0.1:${n8nPort}`, { email: owner[0], password: owner[1] });
      // The installed package's types, as the editor loads them (2.x serves them to a signed-in session only).
      const types = await rest.nodeTypes();
      // One entry per version of the action node (or one entry listing them, as 1.x may serve it).
      const versions = types.filter((t) => t.name === 'n8n-nodes-prospecting.prospecting').flatMap((t) => t.version);
      expect(versions.sort()).toEqual([1, 2, 3, 4]);
      expect(types.map((t) => t.name)).toEqual(
        expect.arrayContaining(['n8n-nodes-prospecting.prospectingWebhookTrigger', 'n8n-nodes-prospecting.prospectingTrigger']),
      );
      const creds = await rest.get<{ id: string; name: string; type: string }[]>('/rest/credentials');
      expect(creds.map((c) => [c.id, c.type]).sort()).toEqual([
        ['prospectingSandbox1', 'prospectingApi'],
        ['prospectingSandboxOAuth1', 'prospectingOAuth2Api'],
      ]);
      const apiCred = await rest.get<{ data: Record<string, string> }>('/rest/credentials/prospectingSandbox1?includeData=true');
      expect(apiCred.data).toMatchObject({ baseUrlV2: v2, baseUrlV1: v2.replace(/v2$/, 'v1') });

      const workflows = await rest.get<{ id: string; name: string; active: boolean }[]>('/rest/workflows');
      expect(workflows.map((w) => w.id).sort()).toEqual(examples.map((e) => e.id).sort());
      expect(workflows.filter((w) => w.active).map((w) => w.id)).toEqual(['exWebhook0000001']);

      // "What to try first": the search example run the way the editor's Execute button runs it.
      const searchWf = await rest.get<{ id: string }>('/rest/workflows/exSearch00000001');
      const started = await rest.post<{ executionId: string }>('/rest/workflows/exSearch00000001/run', {
        workflowData: searchWf,
        triggerToStartFrom: { name: 'Start' },
      });
      const manual = await waitFor('the manual run', 30_000, async () => {
        const e = await rest.execution(started.executionId);
        return e.status === 'success' || e.status === 'error' ? e : undefined;
      });
      expect(manual).toMatchObject({ mode: 'manual', status: 'success' });
      expect(manual.output['Search Contacts']).toHaveLength(10);
      for (const c of manual.output['Search Contacts']) expect(c).toMatchObject({ seniority: 'VP', department: 'Sales' });

      // start.mjs registered the active webhook example on the sandbox: a research arrives as an execution.
      const hooks = (await (await fetch(`${admin}/webhooks`)).json()) as { url: string }[];
      expect(hooks.map((h) => h.url)).toEqual([`http://127.0.0.1:${n8nPort}/webhook/6a1f3c2e-9b4d-4e7a-8c5f-2d0b1e9a7c31/prospecting`]);
      const search = await fetch(`${v2}/search/contacts`, {
        method: 'POST',
        headers: { Token: apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ seniority: ['VP'], limit: 1 }),
      });
      const [hit] = ((await search.json()) as { data: { searchResultId: string }[] }).data;
      const submit = await fetch(`${v2.replace(/v2$/, 'v1')}/contacts/research`, {
        method: 'POST',
        headers: { Token: apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ searchResultIds: [hit.searchResultId] }),
      });
      expect(submit.status).toBe(202);
      const executions = await waitFor('the webhook execution', 30_000, async () => {
        const list = await rest.executions('exWebhook0000001');
        return list.length && list[0].status === 'success' ? list : undefined;
      });
      expect(executions).toHaveLength(1);
    });
  }, 900_000);

  it('a second start on the same home keeps the owner and workflows and imports nothing twice', async () => {
    await session(async (s, { owner, v2 }) => {
      expect(owner).toEqual(firstOwner);
      expect(s.output()).toMatch(/example workflows already in this home/);
      const rest = await signIn(`http://127.0.0.1:${n8nPort}`, { email: owner[0], password: owner[1] });
      const workflows = await rest.get<{ id: string }[]>('/rest/workflows');
      expect(workflows.map((w) => w.id).sort()).toEqual(examples.map((e) => e.id).sort());
      // The credential follows the new sandbox port.
      const apiCred = await rest.get<{ data: Record<string, string> }>('/rest/credentials/prospectingSandbox1?includeData=true');
      expect(apiCred.data.baseUrlV2).toBe(v2);
      // Executions of the first session are still there (same database).
      expect(await rest.executions('exWebhook0000001')).toHaveLength(1);
    });
  }, 300_000);
});
