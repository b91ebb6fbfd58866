// Builds the add-on into dist/: Code.js (one bundle plus real top-level functions), Sidebar.html, appsscript.json.
// Usage: node apps-script/build.mjs [--deploy] [--out DIR] [--entry FILE] [--metafile FILE]
// (--deploy refuses to build without a urlFetchWhitelist)
import * as esbuild from 'esbuild';
import { minify } from '@swc/core';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { operationFormsJson, withOperationForms } from '../scripts/bundling/operation-forms.mjs';
import { docTexts, withoutTexts } from '../scripts/bundling/doc-texts.mjs';
import { functionsForBundleArrows } from '../scripts/bundling/bundle-scope-arrows.mjs';
import { deferModules, evalDeferred } from '../scripts/bundling/deferred-modules.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const deploy = process.argv.includes('--deploy');
// --out DIR (default apps-script/dist) and --entry FILE (default src/main.ts): the tests build into a temp dir.
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 && process.argv[at + 1] ? resolve(process.argv[at + 1]) : fallback;
};
const dist = option('--out', join(here, 'dist'));
const entry = option('--entry', join(here, 'src', 'main.ts'));
// --metafile FILE: esbuild's account of the bundle's inputs (what each module weighs; the tests read it).
const metafileOut = option('--metafile', null);

// Apps Script's V8 has no setTimeout, process or require: a neutral IIFE that only assigns one global.
// Minified, because every custom function call, sidebar call and trigger run loads the whole file. Names are not kept
// (that cost 15 KB): the error classes pin their own names (shared/errors/classes.ts). ES2020, which Apps Script's V8
// runs, so optional chaining and ?? stay as written instead of being spelled out. zod is its own size-bound form,
// zod/mini (shared/validation/zod.ts), bundled as published: esbuild keeps only the functions the sources call, and
// no plugin edits a dependency's text (test/apps-script/no-dependency-patches.test.ts). The globals Apps Script reads
// (function declarations with their JSDoc) are written below the bundle, unminified.
const bundle = await esbuild.build({
  entryPoints: [entry],
  bundle: true,
  write: false,
  format: 'iife',
  globalName: '__addon',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2020',
  charset: 'utf8',
  legalComments: 'none',
  // Names and lines as written (swc minifies below): esbuild's `// path` line before each module's code is what
  // deferModules reads, and the metafile's import graph says which modules only the server functions reach.
  minifySyntax: true,
  metafile: true,
  absWorkingDir: root,
  logLevel: 'warning',
});
// The modules only the server functions reach, moved into one function that runs on the first call of one
// (scripts/bundling/deferred-modules.mjs): a custom function's cell does not compile them.
const split = deferModules(bundle.outputFiles[0].text, bundle.metafile, {
  entry: relative(root, entry).split('\\').join('/'),
  deferredModule: 'apps-script/src/server-entry-points.ts',
  binding: 'deferredEntryPoints',
});
// swc's minifier on the whole output, the deferred function included (one program: the same short names on both
// sides): compress (safe defaults) and mangle, in about a second. Four passes: each finds a little more to fold once the
// last has inlined (two passes 276,006 bytes, three 275,784, four 275,681, six 275,652). It reads the bundle as a whole
// and edits no dependency's source.
const minified = (await minify(split.code, { compress: { passes: 4, ecma: 2020 }, mangle: true, ecma: 2020, format: { comments: false } })).code;
// The deferred function as a text for a direct eval; then the bundle's module-level arrows as function expressions,
// which V8 preparses instead of parsing whole on every execution (scripts/bundling/bundle-scope-arrows.mjs): the cold
// load's compile time about halves. The deferred text gets the same pass on its own module-level arrows.
const arrowPass = (text) => functionsForBundleArrows(text).code;
const code = arrowPass(split.deferred.length ? evalDeferred(minified, arrowPass).code : minified);
if (metafileOut) writeFileSync(metafileOut, JSON.stringify(bundle.metafile));

