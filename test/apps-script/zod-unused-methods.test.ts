/**
 * The Apps Script bundle leaves out the zod schema methods no source calls (scripts/bundling/zod-unused-methods.mjs):
 * Code.js carries no string format the add-on never names (JWT, KSUID, CUID2, IPv6, …) and no encode/decode, while
 * every schema built the way the sources build them gives the same values and issues as with zod whole. The build
 * refuses a source that calls a left-out method, and a zod whose layout changed.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import vm from 'node:vm';
import { addOnBuild } from './setup';
import { pluginPath, runModule, zodContext } from './zod-bundle';

const PLUGIN = pluginPath('zod-unused-methods.mjs');

type Run = (expression: string, input?: unknown) => unknown;

/** A bundle of zod (`import * as z`, as the add-on's build writes it) that evaluates `expression` with `z` and `input` in scope. */
function zodBundle(slim: boolean): Run {
  const context = zodContext(slim ? ['zod-unused-methods.mjs', 'zodUnusedMethods'] : null);
  return (expression, input) => {
    context.__input = JSON.parse(JSON.stringify(input ?? null));
    return JSON.parse(JSON.stringify(vm.runInContext(`(() => { const z = __zod.z; const input = __input; return (${expression}); })()`, context)) ?? null);
  };
}

// Schemas written with the methods the sources call (shared/, apps-script/src).
const SCHEMAS = [
  `z.string().trim().min(2).max(5)`,
  `z.string({ message: 'must be asc or desc' }).trim().toLowerCase().pipe(z.enum(['asc', 'desc']))`,
  `z.string().regex(/^[a-z]+$/, 'letters only').includes('a')`,
  `z.email()`,
  `z.iso.datetime({ offset: true })`,
  `z.iso.date()`,
  `z.number().int().min(1).max(100)`,
  `z.int().nullish()`,
  `z.union([z.string(), z.number()]).or(z.boolean()).catch('fallback')`,
  `z.strictObject({ a: z.string(), b: z.number().optional(), c: z.enum(['x', 'y']).default('x') })`,
  `z.looseObject({ a: z.string().nullable(), tags: z.array(z.string().min(1)).max(2) })`,
  `z.record(z.string(), z.number())`,
  `z.discriminatedUnion('k', [z.object({ k: z.literal('a'), v: z.string() }), z.object({ k: z.literal('b'), v: z.number() })])`,
  `z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(z.string()))`,
  `z.string().transform((s) => s.length).pipe(z.number().max(3))`,
  `z.object({ a: z.number(), b: z.number() }).refine((o) => o.a < o.b, { message: 'a must be below b' })`,
  `z.object({ a: z.number() }).superRefine((o, ctx) => { if (o.a > 1) ctx.addIssue({ code: 'custom', message: 'too big', path: ['a'] }); })`,
  `z.object({ a: z.string().optional() }).overwrite((o) => (o.a === '' ? {} : o))`,
  `z.string().meta({ title: 'T' }).describe('D')`,
  `z.unknown().array()`,
  `z.object({ a: z.string() }).extend({ b: z.number().optional() }).partial()`,
  `z.array(z.number().int().min(0)).min(1).max(3)`,
];
const INPUTS: unknown[] = [
  'ab',
  ' Asc ',
  'abc',
  'a@b.co',
  '2024-01-02T03:04:05+01:00',
  '2024-01-02',
  7,
  3.5,
  null,
  true,
  ['x', ''],
  { a: 'x', b: 2, c: 'y' },
  { a: null, tags: ['t'], extra: 1 },
  { k: 'b', v: 1 },
  { a: 1, b: 2 },
  { a: 3 },
  { a: '' },
  'x,y',
  'toolong',
  [],
  {},
];

