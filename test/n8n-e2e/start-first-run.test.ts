/**
 * `npm start` as a new user meets it (issues 23 and 34), started through npm itself (`npm start -- …`), on each pinned
 * n8n major, beside another n8n 2.x that holds n8n's default ports 5678 (editor) and 5679 (task broker):
 * - a start stopped by SIGINT to npm once the examples are imported (as a start that failed there), then a start with
 *   no port flag: it swaps every taken default for a free port and says so, prints only the ports it listens on (no
 *   task broker on 1.x), finds the examples there and activates the webhook example;
 * - one "Custom API Call" in the Resource list n8n serves; a Prospecting node added in the editor (Chromium) gets the
 *   API-key credential on both majors, shows the credential field the missing-token hint names and no Authentication
 *   field, and its Operation list holds one "Custom API Call" (n8n's);
 * - a second `npm start` asking by flag for the editor port in use stops at once, naming the flag;
 * - a SIGINT to the npm process (not to scripts/start.mjs) stops the sandbox, n8n and its task runner, freeing ports.
 * Set SKIP_N8N_E2E=1 to skip.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { createN8nHome, DEFAULT_N8N_VERSION, e2eVersions, ensureN8n, majorOf, type N8nHome, type N8nServer } from '../../scripts/n8n/runner';
import { portTaken } from '../../scripts/n8n/ports';
import { CREDENTIAL_FIELD_LABEL } from '../../n8n-nodes/nodes/Prospecting/description/authentication';
import { addProspectingNode, HAS_CHROMIUM } from './editor-new-node';
import { signIn, waitFor } from './n8n-rest';
import { alive, watchStart, type Started } from './start-process';

const SKIP = process.env.SKIP_N8N_E2E === '1';
const e2e = SKIP ? describe.skip : describe;
const ROOT = path.resolve(__dirname, '../..');
/** The credential types the Prospecting node takes (its Authentication field picks one). */
const NODE_CREDENTIAL_TYPES = ['prospectingApi', 'prospectingOAuth2Api', 'prospectingMcpOAuth2Api'];
const WEBHOOK_EXAMPLE = 'exWebhook0000001';
/** An example with a manual trigger, where the editor check adds its node. */
const SEARCH_EXAMPLE = 'exSearch00000001';

/** `npm start -- args` as a user types it: npm runs the package.json script with the arguments appended. */
function npmStart(args: string[]): Started {
  const { NODE_ENV: _jest, ...env } = process.env;
  return watchStart(spawn('npm', ['start', '--', ...args], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] }));
}

describe('npm start without n8n, stopped by a signal to npm', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to npm reaches start.mjs, which stops the sandbox',
    async (signal) => {
      const s = npmStart(['--port', '0', '--no-n8n']);
      try {
        const [, v2] = await s.waitForText(/v2 base\s+(\S+)/, 60_000);
        await s.waitForText(/Press Ctrl-C to stop/, 10_000);
        const port = Number(new URL(v2).port);
        s.child.kill(signal);
        await s.exited;
        await waitFor(`the sandbox's port ${port} to be free`, 20_000, async () => ((await portTaken(port)) ? undefined : true));
      } finally {
        s.child.kill('SIGKILL');
      }
    },
    120_000,
  );
});

