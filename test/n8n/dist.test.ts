/**
 * The published package is n8n-nodes/dist. The n8n community-package scanner refuses `globalThis`,
 * `setTimeout` and `setInterval` there (the bundled zod used `globalThis`; build.mjs renames it to a
 * per-bundle object), and the built nodes must still load and run (zod validation included).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { INodeType } from 'n8n-workflow';
import { executeNode, nodeClasses } from './harness';
import { sandboxWithCredentials } from './setup';

const PACKAGE = path.join(__dirname, '../../n8n-nodes');
// Built into a folder of its own: the e2e tests load n8n-nodes/dist and rebuild it themselves.
// Inside the repository (.cache, git-ignored) so that the built files resolve n8n-workflow from its node_modules.
const CACHE = path.join(__dirname, '../../.cache');
mkdirSync(CACHE, { recursive: true });
const DIST = mkdtempSync(path.join(CACHE, 'n8n-nodes-dist-'));

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
const sourceNode = nodeClasses.prospecting;

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(PACKAGE, 'build.mjs'), '--outdir', DIST], { stdio: 'pipe' });
  env = await sandboxWithCredentials({ config: { research: { queuedMs: 20, researchingMs: 50 } } });
}, 60_000);
afterAll(async () => {
  nodeClasses.prospecting = sourceNode;
  await env.sandbox.close();
  rmSync(DIST, { recursive: true, force: true });
});

function distFiles(): string[] {
  return readdirSync(DIST, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(DIST, f));
}

it('no globalThis, setTimeout, setInterval or process. in any built file', () => {
  const files = distFiles();
  // Three nodes, three credentials (API key, OAuth2, MCP OAuth2), and the core they share (shared/core.js).
  expect(files.length).toBe(7);
  const forbidden = [/\bglobalThis\b/, /\bsetTimeout\b/, /\bsetInterval\b/, /(?<![\w$.])process\./];
  const found: string[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, n) => {
        for (const re of forbidden) if (re.test(line)) found.push(`${path.relative(DIST, file)}:${n + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
  expect(found).toEqual([]);
});

it('every node and credential listed in package.json loads from dist; each file stays strict mode', () => {
  const pkg = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as { n8n: { nodes: string[]; credentials: string[] } };
  for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
    expect(readFileSync(path.join(DIST, file.replace(/^dist\//, '')), 'utf8').startsWith('"use strict";')).toBe(true);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(path.join(DIST, file.replace(/^dist\//, ''))) as Record<string, new () => { description?: { name: string }; name?: string }>;
    const classes = Object.values(exported);
    expect(classes).toHaveLength(1);
    const instance = new classes[0]();
    expect(instance.description?.name ?? instance.name).toEqual(expect.any(String));
  }
});

it('the built Prospecting node runs: a search, zod validation of research targets, a research', async () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Prospecting } = require(path.join(DIST, 'nodes/Prospecting/Prospecting.node.js')) as { Prospecting: new () => INodeType };
  nodeClasses.prospecting = new Prospecting();
  const rows = await executeNode({
    parameters: { resource: 'contacts', operation: 'search', returnAll: false, limit: 2, additionalFields: {} },
    credentials: env.credentials,
  });
  expect(rows).toHaveLength(2);
  const out = await executeNode({
    parameters: {
      resource: 'contacts',
      operation: 'research',
      researchBy: 'details',
      contact: { contactName: '={{ $json.name }}', companyName: '={{ $json.company }}' },
      waitForResults: true,
    },
    items: [{ json: { name: 'Nobody', company: '' } }, { json: { name: 'Ana Lima', company: 'Acme' } }],
    credentials: env.credentials,
    continueOnFail: true,
  });
  expect(out[0].json.error).toMatch(/needs one of: Full Name with Company Name or Company Domain/);
  expect(out[1].json.requestId).toEqual(expect.any(String));
  expect(out[1].json.outcome).toEqual(expect.stringMatching(/done|not-found/));
}, 60_000);
