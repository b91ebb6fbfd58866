// An esbuild plugin for the Apps Script bundle: the methods of zod's classic schema types that the add-on never calls
// left out. zod installs every method on each type's prototype (z.string() carries email(), uuid(), ipv4(), …, and
// each names its format's schema class, check and regex), so esbuild keeps them all though nothing calls them. Each
// method listed below is cut from zod's classic/schemas.js by its exact text; the methods kept, and all parsing, are
// zod's own, unchanged. The build fails if zod's layout changes (a listed method is not found exactly once) or if a
// source of the bundle calls a listed method (`.email(`, not the `z.email(` function, which stays). It also has
// classic/schemas.js import zod's util directly (withDirectUtil below), and leaves z.iso.time and z.iso.duration out.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The folders whose TypeScript goes into the Apps Script bundle. */
export const SOURCE_DIRS = [join(ROOT, 'shared'), join(ROOT, 'apps-script', 'src')];

/** Per classic schema type (its `export const NAME = … $constructor("NAME"` block), the methods left out. */
export const UNUSED = {
  ZodType: [
    'with',
    'brand',
    'register',
    'exactOptional',
    'nonoptional',
    'and',
    'prefault',
    'readonly',
    'isOptional',
    'isNullable',
    'apply',
    'parseAsync',
    'safeParseAsync',
    'spa',
    'validateAsync',
    'encode',
    'decode',
    'encodeAsync',
    'decodeAsync',
    'safeEncode',
    'safeDecode',
    'safeEncodeAsync',
    'safeDecodeAsync',
    'toJSONSchema',
  ],
  _ZodString: ['length', 'nonempty', 'lowercase', 'uppercase', 'slugify'],
  ZodString: [
    'email',
    'url',
    'jwt',
    'emoji',
    'guid',
    'uuid',
    'uuidv4',
    'uuidv6',
    'uuidv7',
    'nanoid',
    'cuid',
    'cuid2',
    'ulid',
    'base64',
    'base64url',
    'xid',
    'ksuid',
    'ipv4',
    'ipv6',
    'cidrv4',
    'cidrv6',
    'e164',
    'datetime',
    'date',
    'time',
    'duration',
  ],
  ZodNumber: ['gt', 'gte', 'lt', 'lte', 'safe', 'positive', 'nonnegative', 'negative', 'nonpositive', 'multipleOf', 'step', 'finite'],
  ZodArray: ['nonempty', 'length'],
  ZodObject: ['keyof', 'catchall', 'passthrough', 'loose', 'strict', 'strip', 'safeExtend', 'merge', 'pick', 'omit', 'exactPartial', 'required'],
};

/** One method of a prototype object at zod's 4-space indent: `name(…) {`, `async name(…) {`, `get/set name(…) {` or `name: function _n(…) {`, up to its closing `},`. */
function methodPattern(name) {
  return new RegExp(`\\n    (?:async |get |set )?${name}(?:\\(|: (?:async )?function)[^\\n]*\\{\\n[\\s\\S]*?\\n    \\},`, 'g');
}

/** zod's classic/schemas.js without the methods in `unused`; throws if a type or method is not where it was. */
export function withoutUnusedMethods(source, unused = UNUSED) {
  let out = source;
  for (const [type, names] of Object.entries(unused)) {
    const head = `export const ${type} = /*@__PURE__*/ core.$constructor("${type}",`;
    const start = out.indexOf(head);
    const end = out.indexOf('\nexport ', start + head.length);
    if (start < 0 || end < 0 || out.indexOf(head, start + 1) >= 0)
      throw new Error(`zod-unused-methods: zod/v4/classic/schemas.js no longer declares ${type} once; update scripts/bundling/zod-unused-methods.mjs`);
    let block = out.slice(start, end);
    for (const name of names) {
      const found = block.match(methodPattern(name)) ?? [];
      // A getter comes with its setter (`spa`); anything else is one method.
      const expected = found.some((m) => /^\n {4}get /.test(m)) ? 2 : 1;
      if (found.length !== expected)
        throw new Error(`zod-unused-methods: ${type}.${name} is not one method of zod/v4/classic/schemas.js; update scripts/bundling/zod-unused-methods.mjs`);
      block = block.replace(methodPattern(name), '');
    }
    out = out.slice(0, start) + block + out.slice(end);
  }
  return out;
}

// classic/schemas.js reaches zod's util module through core/index.js's `export * as util`, which esbuild cannot
// follow to the functions named, so it keeps all of util (and the names of every helper in it) as one object.
// Imported as the module namespace itself, only the helpers used are kept.
const UTIL_EDITS = [
  ['import { util } from "../core/index.js";', 'import * as util from "../core/util.js";'],
  ['core.util.constantCatch(', 'util.constantCatch('],
];

