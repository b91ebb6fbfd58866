/**
 * Decoding benchmark (issue 32): `npx tsx bench/decode.ts [--pages 30]`. The add-on's hot answers (a 500-record
 * organization page, a research poll answer, a search page) decoded by `decode` (shared/flow/decode.ts: JSON.parse,
 * the operation's output schema, its result), old against new in one run:
 * - old: the sources at OLD_REF (zod's classic API, built with the build plugins that edited zod's text), taken
 *   from git history and bundled as that commit's apps-script/build.mjs bundled them;
 * - new: the sources as they are, bundled as apps-script/build.mjs bundles them now.
 * Each bundle runs in its own vm context, as Code.js runs in Apps Script. The pages are the published example
 * records repeated to 500 (ids made unique), every fifth record with fields sent in the odd forms the tolerant
 * reading coerces or keeps (numbers as text and back, a date without a zone, a list where text is expected), and the
 * two decodes must give the same records and the same warnings (a row says whether they did).
 * `benchDecode()` returns the rows; run alone, the file prints them and a `BENCH_ROW` line for each (bench/run-all.ts).
 */
import { execFileSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import type { BenchRow } from './bundles';

const ROOT = path.join(__dirname, '..');
/** The last commit whose schemas were zod's classic API and whose add-on build edited zod's sources (issue 32). */
const OLD_REF = 'f9f11ca';
const RECORDS = 500;
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'published', 'responses');
// Bundled into each side: the decoder and the catalogue it decodes for.
const ENTRY = "export { decode } from './shared/flow/decode'; export { operation } from './shared/catalogue';";

interface Decoded {
  data: unknown;
  warnings: string[];
}
interface Decoder {
  decode(op: unknown, response: { status: number; headers: Record<string, string>; body: string }, strict: boolean, request: unknown): Decoded;
  operation(id: string): unknown;
}

