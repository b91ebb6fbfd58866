/**
 * Bundles the worker and the in-vm runtime with esbuild once per process. Doing it at run time means the harness
 * works unchanged under jest (@swc/jest) and tsx, with no build step and nothing generated in the repo.
 */
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

let cached: { workerFile: string; runtimeSource: string } | null = null;

export function harnessBundles(): { workerFile: string; runtimeSource: string } {
  if (cached && fs.existsSync(cached.workerFile)) return cached;
  const common = { bundle: true, write: false, target: 'es2020', logLevel: 'silent' } as const;
  const worker = esbuild.buildSync({ ...common, entryPoints: [path.join(__dirname, 'exec-worker.ts')], platform: 'node', format: 'cjs' });
  const runtime = esbuild.buildSync({
    ...common,
    entryPoints: [path.join(__dirname, 'runtime', 'vm-runtime.ts')],
    platform: 'neutral',
    format: 'iife',
    globalName: '__gasRuntime',
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gas-harness-'));
  const workerFile = path.join(dir, 'exec-worker.js');
  fs.writeFileSync(workerFile, worker.outputFiles[0].text);
  cached = { workerFile, runtimeSource: runtime.outputFiles[0].text };
  return cached;
}
