/**
 * Starts the plain-Node OAuth process (oauth-process.ts) as real child processes: bundled once with esbuild into a
 * folder, then run with one JSON argument each; resolves with the process's last output line.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import type { ProcessInput, ProcessOutput } from './oauth-process';

/** Bundles oauth-process.ts into `dir` and returns the script's path. */
export function bundleOAuthProcess(dir: string): string {
  const script = join(dir, 'oauth-process.js');
  const bundle = esbuild.buildSync({
    entryPoints: [join(__dirname, 'oauth-process.ts')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'silent',
  });
  writeFileSync(script, bundle.outputFiles[0].text);
  return script;
}

export function runOAuthProcess(script: string, input: ProcessInput): Promise<ProcessOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, JSON.stringify(input)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 && out.trim() ? resolve(JSON.parse(out.trim().split('\n').pop()!) as ProcessOutput) : reject(new Error(`exit ${code}: ${err}`)),
    );
  });
}
