/**
 * A Sheets custom function is declared once (custom-functions/registry.ts) and the build generates its global from
 * that declaration: every registry entry is a top-level function with its JSDoc in the bundle, a declaration added
 * elsewhere is picked up with nothing else to edit, and an export that is not declared fails the build (the old
 * failure mode, a function dropped from the bundle while the build passed, cannot happen).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import vm from 'node:vm';
import { createHarness } from '../apps-script-harness';
import { entryPoints as declared } from '../../apps-script/src/main';
import { ROOT } from './setup';

const SRC = path.join(ROOT, 'apps-script', 'src');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pds-entry-points-'));

interface Entry {
  params: string[];
  doc: string[];
  guard: string;
}

/** Runs the real build into a fresh directory; returns Code.js, or the build's error output when it refuses. */
function build(entry?: string): { code: string } | { error: string } {
  const out = fs.mkdtempSync(path.join(tmp, 'dist-'));
  const args = [path.join(ROOT, 'apps-script', 'build.mjs'), '--out', out, ...(entry ? ['--entry', entry] : [])];
  try {
    execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'pipe' });
  } catch (e) {
    return { error: String((e as { stderr?: Buffer }).stderr ?? e) };
  }
  return { code: fs.readFileSync(path.join(out, 'Code.js'), 'utf8') };
}

function built(entry?: string): string {
  const result = build(entry);
  if ('error' in result) throw new Error(result.error);
  return result.code;
}

/**
 * Loads Code.js as Apps Script does (a classic script) and returns its globals and the registries it carries: the
 * custom functions' (`entryPoints`) and the server functions' (`serverEntryPoints()`, built from the deferred code).
 */
function load(code: string): { globals: Record<string, unknown>; registry: Record<string, Entry>; at: Record<string, string> } {
  const context = vm.createContext({});
  vm.runInContext(code, context);
  const custom = vm.runInContext('__addon.entryPoints', context) as Record<string, Entry>;
  const server = vm.runInContext('__addon.serverEntryPoints?.() ?? {}', context) as Record<string, Entry>;
  // The table each wrapper forwards to: __ep (loaded with the bundle) or __sv() (built on the first call of one).
  const at = Object.fromEntries([...Object.keys(custom).map((n) => [n, '__ep']), ...Object.keys(server).map((n) => [n, '__sv()'])]);
  return { globals: context as Record<string, unknown>, registry: { ...custom, ...server }, at };
}

/** The JSDoc block right above `function NAME(` in the bundle text, as body lines. */
function jsDocOf(code: string, name: string): string[] | null {
  const match = new RegExp(`/\\*\\*\\n((?: \\*.*\\n)*) \\*/\\nfunction ${name}\\(`).exec(code);
  return match
    ? match[1]
        .split('\n')
        .filter(Boolean)
        .map((line) => line.replace(/^ \* /, ''))
    : null;
}

/** A throwaway entry file: the real registries plus `extra` (TypeScript source), bundled by the real build. */
function entryWith(name: string, body: string): string {
  const file = path.join(tmp, `${name}.ts`);
  fs.writeFileSync(file, body.split('@src').join(SRC.split(path.sep).join('/')));
  return file;
}

let real: string;
beforeAll(() => {
  real = built();
}, 120_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

test('every declared entry point is a top-level function of the bundle, with its JSDoc, forwarding to its declaration', () => {
  const { globals, registry, at } = load(real);
  const names = Object.keys(registry);
  expect(names.length).toBeGreaterThan(40);
  for (const name of names) {
    const entry = registry[name];
    expect(typeof globals[name]).toBe('function');
    expect((globals[name] as (...a: unknown[]) => unknown).length).toBe(entry.params.length);
    // Sheets reads a custom function's JSDoc (autocomplete, help); the other entry points only need to be globals.
    // Compared with the source declaration: the bundle's own copy of the texts is blanked (build.mjs, doc-texts.mjs).
    if (entry.guard === 'custom') expect(jsDocOf(real, name)).toEqual([...declared[name].doc]);
    // It forwards its own parameters, all of them, in order (named as declared for custom functions, a letter each else).
    const [, own, forwarded] = /^function \w+\(([^)]*)\)\s*\{\s*return (?:__ep|__sv\(\))\.(?:\w+)\.run\(([^)]*)\);?\s*\}$/.exec(String(globals[name]))!;
    expect(String(globals[name])).toContain(`return ${at[name]}.${name}.run(`);
    expect(forwarded).toBe(own);
    if (entry.guard === 'custom') expect(own).toBe(entry.params.join(', '));
    else expect(own.split(',').filter(Boolean)).toHaveLength(entry.params.length);
  }
  // Sheets lists exactly the declared custom functions, each with one @param per parameter, in order.
  const custom = names.filter((n) => registry[n].guard === 'custom');
  expect(custom).toEqual(expect.arrayContaining(['PDS_SEARCH_CONTACTS', 'PDS_CREDITS', 'PDS_LOOKUP_COMPANY']));
  const listed = [...real.matchAll(/@customfunction\n \*\/\nfunction (\w+)\(/g)].map((m) => m[1]);
  expect(listed).toEqual(custom);
  for (const name of custom) {
    const params = jsDocOf(real, name)!
      .filter((l) => l.startsWith('@param'))
      .map((l) => /^@param \{[^}]+\} (\w+) /.exec(l)?.[1]);
    expect(params).toEqual(registry[name].params);
  }
}, 60_000);

