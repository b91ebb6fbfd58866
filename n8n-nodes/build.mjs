// Builds the package into dist/: the core (shared/ and zod) once, as dist/shared/core.js, and each node and credential
// as its own CommonJS file that requires it. The package has no runtime dependencies, only the n8n-workflow peer that
// n8n itself provides. Icons and codex files are copied. (esbuild's code splitting is ESM-only; n8n loads CommonJS.)
import { build } from 'esbuild';
import { cpSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
// `--outdir DIR` builds elsewhere (tests check a build without touching the dist/ other tests load).
const outArg = process.argv.indexOf('--outdir');
const dist = outArg > 0 && process.argv[outArg + 1] ? resolve(process.argv[outArg + 1]) : join(root, 'dist');
const CORE_FILE = 'shared/core.js';
// The README the editor's "Docs" links open: `--readme-url URL`, else package.json's `homepage` (the release writes
// it), else none. Each credential and node names its own section as README_MARKER#anchor (n8n's lint wants a literal
// URL there); the build puts this README's address in place of the marker, or no link at all when there is none.
const README_MARKER = 'http://readme.invalid/n8n-nodes-prospecting';
const urlArg = process.argv.indexOf('--readme-url');
const readmeUrl = urlArg > 0 ? process.argv[urlArg + 1] : JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).homepage;

function files(dir, test) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && test(entry.name))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}
const fail = (message) => {
  console.error(message);
  process.exit(1);
};