e2e('npm start beside another n8n 2.x on 5678 and 5679', () => {
  let other: { home: N8nHome; server: N8nServer } | undefined;

  beforeAll(async () => {
    await ensureN8n(DEFAULT_N8N_VERSION);
    // "A user's own n8n" on n8n's default ports (if something already holds them, the situation is the same).
    if (!(await portTaken(5679))) {
      const otherHome = await createN8nHome({ version: DEFAULT_N8N_VERSION, env: { N8N_RUNNERS_BROKER_PORT: '5679' } });
      other = { home: otherHome, server: await otherHome.startServer((await portTaken(5678)) ? undefined : 5678) };
    }
    expect(await portTaken(5678)).toBe(true);
    expect(await portTaken(5679)).toBe(true);
  }, 600_000);

  afterAll(async () => {
    await other?.home.cleanup();
  });

  it.each(e2eVersions())(
    'n8n %s: after a start stopped once the examples were imported, a start with no port flag works and activates the webhook example; SIGINT to npm stops it',
    async (version) => {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'start-first-run-'));
      const v1 = majorOf(version) === 1;
      const args = ['--n8n-home', home, ...(v1 ? ['--n8n-1'] : [])];
      let pids: number[] = [];
      try {
        // 1. A start that ends after the import, before n8n is up (as the start of issue 34 that failed on a taken port).
        const first = npmStart(args);
        try {
          await first.waitForText(/importing \d+ example workflow\(s\)/, 900_000);
          await first.waitForText(/n8n: starting on port/, 300_000);
          first.child.kill('SIGINT');
          expect(await first.exited).toEqual({ code: 0, signal: null });
        } finally {
          first.child.kill('SIGKILL');
        }

        // 2. The next start, no port flag.
        const s = npmStart(args);
        try {
          await s.waitForText(/Press Ctrl-C to stop n8n and the sandbox/, 900_000);
          const out = s.output();
          pids = /pids\s+start (\d+), sandbox (\d+), n8n (\d+)/.exec(out)!.slice(1).map(Number);
          expect(out).toContain(`n8n ${version} is up`);
          expect(out).toMatch(/example workflows already in this home/);
          const [, n8nPort] = /^Port: n8n's editor: 5678 is in use \(another n8n\?\), so this start uses (\d+) \(--n8n-port N picks one\)\.$/m.exec(out)!;
          const shown = /^\s+ports\s+(.*)$/m.exec(out)![1];
          const listed = Object.fromEntries([...shown.matchAll(/(sandbox|n8n task broker|n8n|docs) (\d+)/g)].map((m) => [m[1], Number(m[2])]));
          expect(listed.n8n).toBe(Number(n8nPort));
          if (v1) expect(listed['n8n task broker']).toBeUndefined();
          else {
            expect(out).toMatch(/^Port: n8n's task broker: 5679 is in use \(another n8n\?\), so this start uses \d+/m);
            expect(listed['n8n task broker']).not.toBe(5679);
          }
          // Only ports it listens on are printed.
          for (const [what, port] of Object.entries(listed)) expect(`${what} ${port} ${await portTaken(port)}`).toBe(`${what} ${port} true`);

          const [email, password] = /^\s+sign in\s+(\S+) \/ (\S+)$/m.exec(out)!.slice(1);
          const rest = await signIn(`http://127.0.0.1:${n8nPort}`, { email, password });
          const workflows = await rest.get<{ id: string; active: boolean }[]>('/rest/workflows');
          expect(workflows.filter((w) => w.active).map((w) => w.id)).toEqual([WEBHOOK_EXAMPLE]);

          // One "Custom API Call" in the Resource list of the version new nodes get.
          const types = (await rest.nodeTypes()) as unknown as INodeTypeDescription[];
          const current = types.find(
            (t) => t.name === 'n8n-nodes-prospecting.prospecting' && t.defaultVersion !== undefined && [t.version].flat().includes(t.defaultVersion),
          );
          const resources = current!.properties.find((p) => p.name === 'resource')!.options as INodePropertyOptions[];
          expect(resources.filter((o) => o.name === 'Custom API Call')).toEqual([{ name: 'Custom API Call', value: 'custom' }]);

          if (!v1) {
            // 2.x's editor gives a new node the most recently updated usable credential (npm start writes the API key newer).
            const creds = await rest.get<{ id: string; type: string; updatedAt: string }[]>('/rest/credentials');
            const usable = creds.filter((c) => NODE_CREDENTIAL_TYPES.includes(c.type));
            const picked = usable.reduce((a, b) => (a.updatedAt > b.updatedAt ? a : b), usable[0]);
            expect(picked).toMatchObject({ id: 'prospectingSandbox1', type: 'prospectingApi' });
          } else {
            // 1.x's editor reads the list below, which has no dates: every comparison ties and the last credential of
            // the last type the node lists wins, so the node lists the API key's type last (description/authentication.ts).
            const forEditor = await rest.get<{ type: string; updatedAt?: string }[]>(`/rest/credentials/for-workflow?workflowId=${SEARCH_EXAMPLE}`);
            expect(forEditor.filter((c) => NODE_CREDENTIAL_TYPES.includes(c.type)).map((c) => c.updatedAt)).toEqual([undefined, undefined]);
            expect(current!.credentials!.map((c) => c.name).pop()).toBe('prospectingApi');
          }
          if (HAS_CHROMIUM) {
            // What the user meets: a Prospecting node added in the editor, read in Chromium.
            const view = await addProspectingNode(`http://127.0.0.1:${n8nPort}`, { email, password }, SEARCH_EXAMPLE, 'Search contacts');
            expect(view.credential).toBe('Prospecting sandbox');
            // n8n hides Authentication; the field it shows is the one the missing-token hint names (connected.ts).
            expect(view.labels).toContain(CREDENTIAL_FIELD_LABEL);
            expect(view.labels).not.toContain('Authentication');
            // The Operation list ends with n8n's own "Custom API Call" (a pointer to the HTTP Request node), once.
            expect(view.operations.filter((o) => o === 'Custom API Call')).toEqual(['Custom API Call']);
            expect(view.operations[view.operations.length - 1]).toBe('Custom API Call');
          }

          // 3. Asking by flag for the port in use: refused at once, before anything slow, naming the flag.
          const third = npmStart(['--n8n-port', n8nPort, '--n8n-home', path.join(home, 'third'), ...(v1 ? ['--n8n-1'] : [])]);
          const t0 = Date.now();
          const ended = await third.exited;
          expect(ended.code).not.toBe(0);
          expect(Date.now() - t0).toBeLessThan(60_000);
          expect(third.output()).not.toMatch(/checking the install/);

          // 4. SIGINT to npm's own process: everything npm start started stops.
          s.child.kill('SIGINT');
          await s.exited;
          await waitFor('npm start, the sandbox and n8n to stop', 60_000, async () => (pids.some(alive) ? undefined : true));
          for (const port of Object.values(listed)) {
            await waitFor(`port ${port} to be free`, 30_000, async () => ((await portTaken(port)) ? undefined : true));
          }
        } finally {
          s.child.kill('SIGKILL');
          for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
        }
      } finally {
        fs.rmSync(home, { recursive: true, force: true });
      }
    },
    2_400_000,
  );
});
