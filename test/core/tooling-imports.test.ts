/**
 * Issue 10: `npm start` tooling (scripts/) does not load test code. The n8n runner is a tool both use, so it
 * lives in scripts/n8n/ and the e2e tests import it from there. start-n8n.mjs loads it through tsx by a path
 * string, which the import graph cannot see, so path literals naming test/ are checked too.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildImportGraph, REPO_ROOT } from '../support/import-graph';

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : filesUnder(full);
    return /\.(ts|mjs|js|cjs)$/.test(e.name) ? [full] : [];
  });
}

/** String literals that name a path into the repo's test folder ('test/...', '../test/...'). */
function testPathLiterals(source: string): string[] {
  return [...source.matchAll(/['"`]((?:\.{1,2}\/)*test\/[^'"`]*)['"`]/g)].map((m) => m[1]);
}

describe('npm start tooling', () => {
  it('imports no module under test/', () => {
    const graph = buildImportGraph(['scripts']);
    expect(graph.has('scripts/n8n/runner.ts')).toBe(true);
    expect([...graph.keys()].filter((m) => m.startsWith('test/'))).toEqual([]);
  });

  it('names no file under test/ to load at run time', () => {
    const found = filesUnder(path.join(REPO_ROOT, 'scripts')).flatMap((file) =>
      testPathLiterals(fs.readFileSync(file, 'utf8')).map((p) => `${path.relative(REPO_ROOT, file)}: ${p}`),
    );
    expect(found).toEqual([]);
  });

  it('spots a test path in a string (the check itself)', () => {
    expect(testPathLiterals("tsxRequire(path.join(root, 'test/n8n-e2e/n8n-runner.ts'))")).toEqual(['test/n8n-e2e/n8n-runner.ts']);
    expect(testPathLiterals("require('../test/support/x')")).toEqual(['../test/support/x']);
    expect(testPathLiterals("path.join(root, 'scripts/n8n/runner.ts')")).toEqual([]);
  });
});
