/**
 * `npm start` as a new user meets it (issue 23), started through npm itself (`npm start -- …`), beside another n8n 2.x
 * that holds n8n's default task-broker port 5679:
 * - it starts anyway (every n8n the project starts gets free ports for all it listens on) and prints its ports, the
 *   workflow list's URL and the first example's;
 * - new Prospecting nodes get the API-key credential (n8n's editor picks the most recently updated usable one);
 * - a second `npm start` on the same editor port says which port is taken;
 * - a SIGTERM to the npm process (not to scripts/start.mjs) stops the sandbox, n8n and its task runner, freeing ports.
 * Set SKIP_N8N_E2E=1 to skip.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createN8nHome, DEFAULT_N8N_VERSION, ensureN8n, freePort, type N8nHome, type N8nServer } from '../../scripts/n8n/runner';
import { portTaken } from '../../scripts/n8n/ports';
import { signIn, waitFor } from './n8n-rest';
import { alive, watchStart, type Started } from './start-process';

const SKIP = process.env.SKIP_N8N_E2E === '1';
const e2e = SKIP ? describe.skip : describe;
const ROOT = path.resolve(__dirname, '../..');
/** The credential types the Prospecting node takes (its Authentication field picks one). */
const NODE_CREDENTIAL_TYPES = ['prospectingApi', 'prospectingOAuth2Api', 'prospectingMcpOAuth2Api'];

/** `npm start -- args` as a user types it: npm runs `sh -c "node scripts/start.mjs …"`. */
function npmStart(args: string[]): Started {
  const { NODE_ENV: _jest, ...env } = process.env;
  return watchStart(spawn('npm', ['start', '--', ...args], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] }));
}

describe('npm start without n8n, stopped by a SIGTERM to npm', () => {
  it('npm and its shell end without passing the signal on; start.mjs sees them gone and stops the sandbox', async () => {
    const s = npmStart(['--port', '0', '--no-n8n']);
    try {
      const [, v2] = await s.waitForText(/v2 base\s+(\S+)/, 60_000);
      await s.waitForText(/Press Ctrl-C to stop/, 10_000);
      const port = Number(new URL(v2).port);
      s.child.kill('SIGTERM');
      await s.exited;
      await waitFor(`the sandbox's port ${port} to be free`, 20_000, async () => ((await portTaken(port)) ? undefined : true));
    } finally {
      s.child.kill('SIGKILL');
    }
  }, 120_000);
});

e2e('npm start beside another n8n 2.x, stopped by a SIGTERM to npm', () => {
  let other: { home: N8nHome; server: N8nServer } | undefined;
  let home: string;

  beforeAll(async () => {
    await ensureN8n(DEFAULT_N8N_VERSION);
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'start-first-run-'));
    // "A user's own n8n": n8n's default broker port 5679 (if something already holds it, the situation is the same).
    if (!(await portTaken(5679))) {
      const otherHome = await createN8nHome({ version: DEFAULT_N8N_VERSION, env: { N8N_RUNNERS_BROKER_PORT: '5679' } });
      other = { home: otherHome, server: await otherHome.startServer((await portTaken(5678)) ? undefined : 5678) };
    }
    expect(await portTaken(5679)).toBe(true);
  }, 600_000);

  afterAll(async () => {
    await other?.home.cleanup();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('starts on free ports, points at the workflows, gives new nodes the API key, names a taken port, and stops on SIGTERM to npm', async () => {
    const n8nPort = await freePort();
    const s = npmStart(['--port', '0', '--n8n-port', String(n8nPort), '--n8n-home', home]);
    let pids: number[] = [];
    try {
      await s.waitForText(/Press Ctrl-C to stop n8n and the sandbox/, 900_000);
      const out = s.output();
      pids = /pids\s+start (\d+), sandbox (\d+), n8n (\d+)/.exec(out)!.slice(1).map(Number);
      const [sandboxPort, shownN8nPort, brokerPort] = /ports\s+sandbox (\d+), n8n (\d+), n8n task broker (\d+)/.exec(out)!.slice(1).map(Number);
      expect(shownN8nPort).toBe(n8nPort);
      expect(brokerPort).not.toBe(5679);
      expect(await portTaken(brokerPort)).toBe(true);

      // Where to go after signing in (n8n 2.x opens its assistant page): the workflow list, and the first example.
      expect(out).toContain(`workflows http://localhost:${n8nPort}/home/workflows`);
      expect(out).toContain(`http://localhost:${n8nPort}/workflow/exSearch00000001`);
      expect((await fetch(`http://127.0.0.1:${n8nPort}/home/workflows`)).status).toBe(200);

      // The credential the editor gives a new Prospecting node: the most recently updated usable one.
      const [email, password] = /^\s+sign in\s+(\S+) \/ (\S+)$/m.exec(out)!.slice(1);
      const rest = await signIn(`http://127.0.0.1:${n8nPort}`, { email, password });
      const creds = await rest.get<{ id: string; type: string; updatedAt: string }[]>('/rest/credentials');
      const usable = creds.filter((c) => NODE_CREDENTIAL_TYPES.includes(c.type));
      expect(usable.length).toBeGreaterThanOrEqual(2);
      const picked = usable.reduce((a, b) => (a.updatedAt > b.updatedAt ? a : b), usable[0]);
      expect(picked).toMatchObject({ id: 'prospectingSandbox1', type: 'prospectingApi' });

      // A second npm start on the same editor port: the port is named, the sandbox keeps running.
      const second = npmStart(['--port', '0', '--n8n-port', String(n8nPort), '--n8n-home', path.join(home, 'second')]);
      try {
        await second.waitForText(new RegExp(`n8n is not running: n8n's editor port ${n8nPort} is already in use`), 600_000);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }

      // SIGTERM to npm's own process, as a process manager or CI sends it: everything npm start started stops.
      s.child.kill('SIGTERM');
      await s.exited;
      await waitFor('npm start, the sandbox and n8n to stop', 60_000, async () => (pids.some(alive) ? undefined : true));
      for (const port of [sandboxPort, n8nPort, brokerPort]) {
        await waitFor(`port ${port} to be free`, 30_000, async () => ((await portTaken(port)) ? undefined : true));
      }
    } finally {
      s.child.kill('SIGKILL');
      for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
    }
  }, 1_200_000);
});
