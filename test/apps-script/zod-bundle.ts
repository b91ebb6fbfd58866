/**
 * Shared by the tests of the Apps Script build's zod plugins (scripts/bundling/zod-*.mjs): zod bundled by esbuild
 * the way the build bundles it, with or without one plugin, loaded in a fresh vm context.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import vm from 'node:vm';
import { ROOT } from './setup';

/** Runs an ES module script (jest loads no .mjs itself) in the repository and returns what it printed. */
export function runModule(source: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', source], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** The path of scripts/bundling/`file`, as a JS string literal. */
export function pluginPath(file: string): string {
  return JSON.stringify(path.join(ROOT, 'scripts', 'bundling', file));
}

/** A vm context whose `__zod.z` is `import * as z from 'zod'`, bundled with `plugin` (`[file, exported factory]`) or without. */
export function zodContext(plugin: [string, string] | null): vm.Context {
  const text = runModule(`
    import * as esbuild from 'esbuild';
    ${plugin ? `import { ${plugin[1]} } from ${pluginPath(plugin[0])};` : ''}
    const built = await esbuild.build({
      stdin: { contents: "import * as z from 'zod'; export { z };", resolveDir: process.cwd(), loader: 'js' },
      bundle: true, write: false, format: 'iife', globalName: '__zod', platform: 'neutral', mainFields: ['module', 'main'],
      plugins: ${plugin ? `[${plugin[1]}()]` : '[]'}, logLevel: 'error',
    });
    process.stdout.write(built.outputFiles[0].text);`);
  const context = vm.createContext({});
  vm.runInContext(text, context);
  return context;
}
