// Why Code.js took 18–25 ms to compile (issue 32): V8 preparses a function nested in another function (only its
// syntax is checked; it is compiled when first called), but not an arrow function. An arrow is preparsed only at a
// script's top level; nested in a function it is parsed whole when the script is compiled (V8's parser,
// Scope::AllowsLazyParsingWithoutUnresolvedVariables). Everything in the bundle sits inside esbuild's IIFE, so its
// ~500 module-level arrows (`const f = (a) => ...`, zod's initializers passed to $constructor, the tables' entries)
// were all parsed in full on every execution: with them written as function expressions the same bundle compiles in
// about half the time. This pass rewrites those arrows, and only those that behave the same as a function expression
// (no this, arguments, super or new.target of their own); it reads the whole bundle and edits no dependency's source.
import { parseSync } from '@swc/core';

/** An arrow whose body is shorter stays an arrow: rewriting the ~280 short ones too (one-line helpers such as
 * `e=>e.id`) saved no compile time in the same run, and cost 4 KB more (docs/DECISIONS.md). */
export const MIN_BODY_CHARS = 40;

// Nodes (swc's AST) with a this and arguments of their own: what is inside them is not the arrow's concern, except a
// computed member name, evaluated outside the member.
const OWN_BINDINGS = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ClassMethod',
  'PrivateMethod',
  'Constructor',
  'GetterProperty',
  'SetterProperty',
  'MethodProperty',
  'ClassProperty',
  'PrivateProperty',
  'StaticBlock',
]);

/** Calls `visit` on each AST node below `node` (not on `node`); `visit` returns false to skip a node's inside. */
function eachChild(node, visit) {
  for (const key in node) {
    if (key === 'span') continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object') walkFrom(item, visit);
    } else if (value && typeof value === 'object') walkFrom(value, visit);
  }
}
// An arrow's block body: `FunctionBody` in this swc's AST, `BlockStatement` in earlier ones.
const isBlock = (body) => body?.type === 'FunctionBody' || body?.type === 'BlockStatement';

function walkFrom(node, visit) {
  // Array items of swc's AST may be wrappers ({ spread, expression }) without a type of their own.
  if (typeof node.type !== 'string' || visit(node) !== false) eachChild(node, visit);
}

/** Whether an arrow reads the this, arguments, super or new.target of the function around it (its own nested arrows
 * included). */
function usesEnclosingBindings(arrow) {
  let found = false;
  const scan = (node) => {
    if (found) return false;
    if (node.type === 'ThisExpression' || node.type === 'Super' || node.type === 'MetaProperty' || (node.type === 'Identifier' && node.value === 'arguments')) {
      found = true;
      return false;
    }
    if (OWN_BINDINGS.has(node.type)) {
      if (node.key?.type === 'Computed') walkFrom(node.key, scan);
      return false;
    }
    return true;
  };
  eachChild(arrow, scan);
  return found;
}

/**
 * Code.js with each arrow function directly in the bundle's scope (not inside another function) whose body has at
 * least `minBodyChars` characters written as a function expression, where that changes nothing but how V8 parses it.
 * Returns the code and how many arrows were rewritten.
 */
export function functionsForBundleArrows(code, { minBodyChars = MIN_BODY_CHARS } = {}) {
  const module = parseSync(code, { syntax: 'ecmascript', target: 'es2020' });
  // swc's spans are byte offsets into its own source map, where this file starts at the module's first token (0 here).
  const bytes = Buffer.from(code);
  const base = module.span.start - Buffer.byteLength(/^\s*/.exec(code)[0]);
  const text = (from, to) => bytes.subarray(from - base, to - base).toString('utf8');
  // The IIFE esbuild wraps the bundle in: the outermost function whose body is most of the file.
  let bundle = null;
  walkFrom(module, (node) => {
    if (bundle) return false;
    const isFunction = node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';
    if (isFunction && isBlock(node.body) && node.body.span.end - node.body.span.start > bytes.length / 2) bundle = node;
    return !bundle;
  });
  if (!bundle) throw new Error('bundle-scope-arrows: no bundle function found in the code');
  const edits = [];
  eachChild(bundle.body, (node) => {
    if (node.type === 'ArrowFunctionExpression') {
      const body = text(node.body.span.start, node.body.span.end);
      if (body.length >= minBodyChars && !usesEnclosingBindings(node)) {
        // The head as written (`async(e,t)=>`, `e=>`), down to its parameter list.
        let params = text(node.span.start, node.body.span.start).replace(/\s*=>\s*$/, '');
        if (node.async) params = params.replace(/^async\s*/, '');
        if (!params.startsWith('(')) params = `(${params})`;
        const block = isBlock(node.body) ? body : `{return${/^[\w$\\]/.test(body) ? ' ' : ''}${body}}`;
        edits.push({ start: node.span.start - base, end: node.span.end - base, text: `${node.async ? 'async ' : ''}function${params}${block}` });
      }
      return false; // an arrow inside this one is not directly in the bundle's scope
    }
    return !OWN_BINDINGS.has(node.type);
  });
  const parts = [];
  let at = 0;
  for (const edit of edits.sort((a, b) => a.start - b.start)) {
    parts.push(bytes.subarray(at, edit.start).toString('utf8'), edit.text);
    at = edit.end;
  }
  parts.push(bytes.subarray(at).toString('utf8'));
  return { code: parts.join(''), rewritten: edits.length };
}
