/**
 * The n8n half of `npm start` (scripts/start.mjs): installs n8n on demand (scripts/n8n/runner.ts, ensureN8n; the
 * newest pinned 2.x unless a version is given), packs the package and installs it into the home's .n8n/nodes/ as
 * users install it, prepares a persistent n8n home with the sandbox credentials and the example workflows, starts
 * `n8n start`, and takes the owner setup out of the way.
 *
 * Owner setup: n8n 1.x has no switch to run without user management (N8N_USER_MANAGEMENT_DISABLED went
 * away in 1.0) and no "skip" any more; until an owner exists the editor shows the "Set up owner account"
 * form. So the first start of a home creates the owner through n8n's own endpoint
 * `POST /rest/owner/setup` (the same call that form makes) with a generated password, keeps the
 * sign-in in `<home>/owner.json` (mode 600) and prints it on every start.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { require as tsxRequire } from 'tsx/cjs/api';

/** Preload that ends a child of npm start when npm start is gone (see the file). */
export const WATCHDOG = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'start-watchdog.mjs')).href;

/** Credential ids the examples refer to. */
export const API_CREDENTIAL_ID = 'prospectingSandbox1';
export const OAUTH_CREDENTIAL_ID = 'prospectingSandboxOAuth1';
const WEBHOOK_NODE = 'n8n-nodes-prospecting.prospectingWebhookTrigger';
const OWNER_EMAIL = 'sandbox-owner@example.com';

/** Loads the TypeScript n8n runner that the e2e tests use too (one source of truth for installing n8n). */
function runner(root) {
  return tsxRequire(path.join(root, 'scripts/n8n/runner.ts'), import.meta.url);
}

/** The n8n version npm start runs: the newest pinned 2.x, or with `--n8n-1` the newest pinned 1.x. */
export function n8nVersion(root, { major1 = false } = {}) {
  const r = runner(root);
  if (!major1) return r.DEFAULT_N8N_VERSION;
  if (!r.N8N_1X_VERSION) throw new Error('no n8n 1.x is pinned under scripts/n8n/apps/');
  return r.N8N_1X_VERSION;
}

/** Runs install-n8n.sh for one version when needed (its progress goes to stderr); resolves to {nodeBin, n8nBin}. */
export async function ensureN8n(root, version) {
  return runner(root).ensureN8n(version);
}

/** Shipped examples name the community package's node types, which the package installed in the home has. */
export function readExamples(root) {
  const dir = path.join(root, 'n8n-nodes/examples');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, workflow: JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) }));
}

/**
 * Builds the package and prepares `homeDir` (created if missing; n8n keeps its SQLite database in
 * `<homeDir>/.n8n`). The two sandbox credentials are written on every start (their URLs follow the
 * sandbox port, and OAuth tokens of an earlier sandbox process are void anyway). Each example whose id the
 * database lacks is imported (`n8n list:workflow`): a start never duplicates them and never overwrites a user's
 * edits; an example added to the repo later, or deleted by the user, is imported on the next start.
 * Returns the environment for `n8n start` and the ids of the examples to activate (the webhook-triggered ones,
 * whatever state they are in). `readmeUrl`: where the package's documentation links point.
 */