/** classic/schemas.js importing util directly; throws if a text to edit is not there exactly once. */
export function withDirectUtil(source) {
  return edited(source, UTIL_EDITS, 'schemas.js');
}

// z.iso is one namespace object (classic/external.js `export * as iso`), so esbuild keeps all of classic/iso.js: its
// time() and duration(), which no source calls, are cut, with their schema classes, checks and regexes.
const ISO_EDITS = [
  ['export { ZodISODate, ZodISODateTime, ZodISODuration, ZodISOTime } from "./schemas.js";', 'export { ZodISODate, ZodISODateTime } from "./schemas.js";'],
  ['export function time(params) {\n    return core._isoTime(ZodISOTime, params);\n}\n', ''],
  ['export function duration(params) {\n    return core._isoDuration(ZodISODuration, params);\n}\n', ''],
];
// classic/external.js re-exports the two classes from iso.js: from schemas.js instead, where they are declared.
const EXTERNAL_EDITS = [
  [
    'export { ZodISODateTime, ZodISODate, ZodISOTime, ZodISODuration } from "./iso.js";',
    'export { ZodISODateTime, ZodISODate } from "./iso.js";\nexport { ZodISOTime, ZodISODuration } from "./schemas.js";',
  ],
];
/** The z.iso functions left out. */
export const UNUSED_ISO = ['time', 'duration'];

/** Each `[from, to]` edit made on `source`; throws, naming `file`, if a text to edit is not there exactly once. */
function edited(source, edits, file) {
  let out = source;
  for (const [from, to] of edits) {
    if (out.split(from).length !== 2)
      throw new Error(`zod-unused-methods: zod/v4/classic/${file} no longer has "${from}" once; update scripts/bundling/zod-unused-methods.mjs`);
    out = out.replace(from, to);
  }
  return out;
}

/** classic/iso.js without time() and duration(). */
export function withoutUnusedIso(source) {
  return edited(source, ISO_EDITS, 'iso.js');
}

/** classic/external.js taking ZodISOTime and ZodISODuration from schemas.js. */
export function withIsoClassesFromSchemas(source) {
  return edited(source, EXTERNAL_EDITS, 'external.js');
}

function typeScriptFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

/**
 * `file: .name(` for each call in `dirs` of a method in `unused` (the namespace functions `z.name(` and `z.iso.name(`
 * excepted), and `file: iso.name` for each use of a z.iso function left out.
 */
export function callsOfUnusedMethods(dirs = SOURCE_DIRS, unused = UNUSED) {
  const names = [...new Set(Object.values(unused).flat())];
  const call = new RegExp(`(?<!\\bz|\\bz\\.iso)\\.\\s*(${names.join('|')})\\s*\\(`, 'g');
  const iso = new RegExp(`\\biso\\s*\\.\\s*(${UNUSED_ISO.join('|')})\\b`, 'g');
  const found = [];
  for (const file of dirs.flatMap(typeScriptFiles)) {
    const text = readFileSync(file, 'utf8');
    const at = file.slice(ROOT.length + 1);
    for (const m of text.matchAll(call)) found.push(`${at}: .${m[1]}(`);
    for (const m of text.matchAll(iso)) found.push(`${at}: iso.${m[1]}`);
  }
  return found;
}

export function zodUnusedMethods() {
  return {
    name: 'zod-unused-methods',
    setup(build) {
      const calls = callsOfUnusedMethods();
      if (calls.length)
        throw new Error(
          `zod-unused-methods: the sources call zod methods the bundle leaves out (scripts/bundling/zod-unused-methods.mjs): ${calls.join(', ')}`,
        );
      // zod's own classic/schemas.js, iso.js and external.js only (real paths, as esbuild resolves them).
      const classic = join(dirname(createRequire(import.meta.url).resolve('zod/v4/core')), '..', 'classic');
      const edits = new Map([
        [join(classic, 'schemas.js'), (source) => withDirectUtil(withoutUnusedMethods(source))],
        [join(classic, 'iso.js'), withoutUnusedIso],
        [join(classic, 'external.js'), withIsoClassesFromSchemas],
      ]);
      build.onLoad({ filter: /(schemas|iso|external)\.js$/ }, ({ path }) => {
        const edit = edits.get(path);
        if (!edit) return undefined;
        return { contents: edit(readFileSync(path, 'utf8')), loader: 'js' };
      });
    },
  };
}
