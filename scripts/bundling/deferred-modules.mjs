// Code.js without the code an execution does not call (issue 32, cold load). Every execution of the add-on (each
// custom function's cell, each sidebar call, each trigger run) compiles the whole file, and V8's compile time grows with
// its size. A cell needs only the custom functions; about a third of the bundle is reachable only from the server
// functions (sidebar panels, imports, enrichment, research jobs, triggers). Those modules are kept here as one text,
// compiled by a direct `eval` the first time a server function is called: a cell never compiles them.
//
// Two steps around the minifier, so that the deferred code and the rest are minified as one program (the same short
// names on both sides of the boundary, no list of imports and exports between them):
// 1. `deferModules`, on esbuild's output before minifying: moves each deferred module's code (esbuild marks each
//    module with a `// path` line) into one function, called once on first use, in the place of the one binding the
//    rest of the bundle reads from the deferred side.
// 2. `evalDeferred`, after minifying: writes that function as `eval('(function(){...})')`. A direct eval compiles its
//    text in the scope where it is called, so the deferred code reaches the bundle's names exactly as before.
// Apps Script's V8 allows eval (the harness's vm context too: codeGeneration.strings). No dependency's source is edited.
import { parseSync } from '@swc/core';

/** The call that marks the deferred function through the minifier (an undeclared global's call is never dropped). */
const MARK = '__pdsDeferredModules';

/** esbuild's line that starts a module's code in a whitespace-preserving IIFE bundle. */
const MODULE_LINE = /^ {2}\/\/ (\S+)$/;

/**
 * Which modules only `deferredModule` reaches: esbuild's metafile import graph, walked from the entry without entering
 * `deferredModule`. Returns the deferred paths (metafile keys), `deferredModule` among them.
 */
export function deferredPaths(metafile, entry, deferredModule) {
  const eager = new Set();
  const stack = [entry];
  while (stack.length) {
    const path = stack.pop();
    if (eager.has(path) || path === deferredModule) continue;
    eager.add(path);
    for (const imported of metafile.inputs[path]?.imports ?? []) if (!imported.external) stack.push(imported.path);
  }
  return Object.keys(metafile.inputs).filter((path) => !eager.has(path));
}

/**
 * esbuild's IIFE text (not whitespace-minified) with the deferred modules' code moved into one function, and the one
 * read of `binding` (the deferred module's export the rest uses) replaced by that function's call. Unchanged, with
 * `deferred: []`, when the bundle has no `deferredModule` (a test's own entry).
 */
export function deferModules(text, metafile, { entry, deferredModule, binding }) {
  if (!metafile.inputs[deferredModule]) return { code: text, deferred: [] };
  const deferred = new Set(deferredPaths(metafile, entry, deferredModule));
  const lines = text.split('\n');
  const returnLine = lines.findLastIndex((line) => /^ {2}return /.test(line));
  if (returnLine < 0) throw new Error('deferred-modules: no `return` of the bundle found');
  const kept = [];
  const moved = [];
  let into = kept;
  let at = -1;
  for (let i = 0; i < lines.length; i++) {
    if (i === returnLine) [into, at] = [kept, kept.length];
    const module = MODULE_LINE.exec(lines[i]);
    if (module && metafile.inputs[module[1]]) into = deferred.has(module[1]) ? moved : kept;
    into.push(lines[i]);
  }
  if (!moved.length) throw new Error(`deferred-modules: esbuild's text marks none of the ${deferred.size} deferred modules`);
  if (!moved.some((line) => line.startsWith(`  var ${binding} =`))) throw new Error(`deferred-modules: no \`var ${binding}\` among the deferred modules`);
  // The one place the rest of the bundle reads the deferred side.
  const read = new RegExp(`(?<![\\w$.])${binding}(?![\\w$:])`, 'g');
  const reads = kept.join('\n').match(read)?.length ?? 0;
  if (reads !== 1) throw new Error(`deferred-modules: expected one read of ${binding} outside the deferred modules, found ${reads}`);
  // The deferred function goes right before the bundle's `return`.
  const rest = [...kept.slice(0, at).map((line) => line.replace(read, `${MARK}Now()`)), ...deferredFunction(moved, binding), ...kept.slice(at)];
  return { code: rest.join('\n'), deferred: [...deferred] };
}

/**
 * The function that holds the deferred modules, run once. It is handed to a call of an undeclared global (MARK): the
 * minifier cannot know what that call does with it, so it keeps it one function and leaves its body in it.
 */
function deferredFunction(moved, binding) {
  return [
    `  var ${MARK}Value;`,
    `  function ${MARK}Now() {`,
    `    return ${MARK}Value || (${MARK}Value = ${MARK}(function() {`,
    ...moved,
    `      return ${binding};`,
    `    })());`,
    `  }`,
  ];
}

/** A string literal of `text` for a script (single quotes; backslashes, quotes and line ends escaped). */
const literal = (text) =>
  `'${text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`;

/**
 * The minified code with the marked call (`__pdsDeferredModules(function(){...})`) written as
 * `eval('(function(){...})')`. `transform` may rewrite the function's text first (the build runs the same arrow pass
 * on it as on the bundle). Returns the code and the deferred function's text.
 */
export function evalDeferred(code, transform = (fn) => fn) {
  const module = parseSync(code, { syntax: 'ecmascript', target: 'es2020' });
  // swc's spans are byte offsets where the file starts at its first token.
  const bytes = Buffer.from(code);
  const base = module.span.start - Buffer.byteLength(/^\s*/.exec(code)[0]);
  const text = (from, to) => bytes.subarray(from - base, to - base).toString('utf8');
  const marks = [];
  const visit = (node) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    if (node.type === 'CallExpression' && node.callee?.type === 'Identifier' && node.callee.value === MARK) marks.push(node);
    for (const key in node) if (key !== 'span') visit(node[key]);
  };
  visit(module);
  const [call] = marks;
  const fn = call?.arguments.length === 1 ? call.arguments[0].expression : null;
  if (marks.length !== 1 || fn?.type !== 'FunctionExpression') throw new Error(`deferred-modules: expected one ${MARK}(function(){...}) in the minified code`);
  const deferred = transform(`(${text(fn.span.start, fn.span.end)})`);
  return { code: `${text(base, call.span.start)}eval(${literal(deferred)})${text(call.span.end, base + bytes.length)}`, deferred };
}