export async function prepareN8nHome({ root, homeDir, sandbox, say, version, readmeUrl }) {
  fs.mkdirSync(homeDir, { recursive: true });
  // The package as users get it: the npm pack tarball (fresh build), installed into <home>/.n8n/nodes/ the way n8n's
  // community-package installer does; n8n loads it at start-up, with its own n8n-workflow.
  // Its documentation links open readmeUrl (the shipped README as start.mjs serves it).
  const tarball = runner(root).packN8nPackage(undefined, readmeUrl);
  const installed = await runner(root).installPackageInto(homeDir, tarball);
  fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
  say(`  installed ${installed.name}@${installed.version} into ${path.join(homeDir, '.n8n/nodes')}`);
  const home = await runner(root).createN8nHome({
    version,
    // The runner's environment includes N8N_BURST_ENV (SQLite pool with WAL, production concurrency
    // limit), so bursts of webhook deliveries from a bulk research become runs, none lost.
    // Not the runner's fixed test key: people may keep real credentials in this home.
    env: { N8N_USER_FOLDER: homeDir, N8N_ENCRYPTION_KEY: encryptionKey(homeDir) },
  });
  try {
    say('  importing the sandbox credentials');
    // The editor gives a new node the most recently updated credential it can use: the API key, which works at once,
    // not the OAuth2 one, which needs Connect first. So the API key's credential is written as the newer.
    const now = Date.now();
    await home.importCredentials([
      {
        id: API_CREDENTIAL_ID,
        name: 'Prospecting sandbox',
        type: 'prospectingApi',
        data: { apiKey: sandbox.apiKey, baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2 },
        updatedAt: new Date(now).toISOString(),
      },
      {
        id: OAUTH_CREDENTIAL_ID,
        updatedAt: new Date(now - 1000).toISOString(),
        name: 'Prospecting sandbox (OAuth2)',
        type: 'prospectingOAuth2Api',
        data: {
          clientId: sandbox.oauth.clientId,
          clientSecret: sandbox.oauth.clientSecret,
          baseUrlV1: sandbox.v1,
          baseUrlV2: sandbox.v2,
          authHost: sandbox.auth,
        },
      },
    ]);

    // What the database holds decides, not a record of earlier starts: a start that failed after the import (a taken
    // port) or a home whose database was removed must still end with every example there and the webhook one active.
    const listed = await home.run(['list:workflow', '--onlyId']);
    if (listed.code !== 0) throw new Error(`n8n list:workflow failed (exit ${listed.code}):\n${lastLines(listed.stdout + listed.stderr, 20)}`);
    const present = new Set(listed.stdout.split('\n').map((l) => l.trim()));
    const examples = readExamples(root);
    const missing = examples.filter(({ workflow }) => !present.has(workflow.id));
    if (missing.length) {
      say(`  importing ${missing.length} example workflow(s): ${missing.map((e) => e.file).join(', ')}`);
      const dir = fs.mkdtempSync(path.join(home.userFolder, 'examples-'));
      for (const { file, workflow } of missing) fs.writeFileSync(path.join(dir, file), JSON.stringify({ ...workflow, active: false }));
      const res = await home.run(['import:workflow', '--separate', `--input=${dir}`]);
      if (res.code !== 0) throw new Error(`n8n import:workflow failed (exit ${res.code}):\n${lastLines(res.stdout + res.stderr, 20)}`);
    } else {
      say('  example workflows already in this home');
    }
    // Activated once n8n runs (the editor's toggle, start.mjs), whether imported now or by an earlier start.
    const toActivate = examples.filter(({ workflow }) => workflow.nodes.some((n) => n.type === WEBHOOK_NODE)).map(({ workflow }) => workflow.id);
    // The runner lets n8n write its settings file with the umask's mode; it holds the key, so keep it private.
    const config = path.join(homeDir, '.n8n', 'config');
    if (fs.existsSync(config)) fs.chmodSync(config, 0o600);
    return { env: home.env, toActivate };
  } finally {
    await home.cleanup(); // the runner's temp folder of import files; homeDir stays
  }
}

/** The key n8n recorded in `<home>/.n8n/config` on its first run in this home, else a new random one. */
function encryptionKey(homeDir) {
  const config = path.join(homeDir, '.n8n', 'config');
  if (fs.existsSync(config)) {
    const key = JSON.parse(fs.readFileSync(config, 'utf8')).encryptionKey;
    if (typeof key === 'string' && key) return key;
  }
  return randomBytes(24).toString('base64url');
}

/**
 * `n8n start` on loopback; its output goes straight to `<homeDir>/n8n.log` (a file, not a pipe, so it never
 * writes into a closed pipe). Resolves once /healthz/readiness answers 200 and n8n has logged "Editor is
 * now accessible" (after activating the active workflows). `brokerPort`: n8n 2.x's task broker (start.mjs chose it
 * with the other ports); none for 1.x, which runs without task runners here and so listens on no broker port.
 */
