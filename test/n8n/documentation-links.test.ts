/**
 * Issue 23: the editor's documentation links open the README shipped with the package, each credential and node its
 * own section, stamped at build time from one place (build.mjs: --readme-url, else package.json `homepage`, which the
 * release writes); an unstamped build links nowhere instead of to the npm page of an unpublished package.
 * test/n8n-e2e/documentation-links.test.ts checks the same through `npm start` and a real n8n.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readmeHeadings } from '../../scripts/n8n/readme-html';
import { DOCUMENTED_TYPES } from './documented-types';

// js-yaml is in the dev tree already (through eslint); no type package is needed for this one call.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { load } = require('js-yaml') as { load: (text: string) => unknown };
const PACKAGE = path.join(__dirname, '../../n8n-nodes');
const README_URL = 'https://github.com/acme/prospecting/blob/v0.1.0/n8n-nodes/README.md';
// Inside the repository (.cache, git-ignored) so that the built files resolve n8n-workflow from its node_modules.
const CACHE = path.join(__dirname, '../../.cache');
mkdirSync(CACHE, { recursive: true });
const DIST = mkdtempSync(path.join(CACHE, 'n8n-nodes-docs-'));
const UNSTAMPED = mkdtempSync(path.join(CACHE, 'n8n-nodes-docs-'));
// What the sources say in place of the README's address (build.mjs README_MARKER).
const MARKER = 'http://readme.invalid/n8n-nodes-prospecting';
const pkg = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as { homepage?: string; n8n: { nodes: string[]; credentials: string[] } };
const anchors = readmeHeadings(readFileSync(path.join(PACKAGE, 'README.md'), 'utf8')).map((h) => h.anchor);

interface Described {
  name?: string;
  documentationUrl?: string;
  description?: { name: string; documentationUrl?: string; usableAsTool?: { replacements?: { documentationUrl?: string } } };
  nodeVersions?: Record<string, { description: { documentationUrl?: string } }>;
}

/**
 * The documentation URL of each credential and node (every version of a versioned node), by type name, from a build
 * (its folder) or from the TypeScript sources (no folder).
 */
function linksOf(dist?: string): Record<string, string | undefined> {
  const links: Record<string, string | undefined> = {};
  for (const file of [...pkg.n8n.credentials, ...pkg.n8n.nodes]) {
    const module = dist ? path.join(dist, file.replace(/^dist\//, '')) : path.join(PACKAGE, file.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(module) as Record<string, new () => Described>;
    const instance = new (Object.values(exported)[0])();
    if (instance.description) {
      links[instance.description.name] = instance.description.documentationUrl;
      // n8n builds the "<name>Tool" type from the node's description with these replacements.
      const replacements = instance.description.usableAsTool?.replacements;
      if (replacements) links[`${instance.description.name}Tool`] = replacements.documentationUrl;
      for (const [v, node] of Object.entries(instance.nodeVersions ?? {})) links[`${instance.description.name} v${v}`] = node.description.documentationUrl;
    } else links[instance.name!] = instance.documentationUrl;
  }
  return links;
}

beforeAll(() => {
  execFileSync(process.execPath, [path.join(PACKAGE, 'build.mjs'), '--outdir', DIST, '--readme-url', README_URL], { stdio: 'pipe' });
  execFileSync(process.execPath, [path.join(PACKAGE, 'build.mjs'), '--outdir', UNSTAMPED], { stdio: 'pipe' });
}, 90_000);
afterAll(() => {
  rmSync(DIST, { recursive: true, force: true });
  rmSync(UNSTAMPED, { recursive: true, force: true });
});

const TYPES = DOCUMENTED_TYPES;

it('each credential and node names its own README section, one that exists; every version of the node the same', () => {
  const source = linksOf();
  const anchorOf = (type: string) => source[type]!.slice(`${MARKER}#`.length);
  for (const type of TYPES) {
    expect(source[type]).toMatch(new RegExp(`^${MARKER.replace(/\./g, '\\.')}#[a-z0-9-]+$`));
    expect(anchors).toContain(anchorOf(type));
  }
  expect(new Set(TYPES.map(anchorOf)).size).toBe(TYPES.length);
  for (const v of [1, 2, 3, 4]) expect(source[`prospecting v${v}`]).toBe(source.prospecting);
});

it('a stamped build links each of them to that section of the stamped README; nothing of the marker is left', () => {
  const source = linksOf();
  const built = linksOf(DIST);
  expect(Object.keys(built).sort()).toEqual(Object.keys(source).sort());
  for (const [type, link] of Object.entries(source)) expect(built[type]).toBe(link!.replace(MARKER, README_URL));
  const grep = spawnSync('grep', ['-rl', 'readme.invalid', DIST], { encoding: 'utf8' });
  expect(grep.stdout).toBe('');
});

it("a stamped build's codex files name the README (n8n appends its own query to these, so no anchor)", () => {
  for (const node of ['Prospecting', 'ProspectingTrigger', 'ProspectingWebhookTrigger']) {
    const codex = JSON.parse(readFileSync(path.join(DIST, `nodes/${node}/${node}.node.json`), 'utf8')) as { resources: unknown };
    expect(codex.resources).toEqual({ primaryDocumentation: [{ url: README_URL }], credentialDocumentation: [{ url: README_URL }] });
  }
});

it('unstamped (a plain build): no link at all, and nothing points at the npm page of the unpublished package', () => {
  expect(pkg.homepage).toBeUndefined();
  const built = linksOf(UNSTAMPED);
  expect(Object.keys(built).length).toBe(TYPES.length + 4);
  for (const link of Object.values(built)) expect(link).toBe('');
  const grep = spawnSync('git', ['grep', '-l', 'npmjs.com/package', '--', 'n8n-nodes/credentials', 'n8n-nodes/nodes', 'n8n-nodes/package.json'], {
    cwd: path.join(PACKAGE, '..'),
    encoding: 'utf8',
  });
  expect(grep.stdout).toBe('');
});

it('the build refuses a README URL that is not http(s) or carries a #fragment, naming it', () => {
  for (const bad of ['docs/README.md', `${README_URL}#readme`]) {
    const res = spawnSync(process.execPath, [path.join(PACKAGE, 'build.mjs'), '--outdir', path.join(DIST, 'refused'), '--readme-url', bad], {
      encoding: 'utf8',
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain(`README URL ${JSON.stringify(bad)}: give an http(s) URL without a #fragment`);
  }
});

it('the release stamps the README of exactly the published version in the repository that publishes, before building', () => {
  type Step = { name?: string; run?: string; 'working-directory'?: string };
  const wf = load(readFileSync(path.join(__dirname, '../../.github/workflows/release.yml'), 'utf8')) as { jobs: { publish: { steps: Step[] } } };
  const steps = wf.jobs.publish.steps;
  const stamp = steps.findIndex((s) => /homepage=/.test(s.run ?? ''));
  expect(steps[stamp]['working-directory']).toBe('n8n-nodes');
  expect(steps[stamp].run).toContain('"homepage=https://github.com/${GITHUB_REPOSITORY}/blob/${GITHUB_REF_NAME}/n8n-nodes/README.md"');
  // The tag is v<version> (an earlier step refuses any other), so the link is this version's README.
  expect(steps.findIndex((s) => /GITHUB_REF_NAME.*v\$\{version\}/.test(s.run ?? ''))).toBeLessThan(stamp);
  expect(stamp).toBeLessThan(steps.findIndex((s) => /build:n8n/.test(s.run ?? '')));
});
