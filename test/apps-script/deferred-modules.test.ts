/**
 * Issue 32, the cold load: Code.js keeps the modules that only the server functions reach as one text, compiled by
 * a direct eval on the first call of a server function (scripts/bundling/deferred-modules.mjs). A custom function's
 * cell never compiles them. Here:
 * - which modules the import graph defers;
 * - the two steps on a small bundle built by esbuild and minified by swc, as the build runs them: the deferred code
 *   runs once, on first use, in the bundle's own scope;
 * - the built Code.js: what it compiles on load, and that its server functions come from the deferred text.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import vm from 'node:vm';
import { addOnBuild, bundlingScript, ROOT } from './setup';

const PASS = path.join(ROOT, 'scripts', 'bundling', 'deferred-modules.mjs');

/** Runs `body` (an ES module's text that may import the pass as `pass`) as the build does; the JSON it writes. */
const inNode = <T>(body: string): T => bundlingScript<T>(`import * as pass from ${JSON.stringify(PASS)};\n${body}`);

/** The deferred text's literal in a built Code.js: `eval('...')`. */
const EVAL_LITERAL = /eval\(('(?:[^'\\]|\\.)*')\)/;

test('the deferred modules are those the entry reaches only through the deferred module', () => {
  const metafile = {
    inputs: {
      'main.ts': { imports: [{ path: 'eager.ts' }, { path: 'later.ts' }, { path: 'zod.js', external: true }] },
      'eager.ts': { imports: [{ path: 'shared.ts' }] },
      'later.ts': { imports: [{ path: 'shared.ts' }, { path: 'panel.ts' }] },
      'panel.ts': { imports: [{ path: 'panel-part.ts' }] },
      'panel-part.ts': { imports: [] },
      'shared.ts': { imports: [] },
    },
  };
  const paths = inNode<string[]>(`process.stdout.write(JSON.stringify(pass.deferredPaths(${JSON.stringify(metafile)}, 'main.ts', 'later.ts')));`);
  expect(paths.sort()).toEqual(['later.ts', 'panel-part.ts', 'panel.ts']);
});

describe('on a small bundle', () => {
  let dir: string;
  let code: string;
  let deferred: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pds-deferred-'));
    const files: Record<string, string> = {
      'main.ts': `import { shared } from './shared';
import { deferredEntryPoints } from './later';
export const now = () => shared('now');
export const later = () => deferredEntryPoints;`,
      'shared.ts': `export const log: string[] = [];
export function shared(from: string): string { log.push(from); return 'shared:' + from; }`,
      'later.ts': `import { shared, log } from './shared';
import { panelWord } from './panel';
log.push('later loaded');
export const deferredEntryPoints = { run: (n: number) => shared(panelWord + ' ' + n), log };`,
      'panel.ts': `export const panelWord = ['it', "'s", ' a \\\\ panel'].join('');`,
    };
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    const result = inNode<{ code: string; deferred: string; paths: string[] }>(`import * as esbuild from 'esbuild';
import { minify } from '@swc/core';
const built = await esbuild.build({ entryPoints: ['main.ts'], absWorkingDir: ${JSON.stringify(dir)}, bundle: true, write: false,
  format: 'iife', globalName: '__addon', platform: 'neutral', minifySyntax: true, metafile: true, logLevel: 'error' });
const split = pass.deferModules(built.outputFiles[0].text, built.metafile, { entry: 'main.ts', deferredModule: 'later.ts', binding: 'deferredEntryPoints' });
const minified = (await minify(split.code, { compress: { passes: 2 }, mangle: true })).code;
process.stdout.write(JSON.stringify({ ...pass.evalDeferred(minified), paths: split.deferred }));`);
    expect(result.paths.sort()).toEqual(['later.ts', 'panel.ts']);
    ({ code, deferred } = result);
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps the deferred modules out of the code compiled on load, as one eval', () => {
    expect(code.match(/eval\(/g)).toHaveLength(1);
    const outside = code.replace(EVAL_LITERAL, '');
    expect(outside).not.toContain('later loaded');
    expect(outside).not.toContain('panel');
    expect(deferred).toContain('later loaded');
  });

  it('runs the deferred code on first use, once, in the bundle scope', () => {
    const context = vm.createContext({});
    vm.runInContext(code, context);
    const addon = (context as { __addon: { now(): string; later(): { run(n: number): string; log: string[] } } }).__addon;
    expect(addon.now()).toBe('shared:now');
    const first = addon.later();
    // The deferred module's own line ran now, into the log the loaded side created: one scope, one log.
    expect(first.log).toEqual(['now', 'later loaded']);
    expect(first.run(2)).toBe("shared:it's a \\ panel 2");
    expect(addon.later()).toBe(first);
    expect(first.log).toEqual(['now', 'later loaded', "it's a \\ panel 2"]);
  });
});

describe('the built Code.js', () => {
  let code: string;
  let deferredText: string;
  beforeAll(() => {
    ({ code } = addOnBuild());
    const literal = EVAL_LITERAL.exec(code);
    expect(literal).not.toBeNull();
    deferredText = vm.runInNewContext(literal![1]) as string;
  }, 120_000);

  it('compiles a third of its code only on the first server-function call', () => {
    expect(code.match(/\beval\(/g)).toHaveLength(1);
    expect(deferredText.length).toBeGreaterThan(code.length * 0.25);
    // The panels' own texts sit in the deferred text only.
    const outside = code.replace(EVAL_LITERAL, '');
    for (const panelOnly of ['pds.templateEmail.pending', 'pds.runOperation.pending', 'PDS recovered results']) {
      expect(deferredText).toContain(panelOnly);
      expect(outside).not.toContain(panelOnly);
    }
  });

  it('loads the custom functions, and builds the server functions once, on first use', () => {
    const context = vm.createContext({});
    vm.runInContext(code, context);
    const addon = vm.runInContext('__addon', context) as {
      entryPoints: Record<string, { guard: string }>;
      serverEntryPoints(): Record<string, { guard: string }>;
    };
    expect(Object.values(addon.entryPoints).every((e) => e.guard === 'custom')).toBe(true);
    const server = addon.serverEntryPoints();
    expect(Object.keys(server)).toEqual(expect.arrayContaining(['onOpen', 'showSidebar', 'scheduledRun', 'runOperation']));
    expect(Object.values(server).some((e) => e.guard === 'custom')).toBe(false);
    expect(addon.serverEntryPoints()).toBe(server);
  });
});