export async function startN8n({ nodeBin, n8nBin, env, port, brokerPort, homeDir }) {
  const ports = tsxRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), 'n8n/ports.ts'), import.meta.url);
  // Checked again: minutes may have passed since start.mjs chose the ports.
  await ports.assertPortFree(port, "n8n's editor", 'Stop the other program, or start this one on another port: npm start -- --n8n-port N.');
  if (brokerPort) await ports.assertPortFree(brokerPort, "n8n's task broker", 'Stop the other program, or choose one: npm start -- --n8n-broker-port N.');
  const listeners = brokerPort ? { N8N_RUNNERS_BROKER_PORT: String(brokerPort) } : {};
  const logFile = path.join(homeDir, 'n8n.log');
  fs.appendFileSync(logFile, `\n===== n8n start ${new Date().toISOString()} port ${port}\n`);
  const from = fs.statSync(logFile).size;
  const logFd = fs.openSync(logFile, 'a');
  const child = spawn(nodeBin, ['--import', WATCHDOG, n8nBin, 'start'], {
    env: { ...env, ...listeners, N8N_PORT: String(port), START_WATCHDOG: '1' },
    stdio: ['pipe', logFd, logFd],
  });
  fs.closeSync(logFd);
  const logSinceStart = () => {
    const fd = fs.openSync(logFile, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const buf = Buffer.alloc(Math.max(0, size - from));
      fs.readSync(fd, buf, 0, buf.length, from);
      return buf.toString();
    } finally {
      fs.closeSync(fd);
    }
  };
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let alive = true;
  void exited.then(() => (alive = false));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (!alive) {
      const taken = ports.takenPortIn(logSinceStart());
      throw new Error(`n8n exited before it was ready${taken ? `: ${taken}` : ''} (log: ${logFile}):\n${lastLines(logSinceStart(), 15)}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`n8n was not ready within 180 s (log: ${logFile})`);
    }
    try {
      const r = await fetch(`${url}/healthz/readiness`);
      if (r.ok && logSinceStart().includes('Editor is now accessible')) break;
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  return {
    child,
    url,
    logFile,
    brokerPort,
    exited,
    /** SIGTERM (n8n shuts down gracefully within N8N_GRACEFUL_SHUTDOWN_TIMEOUT), SIGKILL after 15 s. */
    async stop() {
      if (!alive) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Makes sure the instance has an owner so the editor opens on a sign-in page, not the sign-up form.
 * Returns {email, password} when known (created now or kept from an earlier start), else null (an owner
 * set up by hand in the editor).
 */
export async function ensureOwner(url, homeDir) {
  const ownerFile = path.join(homeDir, 'owner.json');
  const settings = await (await fetch(`${url}/rest/settings`)).json();
  const needsSetup = settings?.data?.userManagement?.showSetupOnFirstLoad === true;
  if (!needsSetup) return fs.existsSync(ownerFile) ? JSON.parse(fs.readFileSync(ownerFile, 'utf8')) : null;
  // n8n's password rules: 8-64 characters with a digit and an uppercase letter.
  const owner = { email: OWNER_EMAIL, password: `Sandbox1-${randomBytes(9).toString('base64url')}` };
  const res = await fetch(`${url}/rest/owner/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...owner, firstName: 'Sandbox', lastName: 'Owner' }),
  });
  if (!res.ok) throw new Error(`owner setup refused: ${res.status} ${(await res.text()).slice(0, 300)}`);
  fs.writeFileSync(ownerFile, `${JSON.stringify(owner, null, 2)}\n`, { mode: 0o600 });
  return owner;
}

/** Signs in; returns a small REST client carrying the auth cookie. */
export async function login(url, owner) {
  const res = await fetch(`${url}/rest/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${owner.email} refused: ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  const call = async (method, p, body) => {
    const r = await fetch(`${url}${p}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${text.slice(0, 300)}`);
    return JSON.parse(text).data;
  };
  return { get: (p) => call('GET', p), post: (p, body) => call('POST', p, body) };
}

/** Activates workflows the way the editor's toggle does (n8n activates the trigger and reports a failure). */
export async function activate(rest, ids) {
  for (const id of ids) {
    const wf = await rest.get(`/rest/workflows/${id}`);
    if (!wf.active) await rest.post(`/rest/workflows/${id}/activate`, { versionId: wf.versionId });
  }
}

/**
 * The sandbox keeps webhooks in memory: register the production URL and secret of every active workflow
 * that starts with the Prospecting Webhook Trigger (organization A). Returns the registered URLs.
 */
export async function registerWebhooks(rest, { n8nPort, admin }) {
  const urls = [];
  for (const summary of await rest.get('/rest/workflows')) {
    if (!summary.active) continue;
    const wf = await rest.get(`/rest/workflows/${summary.id}`);
    for (const node of wf.nodes.filter((n) => n.type === WEBHOOK_NODE && !n.disabled && n.webhookId)) {
      const p = node.parameters ?? {};
      const url = `http://127.0.0.1:${n8nPort}/webhook/${node.webhookId}/prospecting`;
      const res = await fetch(`${admin}/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          org: 'A',
          url,
          secret: p.secret,
          secretHeader: p.headerName ?? 'X-Webhook-Secret',
          events: p.events ?? ['contact-researched', 'company-researched'],
        }),
      });
      if (!res.ok) throw new Error(`sandbox refused webhook ${url}: ${res.status} ${await res.text()}`);
      urls.push({ workflow: wf.name, url });
    }
  }
  return urls;
}

/** n8n's OAuth callback is on the editor's port; the sandbox registers :5678 by default. */
export async function allowOAuthRedirect({ admin, clientId, n8nPort }) {
  const redirectUri = `http://localhost:${n8nPort}/rest/oauth2-credential/callback`;
  const res = await fetch(`${admin}/oauth/redirect-uris`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, redirectUri }),
  });
  if (!res.ok) throw new Error(`sandbox refused redirect URI ${redirectUri}: ${res.status}`);
  return redirectUri;
}

export function lastLines(text, n) {
  return text.trimEnd().split('\n').slice(-n).join('\n');
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
