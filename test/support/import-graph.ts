/**
 * The repo's own import graph: every relative `import`/`export ... from`/`require()`/`import()` of the
 * source folders, resolved to files, and the cycles in it. Type-only imports count too: a loop of types
 * still means two modules that cannot be understood (or moved) one without the other.
 * Uses TypeScript's own pre-processor (ts.preProcessFile), so comments and strings never count as imports.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/** Folders whose modules are walked (imports are followed wherever they lead). */
export const SOURCE_ROOTS = ['shared', 'apps-script/src', 'n8n-nodes/nodes', 'n8n-nodes/credentials', 'sandbox', 'scripts'];

const SOURCE_EXT = /\.(ts|mts|cts|js|mjs|cjs)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '/index.ts', '/index.js'];

function isSourceFile(file: string): boolean {
  return SOURCE_EXT.test(file) && !file.endsWith('.d.ts') && !/\.test\.[cm]?[tj]s$/.test(file);
}

function listSources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSources(full));
    else if (isSourceFile(full)) out.push(full);
  }
  return out;
}

/** The file a relative specifier names, or undefined (packages, JSON, assets and missing files are not modules here). */
export function resolveRelative(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  // `./x.js` written for ESM output may name `./x.ts` on disk.
  const candidates = RESOLVE_SUFFIXES.map((s) => base + s);
  if (/\.[cm]?js$/.test(base)) candidates.push(base.replace(/\.([cm]?)js$/, '.$1ts'));
  return candidates.find((c) => isSourceFile(c) && fs.existsSync(c) && fs.statSync(c).isFile());
}

/** Relative specifiers a file imports (static, re-exports, require and dynamic import). */
export function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((f) => f.fileName);
}

export type ImportGraph = Map<string, string[]>;

/** Module → modules it imports, over the source roots and everything reachable from them (paths relative to the repo). */
export function buildImportGraph(roots: string[] = SOURCE_ROOTS, repoRoot: string = REPO_ROOT): ImportGraph {
  const graph: ImportGraph = new Map();
  const pending = roots.flatMap((r) => listSources(path.join(repoRoot, r)));
  while (pending.length) {
    const file = pending.pop()!;
    const key = path.relative(repoRoot, file);
    if (graph.has(key)) continue;
    const targets = [
      ...new Set(
        importsOf(file)
          .map((s) => resolveRelative(file, s))
          .filter((t): t is string => !!t),
      ),
    ];
    graph.set(key, targets.map((t) => path.relative(repoRoot, t)).sort());
    pending.push(...targets);
  }
  return graph;
}

/** Strongly connected components with more than one module, or a module importing itself (Tarjan). */
export function cyclicComponents(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** Every elementary cycle of the graph (each listed once, starting at its smallest module), found within each component. */
export function importCycles(graph: ImportGraph): string[][] {
  const cycles: string[][] = [];
  for (const scc of cyclicComponents(graph)) {
    const members = new Set(scc);
    // A cycle is reported from its smallest member only, so each appears once.
    for (const start of scc) {
      const walk = (node: string, pathSoFar: string[]): void => {
        for (const next of graph.get(node) ?? []) {
          if (!members.has(next) || next < start) continue;
          if (next === start) cycles.push([...pathSoFar, start]);
          else if (!pathSoFar.includes(next)) walk(next, [...pathSoFar, next]);
        }
      };
      walk(start, [start]);
    }
  }
  return cycles;
}