test('without the unused methods, the schemas the sources write give the same values and issues as with zod whole', () => {
  const [whole, slim] = [zodBundle(false), zodBundle(true)];
  let successes = 0;
  for (const schema of SCHEMAS)
    for (const input of INPUTS) {
      const result = slim(`${schema}.safeParse(input)`, input) as { success: boolean };
      expect(result).toEqual(whole(`${schema}.safeParse(input)`, input));
      if (result.success) successes += 1;
    }
  // Both outcomes are reached, and parse() throws the same message.
  expect(successes).toBeGreaterThan(20);
  expect(successes).toBeLessThan(SCHEMAS.length * INPUTS.length - 20);
  const thrown = `(() => { try { z.email().parse('no'); } catch (e) { return e.message; } })()`;
  expect(slim(thrown)).toEqual(whole(thrown));
  // What is left out is gone from the prototypes, and only that.
  const methods = `['email', 'uuid', 'ipv6', 'datetime', 'encode', 'safeDecodeAsync', 'brand', 'slugify', 'min', 'trim', 'toLowerCase', 'refine', 'meta'].filter((m) => typeof z.string()[m] === 'function')`;
  expect(whole(methods)).toHaveLength(13);
  expect(slim(methods)).toEqual(['min', 'trim', 'toLowerCase', 'refine', 'meta']);
  const others = `[[z.number(), ['positive', 'multipleOf', 'min', 'int']], [z.array(z.string()), ['nonempty', 'min']], [z.object({}), ['pick', 'strict', 'extend', 'partial']]].flatMap(([schema, names]) => names.filter((m) => typeof schema[m] === 'function'))`;
  expect(whole(others)).toHaveLength(10);
  expect(slim(others)).toEqual(['min', 'int', 'min', 'extend', 'partial']);
  const iso = `['datetime', 'date', 'time', 'duration'].filter((f) => typeof z.iso[f] === 'function')`;
  expect(whole(iso)).toHaveLength(4);
  expect(slim(iso)).toEqual(['datetime', 'date']);
}, 60_000);

test('Code.js carries none of the string formats and methods left out', () => {
  const { code } = addOnBuild();
  // zod's class names (kept as strings) and the KSUID regex, each of which only a left-out method reaches.
  // zod's util helpers nothing calls (hex decoding, merge), which esbuild kept while util was reached as one object.
  for (const text of ['Invalid hex string length', 'Invalid input to merge', 'BIGINT_FORMAT_RANGES']) expect(code).not.toContain(text);
  for (const text of [
    'ZodKSUID',
    'ZodJWT',
    'ZodCUID2',
    '"ZodIPv6"',
    'ZodBase64URL',
    'ZodE164',
    'ZodISOTime',
    'ZodISODuration',
    'A-Za-z0-9]{27}',
    'safeDecodeAsync',
  ])
    expect(code).not.toContain(text);
  // The formats the sources use stay.
  expect(code).toContain('ZodEmail');
  expect(code).toContain('ZodISODateTime');
});

test('the build refuses a source calling a left-out method, and a zod whose layout changed', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zod-unused-'));
  fs.writeFileSync(path.join(dir, 'a.ts'), 'const s = z.string().uuid();\nconst e = z.email();\nconst d = z.iso.date();\nconst t = z.iso.time();\n');
  const checked = runModule(`
    import { readFileSync } from 'node:fs';
    import { createRequire } from 'node:module';
    import { callsOfUnusedMethods, withDirectUtil, withoutUnusedIso, withoutUnusedMethods } from ${PLUGIN};
    const file = createRequire(process.cwd() + '/').resolve('zod/v4/core').replace(/core[\\\\/]index\\.c?js$/, 'classic/schemas.js');
    const source = readFileSync(file, 'utf8');
    const refused = (build) => { try { build(); return ''; } catch (e) { return e.message; } };
    const refusal = (text) => refused(() => withoutUnusedMethods(text));
    process.stdout.write(JSON.stringify({
      calls: callsOfUnusedMethods([${JSON.stringify(dir)}]).map((c) => c.replace(/^.*: /, '')),
      sources: callsOfUnusedMethods(),
      moved: refusal(source.replace('    uuidv7(params) {', '    uuidV7(params) {')),
      twice: refusal(source.replace('    jwt(params) {', '    jwt(params) {\\n        return 1;\\n    },\\n    jwt(params) {')),
      kept: withoutUnusedMethods(source).includes('    trim() {'),
      util: refused(() => withDirectUtil(source.replace('core.util.constantCatch(', 'core.util.constantCatch2('))),
      direct: withDirectUtil(source).includes('import * as util from "../core/util.js";'),
      iso: refused(() => withoutUnusedIso(readFileSync(file.replace(/schemas\\.js$/, 'iso.js'), 'utf8').replace('ZodISOTime, params', 'ZodISOTime, p'))),
    }));`);
  expect(JSON.parse(checked)).toEqual({
    calls: ['.uuid(', 'iso.time'],
    sources: [],
    moved: expect.stringMatching(/ZodString\.uuidv7 .*zod-unused-methods/),
    twice: expect.stringMatching(/ZodString\.jwt /),
    kept: true,
    util: expect.stringMatching(/core\.util\.constantCatch\(.*zod-unused-methods/),
    direct: true,
    iso: expect.stringMatching(/iso\.js no longer has[\s\S]*ZodISOTime[\s\S]*zod-unused-methods\.mjs/),
  });
});
