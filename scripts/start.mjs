#!/usr/bin/env node
/**
 * `npm start`: the sandbox (local Prospecting Data Service) and a real n8n with this repo's nodes, the
 * sandbox credentials and the example workflows, until Ctrl-C.
 *
 *   npm start -- [port flags] [--n8n-home DIR] [--n8n-1] [--no-n8n] [sandbox flags: --seed N, --host H, ...]
 *
 * Ports (flags, defaults, which start needs which): scripts/n8n/start-ports.ts, listed by `npm start -- --help`; all
 * are decided before the slow steps, a taken default swapped for a free port.
 * --n8n-home   n8n's folder (default .cache/n8n-home-2, or .cache/n8n-home-1 with --n8n-1): database, owner.json,
 *              n8n.log; survives restarts. One per major: n8n 2 migrates a database 1.x can no longer open.
 * --n8n-1      run the pinned n8n 1.x instead of the current 2.x
 * --no-n8n     the sandbox only
 * The npm script is `exec node scripts/start.mjs`, so a SIGINT or SIGTERM to npm reaches this process.
 * If n8n cannot be installed (e.g. no network) the sandbox still runs and the reason is printed.
 * n8n parts: scripts/start-n8n.mjs.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { require as tsxRequire } from 'tsx/cjs/api';
import { watchLaunchers } from './start-parent-watch.mjs';
import {
  WATCHDOG,
  activate,
  allowOAuthRedirect,
  ensureN8n,
  ensureOwner,
  lastLines,
  login,
  n8nVersion,
  prepareN8nHome,
  registerWebhooks,
  startN8n,
} from './start-n8n.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const say = (text = '') => process.stdout.write(`${text}\n`);

// The port table (flags, defaults, which start needs which): scripts/n8n/start-ports.ts.
const startPorts = tsxRequire('./n8n/start-ports.ts', import.meta.url);

const USAGE = `usage: npm start -- [options]

Starts the sandbox (the local Prospecting Data Service) and a real n8n with this repo's package, the sandbox
credentials and the example workflows, until Ctrl-C (or SIGINT / SIGTERM to npm).

Ports (checked before anything slow; a taken default is replaced by a free port, and the start says which):
${startPorts.portsHelp()}

Options:
  --n8n-home DIR        n8n's folder (default .cache/n8n-home-2, or .cache/n8n-home-1 with --n8n-1)
  --n8n-1               run the pinned n8n 1.x instead of the current 2.x
  --no-n8n              the sandbox only
  --seed N, --host H, --contacts N, --companies N, --config FILE   passed to the sandbox
  -h, --help            this text`;

function parseArgs(argv) {
  const opts = { chosen: {}, n8nHome: undefined, n8n1: false, n8n: true, sandboxArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline !== undefined ? inline : argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    const port = startPorts.portFlag(flag);
    if (port) opts.chosen[port.key] = startPorts.parsePort(flag, value());
    else if (flag === '--n8n-home') opts.n8nHome = resolve(value());
    else if (flag === '--no-n8n') opts.n8n = false;
    else if (flag === '--n8n-1') opts.n8n1 = true;
    else if (flag === '--help' || flag === '-h') {
      say(USAGE);
      process.exit(0);
    } else opts.sandboxArgs.push(argv[i]); // the sandbox CLI checks the rest
  }
  opts.n8nHome ??= resolve(root, opts.n8n1 ? '.cache/n8n-home-1' : '.cache/n8n-home-2');
  return opts;
}

let opts;
let version;
let ports;
try {
  opts = parseArgs(process.argv.slice(2));
  version = opts.n8n ? n8nVersion(root, { major1: opts.n8n1 }) : undefined;
  // Every port this start listens on, before the sandbox, the install or the import (minutes on a first run).
  const resolved = await startPorts.resolveStartPorts({ chosen: opts.chosen, n8n: opts.n8n, n8nMajor: version ? Number(version.split('.')[0]) : 0 });
  ports = resolved.ports;
  for (const note of resolved.notes) say(`Port: ${note}`);
} catch (err) {
  process.stderr.write(`npm start: ${err.message}\n`);
  process.exit(2);
}

// ---- shutdown: one SIGTERM to each child (n8n and the sandbox handle SIGINT and SIGTERM once each, and a
// terminal's Ctrl-C already sent them SIGINT), then wait for both.
let n8n = null;
// The package README's page (n8n/readme-server.ts), which the installed package's documentation links open.
let docs = null;
let stopping = false;
// stdin is a pipe only so that start-watchdog.mjs can see this process end.
const sandbox = spawn(process.execPath, ['--import', WATCHDOG, '--import', 'tsx', 'sandbox/cli.ts', '--port', String(ports.sandbox), ...opts.sandboxArgs], {
  cwd: root,
  env: { ...process.env, START_WATCHDOG: '1' },
  stdio: ['pipe', 'pipe', 'inherit'],
});
const sandboxExited = new Promise((res) => sandbox.once('exit', (code, signal) => res({ code, signal })));

async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  say(`\n${signal}: stopping${n8n ? ' n8n and' : ''} the sandbox...`);
  const killer = setTimeout(() => sandbox.kill('SIGKILL'), 15_000);
  if (sandbox.exitCode === null && sandbox.signalCode === null) sandbox.kill('SIGTERM');
  await Promise.all([n8n?.stop(), sandboxExited]);
  clearTimeout(killer);
  say('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// A signal to npm's own process ends npm and its shell but never reaches this script: stop when they are gone.
watchLaunchers((pid) => void shutdown(`npm start's launcher (pid ${pid}) ended`));
void sandboxExited.then(async ({ code, signal }) => {
  if (stopping) return;
  process.stderr.write(`The sandbox exited (${signal ?? `code ${code}`}); stopping.\n`);
  stopping = true;
  await n8n?.stop();
  process.exit(code || 1);
});

// ---- sandbox: its one JSON line, then its later stdout as is.
const info = await new Promise((res) => {
  const lines = createInterface({ input: sandbox.stdout });
  let first = true;
  lines.on('line', (line) => {
    if (!first) return void say(line);
    first = false;
    try {
      res(JSON.parse(line));
    } catch {
      say(line);
    }
  });
});
printSandbox(info);

if (!opts.n8n) {
  say('n8n: not started (--no-n8n).');
  say('\nPress Ctrl-C to stop.');
} else {
  try {
    await runN8n();
  } catch (err) {
    if (!stopping) {
      say(`\nn8n is not running: ${err.message}`);
      say('The sandbox keeps running. Fix the cause and run npm start again (bash scripts/n8n/install-n8n.sh installs n8n on its own).');
      say('\nPress Ctrl-C to stop.');
      await n8n?.stop();
      n8n = null;
      await docs?.close();
    }
  }
}

async function runN8n() {
  say(`n8n ${version}: checking the install in .cache/ (the first time downloads Node 24 and n8n and builds sqlite3: 3 to 15 minutes)...`);
  let paths;
  try {
    paths = await ensureN8n(root, version);
  } catch (err) {
    throw new Error(`it could not be installed (no network?):\n  ${lastLines(String(err.message), 6).replace(/\n/g, '\n  ')}`);
  }
  if (stopping) return;
  say(`n8n: preparing ${opts.n8nHome}`);
  const { name: packageName, version: packageVersion } = JSON.parse(readFileSync(resolve(root, 'n8n-nodes/package.json'), 'utf8'));
  const { serveReadme, publishedReadmeUrl } = tsxRequire('./n8n/readme-server.ts', import.meta.url);
  docs = await serveReadme({
    readmeFile: resolve(opts.n8nHome, '.n8n/nodes/node_modules', packageName, 'README.md'),
    packageName,
    packageVersion,
    packageSource: resolve(root, 'n8n-nodes'),
    repoRoot: root,
    port: ports.docs,
  });
  docs.published = publishedReadmeUrl(packageName, packageVersion);
  const { env, toActivate } = await prepareN8nHome({ root, homeDir: opts.n8nHome, sandbox: info, say, version, readmeUrl: docs.url });
  if (stopping) return;
  say(`n8n: starting on port ${ports.n8n} (13-20 s)...`);
  n8n = await startN8n({ ...paths, env, port: ports.n8n, brokerPort: ports.broker, homeDir: opts.n8nHome });
  if (stopping) return void (await n8n.stop());
  void n8n.exited.then(({ code, signal }) => {
    if (!stopping) say(`\nn8n exited (${signal ?? `code ${code}`}); see ${n8n.logFile}. The sandbox keeps running; Ctrl-C to stop.`);
  });

  const owner = await ensureOwner(n8n.url, opts.n8nHome);
  const webhooks = [];
  if (owner) {
    const rest = await login(n8n.url, owner);
    await activate(rest, toActivate);
    webhooks.push(...(await registerWebhooks(rest, { n8nPort: ports.n8n, admin: info.admin })));
  }
  if (ports.n8n !== 5678) await allowOAuthRedirect({ admin: info.admin, clientId: info.oauth.clientId, n8nPort: ports.n8n });

  const editor = `http://localhost:${ports.n8n}/`;
  // After sign-in n8n 2.x opens its assistant page: name the pages to go to instead.
  const workflowsPage = `${editor}home/workflows`;
  const page = (id) => `${editor}workflow/${id}`;
  say(`
n8n ${version} is up, with the Prospecting package installed in ${opts.n8nHome}/.n8n/nodes as users install it.

  editor    ${editor}
  workflows ${workflowsPage}   (go here after signing in)
  sign in   ${owner ? `${owner.email} / ${owner.password}` : 'with the owner account you created in this home'}
  docs      ${docs.url}   (the installed package's README: the editor's Docs links open it while npm start runs;
            published at ${docs.published})
  home      ${opts.n8nHome}   (log: ${n8n.logFile})
  pids      start ${process.pid}, sandbox ${sandbox.pid}, n8n ${n8n.child.pid}
  ports     sandbox ${new URL(info.v2).port}, n8n ${ports.n8n}${n8n.brokerPort ? `, n8n task broker ${n8n.brokerPort}` : ''}, docs ${new URL(docs.url).port}

  Credentials: "Prospecting sandbox" (API key of org A; new Prospecting nodes get it) and
  "Prospecting sandbox (OAuth2)" (connect it first: open it, Connect, sign in as ${info.user.email} / ${info.user.password}).
${webhooks.map((w) => `  Webhook: "${w.workflow}" receives the sandbox's research deliveries at ${w.url}\n`).join('')}
What to try first:
  1. Open ${page('exSearch00000001')}, sign in ("Prospecting: search VPs of sales") and
     click "Execute workflow": ten VPs of sales from the sandbox (search is free).
  2. Then ${page('exResearch000001')} ("Prospecting: search, then research with
     wait"): five Directors are researched (credits) and each comes back with its full record, paired with the
     search result it came from.
  3. Each finished research is also delivered to the active workflow "Prospecting: researched contacts
     arrive by webhook": see its Executions tab.

Press Ctrl-C to stop n8n and the sandbox.`);
}

function printSandbox(s) {
  const end = new Date().toISOString();
  const startDate = new Date(Date.now() - 90 * 86_400_000).toISOString();
  say(`Prospecting Data Service sandbox is up.

  v1 base   ${s.v1}
  v2 base   ${s.v2}
  auth      ${s.auth}/oauth/authorize
  MCP       ${s.mcp}
  admin     ${s.admin}/state

  API key (org A)  ${s.apiKey}
  API key (org B)  ${s.apiKeyB}
  OAuth client     ${s.oauth.clientId} / ${s.oauth.clientSecret}  redirect ${s.oauth.redirectUri}
  Sign-in          ${s.user.email} / ${s.user.password}

Try:
  curl -s -H 'Token: ${s.apiKey}' ${s.v2}/oauth/me
  curl -s -H 'Token: ${s.apiKey}' -H 'Content-Type: application/json' -d '{"seniority":["VP"],"limit":3}' ${s.v2}/search/contacts
  curl -s -H 'Token: ${s.apiKey}' '${s.v1}/contacts?limit=5&startDate=${startDate}&endDate=${end}'
`);
}