test("the README's table names exactly the declared custom functions", () => {
  const { registry } = load(real);
  const readme = fs.readFileSync(path.join(ROOT, 'apps-script', 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('| Custom function'), readme.indexOf('Every result is 2D'));
  const named = new Set([...table.matchAll(/`(PDS_\w+)\(/g)].map((m) => m[1]));
  expect([...named].sort()).toEqual(
    Object.keys(registry)
      .filter((n) => registry[n].guard === 'custom')
      .sort(),
  );
});

test('a custom function declared in one place becomes a Sheets function with nothing else to edit, and runs its body', async () => {
  const entry = entryWith(
    'throwaway',
    `import { customFunctions } from '@src/custom-functions/registry';
import { customFunction, customFunctionsOf, param } from '@src/custom-functions/define';
import { mergeEntryPoints } from '@src/entry-points';
import { serverFunctions } from '@src/server-functions';
const throwaway = customFunctionsOf({
  PDS_THROWAWAY_ECHO: customFunction({
    summary: 'Echoes its argument (a test declaration).',
    params: [param('text', 'string', 'Any text.')],
    returns: 'The text under a header.',
    body: (_a, text) => [['echo'], [String(text)]],
  }),
});
export const entryPoints = mergeEntryPoints(customFunctions, throwaway, serverFunctions);
export { sidebarOnly_, triggerOnly_ } from '@src/guards';
`,
  );
  const code = built(entry);
  expect(jsDocOf(code, 'PDS_THROWAWAY_ECHO')).toEqual([
    'Echoes its argument (a test declaration).',
    '@param {string} text Any text.',
    '@return The text under a header.',
    '@customfunction',
  ]);
  const h = createHarness({ code, user: 'owner@example.com' });
  try {
    // Connected (a stored key) but the body sends nothing: the cell gets the body's answer through answer().
    h.properties.user().map.set('pds.auth', JSON.stringify({ type: 'apiKey', apiKey: 'test-key' }));
    expect(await h.callCustomFunction('PDS_THROWAWAY_ECHO', 'hello')).toEqual([['echo'], ['hello']]);
    // The real ones are all still there.
    expect(Object.keys(load(code).registry)).toEqual(expect.arrayContaining(Object.keys(load(real).registry)));
  } finally {
    await h.close();
  }
}, 120_000);

test('an export that is not declared fails the build instead of silently never becoming a global', () => {
  const entry = entryWith(
    'stray',
    `export * from '@src/main';
export function PDS_FORGOTTEN(): string[][] {
  return [['never declared']];
}
`,
  );
  const result = build(entry);
  expect(result).toEqual({ error: expect.stringContaining('exports [PDS_FORGOTTEN], which no wrapper calls') });
}, 120_000);

test('a name declared in two registries fails the build rather than one declaration vanishing', () => {
  const entry = entryWith(
    'twice',
    `import { customFunctions } from '@src/custom-functions/registry';
import { mergeEntryPoints } from '@src/entry-points';
import { serverFunctions } from '@src/server-functions';
export const entryPoints = mergeEntryPoints(customFunctions, serverFunctions, { PDS_CREDITS: serverFunctions.showSidebar });
export { sidebarOnly_, triggerOnly_ } from '@src/guards';
`,
  );
  expect(build(entry)).toEqual({ error: expect.stringContaining('entry point PDS_CREDITS is declared twice') });
}, 120_000);
