/**
 * The package ships the core once (issue 13, bundles): shared/ and zod are built into dist/shared/core.js, and each
 * node's file requires it instead of carrying its own copy. Checked here: one copy of the core's code in the whole
 * package; every built file passes the two rules the n8n community-package scanner runs on a package
 * (@n8n/eslint-plugin-community-nodes: no-restricted-globals, no-restricted-imports), applied with ESLint itself;
 * the nodes share one core at run time; and a node built this way describes itself exactly as its source does (the
 * descriptions read metadata that the core's schemas registered in the core's one zod registry).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Linter, type Rule } from 'eslint';

const PACKAGE = path.join(__dirname, '../../n8n-nodes');
const CACHE = path.join(__dirname, '../../.cache');
mkdirSync(CACHE, { recursive: true });
const DIST = mkdtempSync(path.join(CACHE, 'n8n-nodes-core-'));

beforeAll(() => {
  execFileSync(process.execPath, [path.join(PACKAGE, 'build.mjs'), '--outdir', DIST], { stdio: 'pipe' });
}, 60_000);
afterAll(() => rmSync(DIST, { recursive: true, force: true }));

const jsFiles = () =>
  readdirSync(DIST, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .sort();
const read = (file: string) => readFileSync(path.join(DIST, file), 'utf8');

it('the core is one file, and no other file carries any of its code', () => {
  expect(jsFiles()).toEqual([
    'credentials/ProspectingApi.credentials.js',
    'credentials/ProspectingMcpOAuth2Api.credentials.js',
    'credentials/ProspectingOAuth2Api.credentials.js',
    'nodes/Prospecting/Prospecting.node.js',
    'nodes/ProspectingTrigger/ProspectingTrigger.node.js',
    'nodes/ProspectingWebhookTrigger/ProspectingWebhookTrigger.node.js',
    'shared/core.js',
  ]);
  // A definition from zod and two from shared/, each counted over the whole package.
  const markers = [/function \$constructor\(/, /var ProspectingError = class extends Error/, /var isoDateTimeInput =/];
  for (const marker of markers) {
    const where = jsFiles().filter((f) => marker.test(read(f)));
    expect({ marker: String(marker), where }).toEqual({ marker: String(marker), where: ['shared/core.js'] });
  }
  for (const node of jsFiles().filter((f) => f.startsWith('nodes/'))) {
    expect(read(node).length).toBeLessThan(read('shared/core.js').length / 3);
  }
});

// The scanner's lists (@n8n/eslint-plugin-community-nodes, rules no-restricted-globals and no-restricted-imports).
const RESTRICTED_GLOBALS = [
  'clearInterval',
  'clearTimeout',
  'global',
  'globalThis',
  'process',
  'setInterval',
  'setTimeout',
  'setImmediate',
  'clearImmediate',
  '__dirname',
  '__filename',
];
const ALLOWED_MODULES = ['n8n-workflow', 'ai-node-sdk', 'lodash', 'moment', 'p-limit', 'luxon', 'zod', 'crypto', 'node:crypto', '@n8n/ai-node-sdk'];

/** require('x'), require.resolve('x') and import('x') of anything but a relative path or an allowed module. */
const restrictedImports: Rule.RuleModule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const check = (node: Rule.Node, source: unknown) => {
      if (typeof source !== 'string' || source.startsWith('./') || source.startsWith('../')) return;
      const name = source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0];
      if (!ALLOWED_MODULES.includes(name)) context.report({ node, message: `module "${source}" is not allowed` });
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        const isRequire =
          (callee.type === 'Identifier' && callee.name === 'require') ||
          (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'require');
        const first = node.arguments[0];
        if (isRequire && first?.type === 'Literal') check(node, first.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value);
      },
    };
  },
};

it("every built file passes the community-package scanner's rules on globals and imports", () => {
  const linter = new Linter({ configType: 'flat' });
  const config: Linter.Config[] = [
    {
      files: ['**/*.js'],
      languageOptions: { ecmaVersion: 'latest', sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', exports: 'writable' } },
      plugins: { scanner: { rules: { 'no-restricted-imports': restrictedImports } } },
      rules: { 'no-restricted-globals': ['error', ...RESTRICTED_GLOBALS], 'scanner/no-restricted-imports': 'error' },
    },
  ];
  const problems: string[] = [];
  for (const file of jsFiles()) {
    for (const m of linter.verify(read(file), config, { filename: file })) problems.push(`${file}:${m.line}: ${m.message}`);
  }
  expect(problems).toEqual([]);
  // The check itself catches what it should.
  const caught = linter.verify("setTimeout(() => process.exit(1)); require('axios'); require('./x');", config, { filename: 'probe.js' });
  expect(caught.map((m) => m.message)).toEqual([
    expect.stringContaining("'setTimeout'"),
    expect.stringContaining("'process'"),
    'module "axios" is not allowed',
  ]);
});

it('the nodes share one core at run time, and the built Prospecting node describes itself exactly as its source does', () => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { Prospecting } = require(path.join(DIST, 'nodes/Prospecting/Prospecting.node.js')) as { Prospecting: new () => object };
  // The .ts file named in full: `Prospecting.node` alone could resolve to the codex file Prospecting.node.json.
  const source = require('../../n8n-nodes/nodes/Prospecting/Prospecting.node.ts') as { Prospecting: new () => object };
  require(path.join(DIST, 'nodes/ProspectingTrigger/ProspectingTrigger.node.js'));
  require(path.join(DIST, 'nodes/ProspectingWebhookTrigger/ProspectingWebhookTrigger.node.js'));
  /* eslint-enable @typescript-eslint/no-require-imports */
  // Keyed by real path (.cache may be a link).
  const real = realpathSync(DIST);
  const cores = Object.keys(require.cache).filter((f) => f.startsWith(real) && f.endsWith('core.js'));
  expect(cores).toEqual([path.join(real, 'shared/core.js')]);
  const facts = (node: object) => JSON.parse(JSON.stringify(node)) as unknown;
  // The one deliberate difference: an unstamped build replaces the sources' README links by none (issue 23,
  // documentation-links.test.ts).
  const unstamped = (node: object) =>
    JSON.parse(JSON.stringify(node).replace(/"http:\/\/readme\.invalid\/n8n-nodes-prospecting#[a-z0-9-]+"/g, '""')) as unknown;
  expect(facts(new Prospecting())).toEqual(unstamped(new source.Prospecting()));
});
