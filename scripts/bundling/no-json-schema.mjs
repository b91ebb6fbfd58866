// An esbuild plugin for the Apps Script bundle: zod's JSON Schema conversion left out. zod's classic schemas import it
// (each schema type names its converter), so esbuild keeps about 18 KB of it minified, though the add-on never converts
// a schema to JSON Schema (the n8n node does, for its fields: its build keeps it). Each name the two modules export
// becomes a function that throws, saying so, if anything ever called it; parsing and checking do not touch them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, sep } from 'node:path';

const MODULES = /(^|\/)(json-schema-processors|to-json-schema)\.js$/;
const MESSAGE = 'zod JSON Schema conversion is not part of the Apps Script bundle (scripts/bundling/no-json-schema.mjs)';
// Called while a schema is built (`~standard`), returning the converter: these return the throwing function instead.
const FACTORIES = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);

/** The names an ES module exports (`export function f`, `export const c`, `export { a as b }`). */
function exportedNames(source) {
  const names = new Set();
  for (const m of source.matchAll(/^export (?:async )?(?:function\*?|const|let|var|class) ([\w$]+)/gm)) names.add(m[1]);
  for (const m of source.matchAll(/^export \{([^}]*)\}/gm))
    for (const part of m[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  return [...names];
}

export function noJsonSchema() {
  return {
    name: 'no-json-schema',
    setup(build) {
      // zod's own core folder only (real path, as esbuild resolves it).
      const zodCore = dirname(createRequire(import.meta.url).resolve('zod/v4/core')) + sep;
      build.onLoad({ filter: MODULES }, ({ path }) => {
        if (!path.startsWith(zodCore)) return undefined;
        const lines = exportedNames(readFileSync(path, 'utf8')).map((name) =>
          FACTORIES.has(name) ? `export const ${name} = () => unavailable;` : `export const ${name} = unavailable;`,
        );
        return { contents: `const unavailable = () => { throw new Error(${JSON.stringify(MESSAGE)}); };\n${lines.join('\n')}\n`, loader: 'js' };
      });
    },
  };
}