// The entry points are read from the bundle itself (src/main.ts exports the custom functions as `entryPoints` and the
// server functions as `serverEntryPoints()`, which builds them from the deferred code): the globals below are
// generated from the very objects the wrappers call, so a declared function cannot be left out. Calling
// serverEntryPoints() here also compiles and runs the deferred code once, at build time.
const probe = vm.createContext({});
vm.runInContext(
  `${code}\nthis.__exports = Object.keys(__addon);\nthis.__entryPoints = __addon.entryPoints;\nthis.__server = __addon.serverEntryPoints?.();`,
  probe,
);
const fail = (message) => {
  console.error(message);
  process.exit(1);
};
// The guards the wrappers call first (src/guards.ts): exported for the wrappers, not entry points.
const GUARDS = ['sidebarOnly_', 'triggerOnly_'];
const missingGuards = GUARDS.filter((n) => !probe.__exports.includes(n));
if (missingGuards.length) fail(`the bundle lacks the guards [${missingGuards}] (src/guards.ts, exported from src/main.ts)`);
// Any other export would never become a global: declare it in a registry instead.
const REGISTRIES = ['entryPoints', 'serverEntryPoints'];
const strays = probe.__exports.filter((n) => !REGISTRIES.includes(n) && !GUARDS.includes(n));
if (strays.length) fail(`src/main.ts exports [${strays}], which no wrapper calls: declare them in custom-functions/registry.ts or server-functions.ts`);
const table = probe.__entryPoints;
if (!table || typeof table !== 'object') fail('src/main.ts must export the entry-point registry as `entryPoints`');
const server = probe.__server ?? {};
if (typeof server !== 'object') fail("src/main.ts: serverEntryPoints() must return the server functions' registry");
const twice = Object.keys(server).filter((name) => name in table);
if (twice.length) fail(`entry points [${twice}] are declared twice (a custom function and a server function)`);
// `at`: the wrapper's path to its entry (__ep, the custom functions' table; __sv(), the server functions').
const listed = (registry, at) =>
  Object.entries(registry).map(([name, e]) => ({ name, params: [...e.params], doc: [...e.doc], guard: e.guard, run: e.run, at }));
const entryPoints = [...listed(table, '__ep'), ...listed(server, '__sv()')];
// A server function without a known guard kind would be callable from a cell: refuse to build.
const kinds = ['custom', 'sidebar', 'trigger', 'open', 'callback'];
const identifier = /^[A-Za-z$][\w$]*$/;
for (const e of entryPoints) {
  if (!identifier.test(e.name) || e.name.endsWith('_')) fail(`entry point "${e.name}": not a public global name (letters, digits, _; not ending in _)`);
  if (!kinds.includes(e.guard)) fail(`entry point ${e.name}: guard "${e.guard}" is none of [${kinds}]`);
  if (typeof e.run !== 'function') fail(`entry point ${e.name}: run is not a function`);
  if (!e.params.every((p) => identifier.test(p))) fail(`entry point ${e.name}: params [${e.params}] are not all identifiers`);
  if (e.guard === 'trigger' && e.params.length === 0) fail(`entry point ${e.name}: a trigger guard needs the event parameter`);
  if (e.guard === 'custom' && !e.doc.includes('@customfunction')) fail(`custom function ${e.name}: its JSDoc lacks @customfunction`);
  if (e.doc.some((line) => line.includes('*/'))) fail(`entry point ${e.name}: its JSDoc contains "*/"`);
}