/** The add-on's esbuild options (apps-script/build.mjs), minus its output steps. */
async function bundle(dir: string, plugins: esbuild.Plugin[]): Promise<string> {
  const built = await esbuild.build({
    stdin: { contents: ENTRY, resolveDir: dir, sourcefile: 'bench-entry.ts', loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: '__bench',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2020',
    charset: 'utf8',
    minify: true,
    plugins,
    logLevel: 'error',
  });
  return built.outputFiles[0].text;
}

/** The sources at OLD_REF under ROOT/.cache (so zod resolves from the repository's node_modules), bundled with that commit's plugins. */
async function oldBundle(): Promise<string> {
  const dir = path.join(ROOT, '.cache', `bench-decode-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    const archive = execFileSync('git', ['archive', OLD_REF, 'shared', 'apps-script/src', 'scripts/bundling'], { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    const plugin = async (file: string, name: string) =>
      ((await import(pathToFileURL(path.join(dir, 'scripts', 'bundling', file)).href)) as Record<string, () => esbuild.Plugin>)[name]();
    return await bundle(dir, [
      await plugin('zod-namespace.mjs', 'zodNamespace'),
      await plugin('no-json-schema.mjs', 'noJsonSchema'),
      await plugin('zod-no-jit.mjs', 'zodNoJit'),
      await plugin('zod-unused-methods.mjs', 'zodUnusedMethods'),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function load(code: string): Decoder {
  const context = vm.createContext({});
  vm.runInContext(`${code}\nthis.__decoder = __bench;`, context);
  return (context as { __decoder: Decoder }).__decoder;
}

/** Odd forms of a text field, by turn: whole-number text as a number, a number as text, a list, a zone-less time. */
function oddly(value: unknown, turn: number): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return value;
  if (/^\d+$/.test(value)) return Number(value);
  return [value.length, [value], '2026-01-31T10:00:00', 42][turn % 4];
}

/** `records` repeated to RECORDS, ids unique, every fifth record with every seventh field in an odd form. */
function recordsOf(records: Record<string, unknown>[], idField: string): Record<string, unknown>[] {
  return Array.from({ length: RECORDS }, (_, i) => {
    const record: Record<string, unknown> = { ...records[i % records.length], [idField]: String(100000 + i) };
    if (i % 5 === 0) Object.keys(record).forEach((key, k) => k % 7 === 3 && (record[key] = oddly(record[key], i + k)));
    return record;
  });
}

function fixture(file: string): { data: Record<string, unknown>[] } & Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as { data: Record<string, unknown>[] } & Record<string, unknown>;
}

/** The hot answers: operation id and the 500-record body. */
function pages(): { name: string; op: string; body: string }[] {
  const org = fixture('org-contacts-page.json');
  const poll = fixture('contacts-poll-200.json');
  const search = fixture('search-contacts-200.json');
  return [
    { name: 'organization page (GET /contacts)', op: 'orgContacts.list', body: JSON.stringify({ ...org, data: recordsOf(org.data, 'contactId') }) },
    { name: 'research poll answer', op: 'contacts.pollResearch', body: JSON.stringify({ ...poll, data: recordsOf(poll.data, 'requestId') }) },
    { name: 'search page', op: 'contacts.search', body: JSON.stringify({ ...search, data: recordsOf(search.data, 'searchResultId') }) },
  ];
}

/**
 * A decode's records and warnings as text, a key holding undefined included (a dropped key would show): as text
 * because each side's objects come from its own vm context (their prototypes differ).
 */
function comparable(decoded: Decoded): string {
  return JSON.stringify([decoded.data, decoded.warnings], (_key, value: unknown) => (value === undefined ? '(undefined)' : value));
}

const REQUEST = { method: 'GET', url: 'https://api.example.com/v1/bench', headers: {} };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

export async function benchDecode(options: { pages?: number } = {}): Promise<BenchRow[]> {
  const rounds = options.pages ?? 30;
  const sides = { old: load(await oldBundle()), new: load(await bundle(ROOT, [])) };
  const rows: BenchRow[] = [];
  let same = true;
  for (const page of pages()) {
    const response = { status: 200, headers: {}, body: page.body };
    const run = (d: Decoder) => d.decode(d.operation(page.op), response, false, REQUEST);
    const first = { old: run(sides.old), new: run(sides.new) };
    if (comparable(first.old) !== comparable(first.new)) same = false;
    const ms = { old: [] as number[], new: [] as number[] };
    // Turn about, so both sides see the same machine; CPU time, which a busy machine's waits for a core do not add to.
    for (let i = 0; i < rounds; i++)
      for (const side of ['old', 'new'] as const) {
        const start = process.cpuUsage();
        run(sides[side]);
        const used = process.cpuUsage(start);
        ms[side].push((used.user + used.system) / 1000);
      }
    const old = median(ms.old);
    const now = median(ms.new);
    rows.push({
      name: `decode of a ${RECORDS}-record ${page.name}, CPU ms, median of ${rounds}: old (${OLD_REF}) → new`,
      figure: `${old.toFixed(1)} → ${now.toFixed(1)} ms`,
      bound: '≥ 2 × faster',
      ratio: `${(old / now).toFixed(2)} × faster`,
      pass: old / now >= 2,
    });
  }
  rows.push({ name: 'old and new decode to the same records and warnings', figure: same ? 'yes' : 'NO', bound: 'yes', ratio: '-', pass: same });
  return rows;
}

if (require.main === module) {
  const at = process.argv.indexOf('--pages');
  benchDecode({ pages: at > 0 ? Number(process.argv[at + 1]) : 30 }).then(
    (rows) => {
      for (const r of rows) console.log(`${r.name}: ${r.figure} (${r.ratio}; bound ${r.bound})`);
      for (const { name, ...row } of rows) console.log(`BENCH_ROW ${JSON.stringify({ bench: name, ...row })}`);
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
