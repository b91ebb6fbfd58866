// Why Code.js took 18–25 ms to compile (issue 32): V8 preparses a function nested in another function (only its
// syntax is checked; it is compiled when first called), but not an arrow function. An arrow is preparsed only at a
// script's top level; nested in a function it is parsed whole when the script is compiled (V8's parser,
// Scope::AllowsLazyParsingWithoutUnresolvedVariables). Everything in the bundle sits inside esbuild's IIFE, so its
// ~500 module-level arrows (`const f = (a) => ...`, zod's initializers passed to $constructor, the tables' entries)
// were all parsed in full on every execution: with them written as function expressions the same bundle compiles in
// about half the time. This pass rewrites those arrows, and only those that behave the same as a function expression
// (no this, arguments, super or new.target of their own); it reads the whole bundle and edits no dependency's source.
import ts from 'typescript';

/** An arrow whose body is shorter stays an arrow: measured with bench/bundles.ts, rewriting the short ones too saved
 * no compile time, and cost bytes (the bundle's export getters alone are ~300 `()=>x`). */
export const MIN_BODY_CHARS = 40;

const isFunctionBoundary = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isPropertyDeclaration(node) ||
  ts.isClassStaticBlockDeclaration(node);

/** Whether an arrow reads the this, arguments, super or new.target of the function around it (its own nested arrows
 * included; a nested function or class member has its own, but a computed member name is evaluated outside it). */
function usesEnclosingBindings(arrow) {
  let found = false;
  const visit = (node) => {
    if (found) return;
    if (
      node.kind === ts.SyntaxKind.ThisKeyword ||
      node.kind === ts.SyntaxKind.SuperKeyword ||
      ts.isMetaProperty(node) ||
      (ts.isIdentifier(node) && node.text === 'arguments')
    ) {
      found = true;
      return;
    }
    if (node !== arrow && isFunctionBoundary(node)) {
      if (node.name && ts.isComputedPropertyName(node.name)) visit(node.name);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(arrow);
  return found;
}

/** The function expression for an arrow: the same parameters and body (an expression body is returned). */
function asFunctionExpression(arrow, source) {
  const isAsync = (arrow.modifiers ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
  const params = arrow.parameters.map((p) => p.getText(source)).join(',');
  let body = arrow.body.getText(source);
  if (!ts.isBlock(arrow.body)) body = `{return${/^[\w$\\]/.test(body) ? ' ' : ''}${body}}`;
  return `${isAsync ? 'async ' : ''}function(${params})${body}`;
}

/** The IIFE esbuild wraps the bundle in: the outermost function whose body is most of the file. */
function bundleFunction(source) {
  let found = null;
  const visit = (node) => {
    if (found) return;
    if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isBlock(node.body) && node.body.getWidth(source) > source.text.length / 2) {
      found = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Code.js with each arrow function directly in the bundle's scope (not inside another function) whose body has at
 * least `minBodyChars` characters written as a function expression, where that changes nothing but how V8 parses it.
 * Returns the code and how many arrows were rewritten.
 */
export function functionsForBundleArrows(code, { minBodyChars = MIN_BODY_CHARS } = {}) {
  const source = ts.createSourceFile('Code.js', code, ts.ScriptTarget.ES2020, true, ts.ScriptKind.JS);
  const bundle = bundleFunction(source);
  if (!bundle) throw new Error('bundle-scope-arrows: no bundle function found in the code');
  const edits = [];
  const visit = (node) => {
    if (ts.isArrowFunction(node)) {
      if (node.body.getWidth(source) >= minBodyChars && !usesEnclosingBindings(node)) {
        edits.push({ start: node.getStart(source), end: node.getEnd(), text: asFunctionExpression(node, source) });
      }
      return; // what is inside an arrow is inside a function: V8 preparses it with the function
    }
    if (isFunctionBoundary(node)) return;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(bundle.body, visit);
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { code: out, rewritten: edits.length };
}
