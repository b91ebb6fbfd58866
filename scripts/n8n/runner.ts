/**
 * Runs a real n8n (each pinned version under scripts/n8n/apps/: 1.123.x and 2.x, on Node 24 from the project-local
 * .cache/) from Node 20 (tests and `npm start`).
 *
 *   const { n8nBin } = await ensureN8n('2.41.1');
 *   const home = await createN8nHome({ version: '2.41.1', packageTarball: packN8nPackage() });
 *   await home.importCredentials([...]);
 *   const id = await home.importWorkflow(wf);
 *   const { lastNodeOutput } = await home.execute(id);
 *   await home.cleanup();
 *
 * A tool, not a test: the n8n e2e tests (test/n8n-e2e) and `npm start` (scripts/start-n8n.mjs) both use it.
 * See test/n8n-e2e/README.md for how n8n finds custom nodes and what each step costs.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { assertPortFree, freePort, listenerEnv, takenPortIn } from './ports';
import { stopChild } from './stop-child';

export { freePort };

/** The n8n versions pinned under scripts/n8n/apps/ (each a package.json + lock install-n8n.sh installs). */
export const PINNED_N8N_VERSIONS: readonly string[] = readdirSync(path.join(__dirname, 'apps'))
  .filter((v) => /^\d+\.\d+\.\d+$/.test(v))
  .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));

/** The newest pinned 2.x: what `npm start` runs unless told otherwise. */
export const DEFAULT_N8N_VERSION: string = PINNED_N8N_VERSIONS.filter((v) => majorOf(v) >= 2).pop() ?? PINNED_N8N_VERSIONS[PINNED_N8N_VERSIONS.length - 1];

/** The newest pinned 1.x (`npm start -- --n8n-1`). */
export const N8N_1X_VERSION: string | undefined = PINNED_N8N_VERSIONS.filter((v) => majorOf(v) === 1).pop();

export function majorOf(version: string): number {
  return Number(version.split('.')[0]);
}

/**
 * The versions the e2e suite runs on: N8N_E2E_VERSIONS (comma-separated, e.g. "1.123.81,2.41.1"), or every pinned one.
 * A version that is not pinned is refused with the list of pinned ones.
 */
export function e2eVersions(setting = process.env.N8N_E2E_VERSIONS): string[] {
  const wanted = setting
    ? setting
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [...PINNED_N8N_VERSIONS];
  const unknown = wanted.filter((v) => !PINNED_N8N_VERSIONS.includes(v));
  if (unknown.length) throw new Error(`N8N_E2E_VERSIONS: ${unknown.join(', ')} not pinned (pinned: ${PINNED_N8N_VERSIONS.join(', ')})`);
  return wanted;
}

export interface N8nPaths {
  /** n8n's CLI entry (a JS file, run with nodeBin). */
  n8nBin: string;
  /** The Node 24 binary n8n is installed and built for. */
  nodeBin: string;
}

