#!/usr/bin/env node
/**
 * `npm pack` of n8n-nodes/ as it would be published: package.json, README.md and a fresh build (n8n-nodes/build.mjs
 * --outdir, so the dist/ other tests load is not touched), staged in a temporary folder. Returns the tarball's path.
 * Used by the scanner (scan-package.mjs) and by the end-to-end tests, which install the tarball into n8n's
 * nodes folder as users do.
 * `readmeUrl` stamps the documentation links (build.mjs --readme-url): `npm start` passes the README it serves.
 * CLI: `node scripts/n8n/pack-package.mjs [DEST_DIR] [--readme-url URL]` prints the tarball's path.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const PACKAGE_DIR = join(ROOT, 'n8n-nodes');

export function packPackage(destDir = mkdtempSync(join(tmpdir(), 'n8n-nodes-pack-')), { readmeUrl } = {}) {
  const stage = join(destDir, 'stage');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  for (const file of ['package.json', 'README.md']) copyFileSync(join(PACKAGE_DIR, file), join(stage, file));
  const stamp = readmeUrl ? ['--readme-url', readmeUrl] : [];
  execFileSync(process.execPath, [join(PACKAGE_DIR, 'build.mjs'), '--outdir', join(stage, 'dist'), ...stamp], { stdio: ['ignore', 'ignore', 'inherit'] });
  const name = execFileSync('npm', ['pack', '--pack-destination', destDir, '--silent', '--ignore-scripts'], { cwd: stage, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  rmSync(stage, { recursive: true, force: true });
  return join(destDir, name);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const urlAt = args.indexOf('--readme-url');
  const readmeUrl = urlAt >= 0 ? args.splice(urlAt, 2)[1] : undefined;
  console.log(packPackage(args[0] ? resolve(args[0]) : undefined, { readmeUrl }));
}