// Custom functions keep their JSDoc (Sheets reads it for autocomplete and help); the other entry points are one line
// each: Apps Script only needs them to be global functions, and the bundle has a size budget (270 KB, issue 32).
// Only a custom function's parameter names are seen (Sheets shows them); the others take one letter each.
const wrappers = entryPoints
  .map((e) => {
    // The guard (src/guards.ts) runs inside `run`, first (src/entry-points.ts mergeEntryPoints).
    if (e.guard !== 'custom') {
      const params = e.params.map((_, i) => String.fromCharCode(97 + i)).join(',');
      return `function ${e.name}(${params}){return ${e.at}.${e.name}.run(${params})}`;
    }
    const params = e.params.join(', ');
    const body = `function ${e.name}(${params}) { return ${e.at}.${e.name}.run(${params}); }`;
    return `${['/**', ...e.doc.map((line) => ` * ${line}`), ' */'].join('\n')}\n${body}\n`;
  })
  .join('\n');

const banner = '// Generated by apps-script/build.mjs from apps-script/src. Do not edit: edit the sources and rebuild.\n';
mkdirSync(dist, { recursive: true });
const formsJson = await operationFormsJson(here);
const descriptions = JSON.parse(formsJson).flatMap((g) => g.operations.map((o) => o.description));
// The catalogue's descriptions and the custom functions' summaries and return lines go with their keys; the parameter
// texts (arguments of param()) are blanked.
const slim = withoutTexts(
  code,
  [...entryPoints.filter((e) => e.guard === 'custom').flatMap((e) => docTexts(e.doc)), ...descriptions],
  ['description', 'summary', 'returns'],
);
// The bundle without the texts it never reads (scripts/bundling/doc-texts.mjs) must still define every entry point.
const check = vm.createContext({});
vm.runInContext(`${slim}\nthis.__names = [...Object.keys(__addon.entryPoints), ...Object.keys(__addon.serverEntryPoints?.() ?? {})];`, check);
if (check.__names.join() !== entryPoints.map((e) => e.name).join()) fail('blanking the JSDoc texts in the bundle changed its entry points');
// The first thing an execution runs (after the strict-mode directive): a custom function's 30 s count from about then
// (src/custom-functions/answer.ts).
const stamped = slim.replace(/^("use strict";)?/, '$1var __pdsLoadedAt=Date.now();');
// One short name for each table the wrappers forward to (global vars, not functions: Apps Script lists only functions).
const tables = `var __ep = __addon.entryPoints;${Object.keys(server).length ? '\nvar __sv = __addon.serverEntryPoints;' : ''}`;
const codeJs = `${banner}${stamped}\n${tables}\n${wrappers}`;
writeFileSync(join(dist, 'Code.js'), codeJs);
writeFileSync(join(dist, 'Sidebar.html'), withOperationForms(readFileSync(join(here, 'Sidebar.html'), 'utf8'), formsJson));

// urlFetchWhitelist: the service's https hosts, from PDS_URL_WHITELIST (comma-separated) or url-whitelist.json.
const manifest = JSON.parse(readFileSync(join(here, 'appsscript.json'), 'utf8'));
const listFile = join(here, 'url-whitelist.json');
const whitelist = process.env.PDS_URL_WHITELIST
  ? process.env.PDS_URL_WHITELIST.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  : existsSync(listFile)
    ? JSON.parse(readFileSync(listFile, 'utf8'))
    : [];
const bad = whitelist.filter((u) => !/^https:\/\/[^/]+\//.test(u));
if (bad.length) {
  console.error(`urlFetchWhitelist entries must look like https://host/ : ${bad.join(', ')}`);
  process.exit(1);
}
if (whitelist.length) manifest.urlFetchWhitelist = whitelist;
else if (deploy) {
  console.error(
    'No urlFetchWhitelist: set PDS_URL_WHITELIST="https://api.example.com/,https://auth.example.com/" or write apps-script/url-whitelist.json ' +
      '(see apps-script/README.md).',
  );
  process.exit(1);
}
writeFileSync(join(dist, 'appsscript.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const hosts = whitelist.length ? `, ${whitelist.length} whitelisted hosts` : '';
console.log(`${relative(process.cwd(), dist) || '.'}: Code.js ${(Buffer.byteLength(codeJs) / 1024).toFixed(0)} KB, ${entryPoints.length} entry points${hosts}`);
