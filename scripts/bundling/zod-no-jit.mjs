// An esbuild plugin for the Apps Script bundle: zod's object fast path (`$ZodObjectJIT`) left out. That fast path
// writes each object schema's parser as source text and compiles it with `new Function`, about 3.3 KB minified with
// its code writer (core/doc.js); the interpreted parser it falls back to (`$ZodObject`, what zod runs wherever eval
// is refused or `jitless` is set) gives the same values and issues. The add-on parses small answers, once per call,
// and loads the whole bundle on every call (issue 13's 300 KB budget), so the bytes cost more than the fast path saves.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const START = 'export const $ZodObjectJIT = ';
// The declaration that follows $ZodObjectJIT's in zod's core/schemas.js.
const NEXT = '\nfunction handleUnionResults(';

/** zod's core/schemas.js with $ZodObjectJIT declared as the interpreted $ZodObject; throws if zod's layout changed. */
export function withoutObjectJit(source) {
  const start = source.indexOf(START);
  const next = source.indexOf(NEXT, start);
  if (start < 0 || next < 0 || source.indexOf(START, start + 1) >= 0)
    throw new Error('zod-no-jit: zod/v4/core/schemas.js no longer declares $ZodObjectJIT before handleUnionResults; update scripts/bundling/zod-no-jit.mjs');
  return `${source.slice(0, start)}export const $ZodObjectJIT = $ZodObject;\n${source.slice(next)}`;
}

export function zodNoJit() {
  return {
    name: 'zod-no-jit',
    setup(build) {
      // zod's own core/schemas.js only (real path, as esbuild resolves it).
      const schemas = join(dirname(createRequire(import.meta.url).resolve('zod/v4/core')), 'schemas.js');
      build.onLoad({ filter: /schemas\.js$/ }, ({ path }) => {
        if (path !== schemas) return undefined;
        return { contents: withoutObjectJit(readFileSync(path, 'utf8')), loader: 'js' };
      });
    },
  };
}
