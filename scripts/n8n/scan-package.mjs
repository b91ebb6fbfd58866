#!/usr/bin/env node
/**
 * Runs n8n's community-package scanner the way n8n runs it before verifying a package (@n8n/scan-community-package
 * analyzePackageByName, minus the registry and provenance steps, which need a published package): ESLint with
 * `allowInlineConfig: false` (eslint-disable comments do not count) over
 *   - the source: n8n-nodes/ with the scanner's SOURCE_FILE_PATTERNS (package.json, nodes/ and credentials/), and
 *   - the built package: the `npm pack` tarball (pack-package.mjs), its compiled .js and package.json.
 * The scanner is installed into .cache/n8n-scanner by install-scanner.sh (not a project dependency).
 * Prints each leg's result and the violations; exits 1 when either leg fails.
 * Exported `scanPackage()` for the test (test/n8n/scanner.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packPackage } from './pack-package.mjs';

// eslint-plugin-n8n-nodes-base switches to its own test mode under NODE_ENV=test (jest sets it): it then reports
// the package's correct file names as wrong. n8n runs the scanner outside that mode, so this does too.
if (process.env.NODE_ENV === 'test') delete process.env.NODE_ENV;

const HERE = resolve(fileURLToPath(import.meta.url), '..');
const PACKAGE_DIR = resolve(HERE, '../../n8n-nodes');

/** Installs the scanner if needed (idempotent) and returns its folder. */
export function installScanner() {
  const out = execFileSync('bash', [join(HERE, 'install-scanner.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const dir = /^SCANNER_DIR=(.*)$/m.exec(out)?.[1];
  if (!dir) throw new Error(`install-scanner.sh printed no SCANNER_DIR:\n${out}`);
  return dir;
}

/** Both legs of the scan; `scannerDir` is a folder holding node_modules/@n8n/scan-community-package. */
export async function scanPackage(scannerDir) {
  const scanner = await import(pathToFileURL(join(scannerDir, 'node_modules/@n8n/scan-community-package/scanner/scanner.mjs')).href);
  const work = mkdtempSync(join(tmpdir(), 'n8n-scan-'));
  try {
    const source = await scanner.analyzePackage(PACKAGE_DIR, scanner.SOURCE_FILE_PATTERNS);
    const tarball = packPackage(work);
    const extracted = join(work, 'extracted');
    mkdirSync(extracted);
    execFileSync('tar', ['-xzf', tarball, '-C', extracted, '--strip-components=1']);
    const built = await scanner.analyzePackage(extracted, ['**/*.js', 'package.json']);
    return { source, built, passed: source.passed && built.passed };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await scanPackage(installScanner());
  for (const [leg, r] of [
    ['source (n8n-nodes/)', result.source],
    ['built package (npm pack)', result.built],
  ]) {
    console.log(`${r.passed ? 'PASS' : 'FAIL'} ${leg}${r.message ? `: ${r.message}` : ''}`);
    if (r.details) console.log(r.details);
  }
  process.exit(result.passed ? 0 : 1);
}
