/**
 * Issue 32, the cold load: V8 parses an arrow function nested in another function in full when the script is
 * compiled (only a function expression or declaration is preparsed), and Code.js is one IIFE, so its module-level
 * arrows were parsed whole on every execution. scripts/bundling/bundle-scope-arrows.mjs writes them as function
 * expressions where that changes nothing else. Here: which arrows it rewrites and which it must leave, that the
 * rewritten code computes the same, and that the built Code.js has no module-level arrow left that it could rewrite.
 */
import * as path from 'node:path';
import vm from 'node:vm';
import ts from 'typescript';
import { addOnBuild, bundlingScript, ROOT } from './setup';

const PASS = path.join(ROOT, 'scripts', 'bundling', 'bundle-scope-arrows.mjs');

interface SampleRun {
  code: string;
  rewritten: number;
  /** The minimum body length the build itself passes (MIN_BODY_CHARS). */
  minBodyChars: number;
}
let sampleRun: SampleRun | undefined;

/** The pass, run as the build runs it (an ES module, in a child node), on SAMPLE with a 3-character minimum; one child
 * for the whole file. */
function passOnSample(): SampleRun {
  const script = `import { functionsForBundleArrows, MIN_BODY_CHARS } from ${JSON.stringify(PASS)};
process.stdout.write(JSON.stringify({ ...functionsForBundleArrows(${JSON.stringify(SAMPLE)}, { minBodyChars: 3 }), minBodyChars: MIN_BODY_CHARS }));`;
  sampleRun ??= bundlingScript<SampleRun>(script);
  return sampleRun;
}

// A bundle in esbuild's shape: one IIFE whose module-level arrows are of every kind the pass has to tell apart.
const SAMPLE = `"use strict";var __addon=(()=>{
var add=(a,b)=>{let s=a;s+=b;return s},
    square=x=>x*x,
    pair=(a,b)=>({a,b}),
    tiny=()=>1,
    asyncTwice=async x=>{let v=await x;return v*2},
    selfish=()=>{return typeof this},
    counts=()=>{return arguments.length},
    withDefault=(a,b=a+1)=>{return [a,b]},
    holder={run:(x)=>{return x+'!'}};
function outer(){return (y)=>{return y*3}}
function make(){return class{m(){return this}static s=()=>{return this.name}}}
var classy=()=>{return class K{get v(){return this.k}constructor(){this.k=7}}};
var keyed=()=>{return class{[this]() {return 1}}};
return {add,square,pair,tiny,asyncTwice,selfish,counts,withDefault,holder,outer,make,classy,keyed};
})();`;

/** The arrow functions whose nearest enclosing function is the bundle's IIFE. */
function bundleScopeArrows(code: string): ts.ArrowFunction[] {
  const source = ts.createSourceFile('Code.js', code, ts.ScriptTarget.ES2020, true, ts.ScriptKind.JS);
  const found: ts.ArrowFunction[] = [];
  let iife: ts.ArrowFunction | undefined;
  const locate = (node: ts.Node): void => {
    if (!iife && ts.isArrowFunction(node) && ts.isBlock(node.body) && node.body.getWidth(source) > code.length / 2) iife = node;
    else ts.forEachChild(node, locate);
  };
  locate(source);
  const visit = (node: ts.Node): void => {
    if (ts.isArrowFunction(node)) return void found.push(node);
    if (ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node) || ts.isPropertyDeclaration(node)) return;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(iife!.body, visit);
  return found;
}

test('module-level arrows become function expressions; those using this or arguments, short ones and nested ones stay', () => {
  const { code, rewritten } = passOnSample();
  // add, square, pair, asyncTwice, withDefault, holder.run, classy: rewritten. tiny (body "1"): shorter than the 3 asked for.
  // selfish (this), counts (arguments): an arrow's this and arguments are its surroundings', not its own; nor is the
  // this of a class member's computed name (keyed), evaluated where the class is.
  expect(rewritten).toBe(7);
  expect(code).toContain('add=function(a,b){let s=a;s+=b;return s}');
  expect(code).toContain('square=function(x){return x*x}');
  expect(code).toContain('pair=function(a,b){return({a,b})}');
  expect(code).toContain('asyncTwice=async function(x){let v=await x;return v*2}');
  expect(code).toContain('withDefault=function(a,b=a+1){return [a,b]}');
  expect(code).toContain('run:function(x){return x+');
  expect(code).toContain('tiny=()=>1');
  expect(code).toContain('selfish=()=>{return typeof this}');
  expect(code).toContain('counts=()=>{return arguments.length}');
  // Inside a function, an arrow is preparsed with it: left as written. So is a class member's (its own this).
  expect(code).toContain('return (y)=>{return y*3}');
  expect(code).toContain('static s=()=>{return this.name}');
  // What is left at module level is only what had to stay.
  expect(bundleScopeArrows(code).map((a) => a.getText())).toEqual([
    '()=>1',
    '()=>{return typeof this}',
    '()=>{return arguments.length}',
    '()=>{return class{[this]() {return 1}}}',
  ]);
});

test('the rewritten bundle computes what the original computes', async () => {
  const run = (code: string) => {
    const context = vm.createContext({});
    vm.runInContext(code, context);
    return (context as { __addon: Record<string, (...args: unknown[]) => unknown> }).__addon;
  };
  const before = run(SAMPLE);
  const after = run(passOnSample().code);
  for (const m of [before, after]) {
    expect(m.add(2, 3)).toBe(5);
    expect(m.square(4)).toBe(16);
    expect({ ...(m.pair(1, 2) as object) }).toEqual({ a: 1, b: 2 });
    expect(await m.asyncTwice(Promise.resolve(5))).toBe(10);
    expect([...(m.withDefault(1) as number[])]).toEqual([1, 2]);
    expect((m.holder as unknown as { run: (x: string) => string }).run('x')).toBe('x!');
    expect((m.outer() as (y: number) => number)(2)).toBe(6);
    const K = m.classy() as new () => { v: number };
    expect(new K().v).toBe(7);
  }
  expect(after.add.name).toBe(before.add.name);
  expect(after.add.length).toBe(before.add.length);
});

test('the built Code.js has no module-level arrow left that could be a function expression', () => {
  const { code } = addOnBuild();
  const { minBodyChars } = passOnSample();
  const arrows = bundleScopeArrows(code);
  // esbuild's export getters (`()=>x`) and other short arrows stay; every long one left reads its surroundings' this.
  expect(minBodyChars).toBeGreaterThan(0);
  const long = arrows.filter((a) => a.body.getWidth() >= minBodyChars);
  for (const a of long) expect(a.getText()).toMatch(/\bthis\b|\barguments\b|\bsuper\b|new\.target/);
  // The pass did run: the bundle had hundreds of module-level arrows.
  expect(arrows.length).toBeLessThan(400);
}, 120_000);
