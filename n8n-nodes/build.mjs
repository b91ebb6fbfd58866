// Bundles each node and credential into dist/ with the core and zod inside: the package has no runtime
// dependencies, only the n8n-workflow peer that n8n itself provides. Icons and codex files are copied.
import { build } from 'esbuild';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
// `--outdir DIR` builds elsewhere (tests check a build without touching the dist/ other tests load).
const outArg = process.argv.indexOf('--outdir');
const dist = outArg > 0 && process.argv[outArg + 1] ? resolve(process.argv[outArg + 1]) : join(root, 'dist');

function files(dir, test) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && test(entry.name))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

rmSync(dist, { recursive: true, force: true });
const entryPoints = [...files(join(root, 'credentials'), (n) => n.endsWith('.credentials.ts')), ...files(join(root, 'nodes'), (n) => n.endsWith('.node.ts'))];
await build({
  entryPoints,
  outdir: dist,
  outbase: root,
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'cjs',
  external: ['n8n-workflow'],
  // The n8n community-package scanner refuses `globalThis` in dist; only the bundled zod uses it (its
  // global config and registry). Each bundle gets its own object in its place: zod's globals stay
  // private to the bundle, which is all these nodes need.
  // "use strict" first, as esbuild would put it: a banner before it would turn the directive off.
  banner: { js: '"use strict";\nvar __pdsZodGlobal = {};' },
  define: { globalThis: '__pdsZodGlobal' },
  sourcemap: false,
  logLevel: 'warning',
});
for (const asset of files(join(root, 'nodes'), (n) => n.endsWith('.svg') || n.endsWith('.node.json'))) {
  cpSync(asset, join(dist, relative(root, asset)));
}
console.log(`n8n-nodes: built ${entryPoints.length} entries into ${relative(process.cwd(), dist) || 'dist'}`);
