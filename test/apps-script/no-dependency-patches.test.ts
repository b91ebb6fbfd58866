/**
 * Issue 32: the bundles take their dependencies as published. No build step hands esbuild other text for a file of
 * a dependency (the add-on once cut methods out of zod's own sources by their text, so any zod release that moved a
 * line broke the build); the size comes from zod's own size-bound form, zod/mini, reached in one way.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './setup';

const BUNDLING = path.join(ROOT, 'scripts', 'bundling');

interface Metafile {
  inputs: Record<string, { bytes: number }>;
}

function typeScriptUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.includes('node_modules') && !f.startsWith('dist'))
    .map((f) => path.join(dir, f));
}

test('no script under scripts/bundling gives esbuild the text of a module (no onLoad hook)', () => {
  const scripts = fs.readdirSync(BUNDLING).filter((f) => f.endsWith('.mjs'));
  expect(scripts.length).toBeGreaterThan(0);
  const loading = scripts.filter((f) => /\bonLoad\s*\(/.test(fs.readFileSync(path.join(BUNDLING, f), 'utf8')));
  expect(loading).toEqual([]);
});

test("every dependency in Code.js is bundled from its own file's text, byte for byte", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pds-no-patches-'));
  try {
    const metafile = path.join(dir, 'meta.json');
    execFileSync(process.execPath, [path.join(ROOT, 'apps-script', 'build.mjs'), '--out', dir, '--metafile', metafile], { cwd: ROOT, stdio: 'pipe' });
    const inputs = Object.entries((JSON.parse(fs.readFileSync(metafile, 'utf8')) as Metafile).inputs);
    const dependencies = inputs.filter(([file]) => file.includes('node_modules/'));
    // zod is in it, and every module of it is the file as installed (esbuild counts the text it was given).
    expect(dependencies.map(([file]) => file)).toEqual(expect.arrayContaining([expect.stringContaining('node_modules/zod/v4/mini/')]));
    const edited = dependencies.filter(([file, input]) => fs.statSync(path.resolve(ROOT, file)).size !== input.bytes).map(([file]) => file);
    expect(edited).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

test("the sources reach zod in one way: shared/validation/zod.ts (zod/v4/mini), or zod/v4/mini itself in the n8n node's files", () => {
  const seam = path.join(ROOT, 'shared', 'validation', 'zod.ts');
  const files = [
    ...typeScriptUnder(path.join(ROOT, 'shared')),
    ...typeScriptUnder(path.join(ROOT, 'apps-script', 'src')),
    ...typeScriptUnder(path.join(ROOT, 'n8n-nodes')),
  ];
  const classic = files.filter((f) => f !== seam && /from 'zod(\/v4)?'/.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(ROOT, f));
  expect(classic).toEqual([]);
  expect(fs.readFileSync(seam, 'utf8')).toMatch(/^export \* from 'zod\/v4\/mini';$/m);
});