export interface N8nItem {
  json: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ExecuteResult {
  /** n8n's execution status: 'success', 'error', ... */
  status: string;
  /** Run data per node name (each entry is one run of that node, as n8n stores it). */
  runData: Record<string, unknown[]>;
  /** Items of the first output of the last run of the last executed node. */
  lastNodeOutput: N8nItem[];
  /** The execution error (message, node, ...) when the workflow failed. */
  error?: { message?: string; [key: string]: unknown };
  /** The whole parsed JSON that `n8n execute --rawOutput` printed. */
  raw: unknown;
}

export interface N8nServer {
  url: string;
  stop(): Promise<void>;
  /** The last 20,000 characters n8n printed (stdout and stderr): what a failed test shows of n8n's side. */
  logTail(): string;
}

export interface N8nHome {
  /** The n8n version this home runs. */
  version: string;
  /** The temp folder used as N8N_USER_FOLDER (n8n keeps .n8n/database.sqlite in it). */
  userFolder: string;
  /** How workflows name this package's node types: `n8n-nodes-prospecting.` when installed as a package, `CUSTOM.` from a folder. */
  nodeTypePrefix: string;
  /** The complete environment every n8n command of this home runs with. */
  env: Record<string, string>;
  importCredentials(creds: object[]): Promise<void>;
  importWorkflow(wf: object): Promise<string>;
  execute(id: string): Promise<ExecuteResult>;
  startServer(port?: number): Promise<N8nServer>;
  /** Runs any other n8n CLI command (e.g. `update:workflow --id=X --active=true`). */
  run(args: string[]): Promise<RunResult>;
  cleanup(): Promise<void>;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const INSTALL_SCRIPT = path.join(__dirname, 'install-n8n.sh');
/** Fixed so that credentials imported by one command can be decrypted by the next. */
export const N8N_E2E_ENCRYPTION_KEY = 'n8n-e2e-fixed-encryption-key-not-a-secret';

const ensured = new Map<string, Promise<N8nPaths>>();

/**
 * Installs Node 24 + one n8n version into .cache/ if needed. The shell script is the single source of truth for
 * "needed" (marker files); when everything is in place it returns in a few seconds, so it is simply run once per
 * process and version. Its progress (minutes on a clean clone) is passed through to stderr.
 */
export function ensureN8n(version: string = DEFAULT_N8N_VERSION): Promise<N8nPaths> {
  let pending = ensured.get(version);
  if (pending) return pending;
  pending = (async () => {
    const res = await runProcess('bash', [INSTALL_SCRIPT, version], { env: process.env, echoStderr: true });
    if (res.code !== 0) {
      throw new Error(`install-n8n.sh failed (exit ${res.code}):\n${tail(res.stderr)}`);
    }
    const value = (key: string): string => {
      const m = new RegExp(`^${key}=(.+)$`, 'm').exec(res.stdout);
      if (!m) throw new Error(`install-n8n.sh printed no ${key}:\n${res.stdout}`);
      return m[1].trim();
    };
    return { nodeBin: value('NODE_BIN'), n8nBin: value('N8N_BIN') };
  })();
  ensured.set(version, pending);
  pending.catch(() => ensured.delete(version)); // a failed install may be retried
  return pending;
}

/**
 * `npm pack` of n8n-nodes/ as it would be published (scripts/n8n/pack-package.mjs: a fresh build staged beside
 * package.json and README.md). `readmeUrl` stamps the documentation links (`npm start`'s README server). Returns the
 * tarball's path.
 */
export function packN8nPackage(destDir?: string, readmeUrl?: string): string {
  const args = [...(destDir ? [destDir] : []), ...(readmeUrl ? ['--readme-url', readmeUrl] : [])];
  const out = execFileSync(process.execPath, [path.join(__dirname, 'pack-package.mjs'), ...args], { encoding: 'utf8' });
  return out.trim().split('\n').pop()!;
}

/**
 * Installs a package tarball into an n8n home the way n8n's community-package installer does (2.41's
 * CommunityPackagesService.downloadPackage): unpacked into `<home>/.n8n/nodes/node_modules/<name>`, its
 * peer/dev/optional dependencies dropped from its package.json (so `require('n8n-workflow')` resolves to n8n's own
 * copy), `npm install --ignore-scripts` for any runtime dependency, and the package listed in `nodes/package.json`.
 * n8n loads it at start-up; its node types are `<package name>.<node name>`.
 */
export async function installPackageInto(userFolder: string, tarball: string): Promise<{ name: string; version: string }> {
  const nodesDir = path.join(userFolder, '.n8n', 'nodes');
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'n8n-pkg-'));
  try {
    execFileSync('tar', ['-xzf', tarball, '-C', staging, '--strip-components=1']);
    const manifest = JSON.parse(await fs.readFile(path.join(staging, 'package.json'), 'utf8')) as Record<string, unknown> & { name: string; version: string };
    const { devDependencies: _d, peerDependencies: _p, optionalDependencies: _o, ...kept } = manifest;
    const target = path.join(nodesDir, 'node_modules', manifest.name);
    await fs.rm(target, { recursive: true, force: true });
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.cp(staging, target, { recursive: true });
    await fs.writeFile(path.join(target, 'package.json'), JSON.stringify(kept, null, 2));
    execFileSync(
      'npm',
      ['install', '--audit=false', '--fund=false', '--bin-links=false', '--install-strategy=shallow', '--ignore-scripts=true', '--package-lock=false'],
      { cwd: target, stdio: 'ignore' },
    );
    const listPath = path.join(nodesDir, 'package.json');
    const list = (await fs.readFile(listPath, 'utf8').then(JSON.parse, () => ({ name: 'installed-nodes', private: true, dependencies: {} }))) as {
      dependencies: Record<string, string>;
    };
    list.dependencies[manifest.name] = manifest.version;
    await fs.writeFile(listPath, JSON.stringify(list, null, 2));
    return { name: manifest.name, version: manifest.version };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * n8n settings for bursts of webhook deliveries (issue 9, bulk research). On its default SQLite set-up
 * (one connection, no WAL) a burst of deliveries made n8n answer "Database is not ready" and lose runs.
 * - DB_SQLITE_POOL_SIZE > 1 turns on WAL with a pool of connections: readers (the editor, the REST API)
 *   no longer wait behind the writes of each execution.
 * - N8N_CONCURRENCY_PRODUCTION_LIMIT: at most this many production (webhook, trigger) executions run at
 *   once; the rest are stored as `new` and wait their turn instead of all running together.
 * Used by the e2e tests and by `npm start` (scripts/start-n8n.mjs builds its home with createN8nHome).
 */
export const N8N_BURST_ENV: Record<string, string> = {
  DB_SQLITE_POOL_SIZE: '4',
  N8N_CONCURRENCY_PRODUCTION_LIMIT: '8',
};

/**
 * A fresh n8n instance folder (own SQLite database) with the environment n8n needs to run headless, quietly and
 * fast on this machine, for one n8n version (default: the newest pinned 2.x). The package under test comes in one of
 * two ways:
 * - `packageTarball` (what users get): installed into the home's `.n8n/nodes/` (installPackageInto); node types
 *   `<package>.<node>`, n8n-workflow resolved from n8n itself.
 * - `customExtensionsDir` (developer route): scanned recursively for `*.node.js` and `*.credentials.js` (n8n accepts
 *   only one such folder; its nodes are `CUSTOM.<name>`, and they resolve the repo's own n8n-workflow).
 */
export async function createN8nHome(opts: {
  version?: string;
  packageTarball?: string;
  customExtensionsDir?: string;
  env?: Record<string, string>;
}): Promise<N8nHome> {
  if (opts.customExtensionsDir?.includes(';')) {
    throw new Error('n8n keeps only the last of several ";"-separated custom extension folders: pass one');
  }
  const version = opts.version ?? DEFAULT_N8N_VERSION;
  const paths = await ensureN8n(version);
  const userFolder = await fs.mkdtemp(path.join(os.tmpdir(), 'n8n-e2e-home-'));
  let nodeTypePrefix = 'CUSTOM.';
  if (opts.packageTarball) nodeTypePrefix = `${(await installPackageInto(userFolder, opts.packageTarball)).name}.`;
  // Jest sets NODE_ENV=test, and n8n then refuses to load nodes ("Not available in tests") and
  // exits 0 silently: n8n gets no NODE_ENV unless the caller passes one.
  const { NODE_ENV: _jestNodeEnv, ...parentEnv } = stringEnv(process.env);
  const env: Record<string, string> = {
    ...parentEnv,
    PATH: `${path.dirname(paths.nodeBin)}${path.delimiter}${process.env.PATH ?? ''}`,
    N8N_USER_FOLDER: userFolder,
    N8N_ENCRYPTION_KEY: N8N_E2E_ENCRYPTION_KEY,
    ...(opts.customExtensionsDir ? { N8N_CUSTOM_EXTENSIONS: path.resolve(opts.customExtensionsDir) } : {}),
    // No telemetry, no version/template/banner look-ups: this machine reaches no such hosts.
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_HIRING_BANNER_ENABLED: 'false',
    // 2.x refreshes an MCP-server directory from outside at start-up: no such traffic from tests.
    ...(majorOf(version) >= 2 ? { N8N_DISABLED_MODULES: 'mcp-registry' } : {}),
    // Run nodes in-process (task runners would start a second process per command).
    N8N_RUNNERS_ENABLED: 'false',
    // The temp folder's settings file gets the umask's permissions; don't fail on that.
    N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
    // `n8n start` serves loopback only, over plain http.
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_PROTOCOL: 'http',
    N8N_SECURE_COOKIE: 'false',
    N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
    ...N8N_BURST_ENV,
    ...opts.env,
  };

  // Every command is `node24 n8n <args>` with the home's environment.
  // Each command has its own task-broker port (ports.ts): commands run side by side, and beside other n8n.
  const run = async (args: string[], extraEnv: Record<string, string> = {}) =>
    runProcess(paths.nodeBin, [paths.n8nBin, ...args], { env: { ...env, ...(await listenerEnv({ ...env, ...extraEnv })), ...extraEnv } });
  const runOk = async (args: string[]) => {
    const res = await run(args);
    if (res.code !== 0) {
      throw new Error(`n8n ${args.join(' ')} failed (exit ${res.code}):\n${tail(res.stdout + res.stderr)}`);
    }
    return res;
  };
  // Import commands read a file: write each payload next to the database.
  let fileNo = 0;
  const writeJson = async (name: string, data: unknown) => {
    const file = path.join(userFolder, `${name}-${++fileNo}.json`);
    await fs.writeFile(file, JSON.stringify(data, null, 2));
    return file;
  };
  const servers = new Set<N8nServer>();

  return {
    version,
    userFolder,
    nodeTypePrefix,
    env,
    run,

    // `n8n import:credentials` encrypts plain `data` objects with N8N_ENCRYPTION_KEY.
    async importCredentials(creds) {
      await runOk(['import:credentials', `--input=${await writeJson('credentials', creds)}`]);
    },

    // The CLI does not print the id it assigns, so give the workflow one when it has none.
    async importWorkflow(wf) {
      const withId = { active: false, settings: {}, ...wf } as Record<string, unknown>;
      if (typeof withId.id !== 'string' || !withId.id) withId.id = newWorkflowId();
      await runOk(['import:workflow', `--input=${await writeJson('workflow', withId)}`]);
      return withId.id as string;
    },

    // `n8n execute` exits 1 when the workflow fails but still prints the run data; parse it either way
    // and leave the judgement (status/error) to the test.
    async execute(id) {
      const res = await run(['execute', `--id=${id}`, '--rawOutput']);
      let raw: unknown;
      try {
        raw = parseExecuteOutput(res.stdout);
      } catch (e) {
        throw new Error(`n8n execute --id=${id} printed no run data (exit ${res.code}): ${(e as Error).message}\n` + tail(res.stdout + res.stderr));
      }
      return summarizeExecution(raw);
    },

    // For demos and webhook-trigger tests: a real server on loopback. /healthz answers about 10 s
    // before n8n has activated the active workflows (their webhooks 404 until then), so "ready" is
    // /healthz/readiness = 200 AND the "Editor is now accessible" line n8n prints after activation.
    async startServer(port) {
      const p = port ?? (await freePort());
      await assertPortFree(p, "n8n's", 'Pick another port.');
      const child = spawn(paths.nodeBin, [paths.n8nBin, 'start'], {
        env: { ...env, ...(await listenerEnv(env)), N8N_PORT: String(p), WEBHOOK_URL: `http://127.0.0.1:${p}/` },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      let activated = false;
      const keep = (b: Buffer) => {
        log = (log + b.toString()).slice(-20000);
        activated ||= log.includes('Editor is now accessible');
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      let alive = true;
      void exited.then(() => (alive = false));

      const url = `http://127.0.0.1:${p}`;
      const deadline = Date.now() + 180_000;
      for (;;) {
        if (!alive) {
          const taken = takenPortIn(log);
          throw new Error(`n8n start exited before becoming ready${taken ? `: ${taken}` : ''}:\n${tail(log)}`);
        }
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(`n8n start not ready within 180 s:\n${tail(log)}`);
        }
        try {
          const r = await fetch(`${url}/healthz/readiness`);
          if (r.ok && activated) break;
        } catch {
          /* not listening yet */
        }
        await sleep(250);
      }
      const server: N8nServer = {
        url,
        logTail: () => log,
        async stop() {
          servers.delete(server);
          await stopChild(child);
        },
      };
      servers.add(server);
      return server;
    },

    // Stops servers this home started and deletes the temp folder (database included).
    async cleanup() {
      await Promise.all([...servers].map((s) => s.stop()));
      await fs.rm(userFolder, { recursive: true, force: true });
    },
  };
}

/**
 * Finds the execution JSON in `n8n execute --rawOutput` stdout. n8n may print lines before it
 * (migrations, "Execution was NOT successful ...") and possibly after it, so each line that starts
 * with "{" is tried as the start of one balanced JSON object; the first one holding `data.resultData`
 * wins.
 */
export function parseExecuteOutput(stdout: string): unknown {
  const starts = [...stdout.matchAll(/^\{/gm)].map((m) => m.index ?? 0);
  for (const start of starts) {
    const end = endOfJsonObject(stdout, start);
    if (end < 0) continue;
    try {
      const parsed = JSON.parse(stdout.slice(start, end)) as { data?: { resultData?: unknown } };
      if (parsed && typeof parsed === 'object' && parsed.data?.resultData) return parsed;
    } catch {
      /* not this one */
    }
  }
  throw new Error('no execution JSON found in the output');
}

/** Picks the parts tests look at out of n8n's execution object. */
export function summarizeExecution(raw: unknown): ExecuteResult {
  const exec = raw as {
    status?: string;
    data: { resultData: { runData?: Record<string, unknown[]>; lastNodeExecuted?: string; error?: object } };
  };
  const { runData = {}, lastNodeExecuted, error } = exec.data.resultData;
  const runs = (lastNodeExecuted ? runData[lastNodeExecuted] : undefined) ?? [];
  const lastRun = runs[runs.length - 1] as { data?: { main?: N8nItem[][] } } | undefined;
  return {
    status: exec.status ?? (error ? 'error' : 'unknown'),
    runData,
    lastNodeOutput: lastRun?.data?.main?.[0] ?? [],
    error: error as ExecuteResult['error'],
    raw,
  };
}

/** Index just past the JSON object starting at `start` (string- and escape-aware), or -1. */
function endOfJsonObject(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** n8n's workflow ids are 16 alphanumeric characters. */
function newWorkflowId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(16)].map((b) => alphabet[b % alphabet.length]).join('');
}

function runProcess(cmd: string, args: string[], opts: { env: NodeJS.ProcessEnv; echoStderr?: boolean }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
      if (opts.echoStderr) process.stderr.write(b);
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

function tail(text: string, lines = 40): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