if (readmeUrl !== undefined && !/^https?:\/\/[^\s#]+$/.test(readmeUrl))
  fail(`README URL ${JSON.stringify(readmeUrl)}: give an http(s) URL without a #fragment`);
rmSync(dist, { recursive: true, force: true });
const entryPoints = [...files(join(root, 'credentials'), (n) => n.endsWith('.credentials.ts')), ...files(join(root, 'nodes'), (n) => n.endsWith('.node.ts'))];
const common = {
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'cjs',
  external: ['n8n-workflow'],
  // The n8n community-package scanner refuses `globalThis` in dist; only the bundled zod uses it (its global config
  // and registry). The package gets its own object in its place: zod's globals stay private to the package.
  // "use strict" first, as esbuild would put it: a banner before it would turn the directive off.
  banner: { js: '"use strict";\nvar __pdsZodGlobal = {};' },
  define: { globalThis: '__pdsZodGlobal' },
  sourcemap: false,
  logLevel: 'warning',
};

// 1. The boundary: the modules outside this package (shared/ and zod) that the package's own files import.
const outsidePackage = (file) => !resolve(file).startsWith(root + sep);
const probe = await build({ ...common, entryPoints, outdir: dist, outbase: root, write: false, metafile: true, logLevel: 'silent' });
const boundary = new Set();
const zodNames = new Set();
const zodExports = new Set(Object.keys(createRequire(import.meta.url)('zod/v4/mini')));
for (const [file, input] of Object.entries(probe.metafile.inputs)) {
  if (outsidePackage(file)) continue;
  for (const imported of input.imports) {
    if (imported.external || !outsidePackage(imported.path)) continue;
    if (imported.original === 'zod/v4/mini') {
      // zod is reached through `z` only, in the form shared/ uses (zod/v4/mini); the core exports the z members the
      // package's files call (z.toJSONSchema). The core's shared/validation/zod.ts has set zod's English messages.
      const source = readFileSync(file, 'utf8');
      if (!/^import \* as z from 'zod\/v4\/mini';$/m.test(source))
        fail(`${file}: import zod as \`import * as z from 'zod/v4/mini';\` (the core exports the z members it calls)`);
      for (const m of source.matchAll(/\bz\.(\w+)/g)) if (zodExports.has(m[1])) zodNames.add(m[1]);
    } else if (/\.ts$/.test(imported.path) && !imported.path.includes('node_modules')) boundary.add(resolve(imported.path));
    else fail(`${file} imports ${imported.original}: only shared/, zod and n8n-workflow can be imported from outside the package`);
  }
}
const key = (file) => relative(join(root, '..'), file).split(sep).join('/');

// 2. The core: every boundary module's namespace, keyed by its path, plus zod's members in use. One copy of shared/
// and zod for the whole package: one zod registry (the descriptions read the metadata the schemas registered there).
const boundaryList = [...boundary].sort();
const coreSource = [
  ...boundaryList.map((file, i) => `import * as m${i} from ${JSON.stringify(file)};`),
  `import { ${[...zodNames].join(', ')} } from 'zod/v4/mini';`,
  `export const modules = {`,
  ...boundaryList.map((file, i) => `  ${JSON.stringify(key(file))}: m${i},`),
  // `import * as z from 'zod/v4/mini'` in a node reads these members off the module itself.
  `  zod: { ${[...zodNames].join(', ')} },`,
  `};`,
].join('\n');
await build({
  ...common,
  stdin: { contents: coreSource, resolveDir: root, sourcefile: 'core-entry.js', loader: 'js' },
  outfile: join(dist, CORE_FILE),
});

// 3. The nodes and credentials: a boundary module (or zod) resolves to its entry in the core, required at run time.
// The path is relative to the entry's output file: every node sits at dist/nodes/NAME/, and only nodes may use the core.
const coreFromEntry = `../../${CORE_FILE}`;
const misplaced = entryPoints.filter((e) => e.endsWith('.node.ts') && relative(join(root, 'nodes'), e).split(sep).length !== 2);
if (misplaced.length) fail(`nodes must sit at nodes/NAME/NAME.node.ts (they require ${coreFromEntry}): ${misplaced}`);
const useCore = {
  name: 'use-core',
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.path === coreFromEntry) return { path: args.path, external: true };
      if (args.pluginData === 'use-core' || args.namespace !== 'file' || args.kind === 'entry-point') return undefined;
      if (args.path === 'zod/v4/mini') return { path: 'zod', namespace: 'pds-core' };
      const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'use-core' });
      if (found.errors.length || !boundary.has(found.path)) return undefined;
      if (!relative(root, args.importer).startsWith(`nodes${sep}`)) fail(`${args.importer} reaches the core (${args.path}) but is not under nodes/`);
      return { path: key(found.path), namespace: 'pds-core' };
    });
    b.onLoad({ filter: /.*/, namespace: 'pds-core' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(coreFromEntry)}).modules[${JSON.stringify(args.path)}];`,
      loader: 'js',
    }));
  },
};
await build({ ...common, entryPoints, outdir: dist, outbase: root, plugins: [useCore] });

const markerLink = new RegExp(`"${README_MARKER.replace(/[.]/g, '\\.')}#([a-z0-9-]+)"`, 'g');
for (const file of files(dist, (n) => n.endsWith('.js'))) {
  const code = readFileSync(file, 'utf8');
  const stamped = code.replace(markerLink, (_, anchor) => JSON.stringify(readmeUrl ? `${readmeUrl}#${anchor}` : ''));
  if (stamped.includes(README_MARKER)) fail(`${file}: a README link that is not "${README_MARKER}#<anchor>"`);
  if (stamped !== code) writeFileSync(file, stamped);
}
for (const asset of files(join(root, 'nodes'), (n) => n.endsWith('.svg'))) cpSync(asset, join(dist, relative(root, asset)));
// Codex files get the README as their documentation (n8n appends "?utm_…" to these, so no section anchor here).
for (const codex of files(join(root, 'nodes'), (n) => n.endsWith('.node.json'))) {
  const json = JSON.parse(readFileSync(codex, 'utf8'));
  if (readmeUrl) json.resources = { primaryDocumentation: [{ url: readmeUrl }], credentialDocumentation: [{ url: readmeUrl }] };
  writeFileSync(join(dist, relative(root, codex)), `${JSON.stringify(json, null, 2)}\n`);
}
const total = files(dist, () => true).reduce((sum, f) => sum + statSync(f).size, 0);
console.log(
  `n8n-nodes: built ${entryPoints.length} entries and the core (${boundaryList.length} shared modules, zod) into ${relative(process.cwd(), dist) || 'dist'}: ` +
    `${(total / 1024).toFixed(0)} KB in all; docs links: ${readmeUrl || 'none (no --readme-url or homepage)'}`,
);
