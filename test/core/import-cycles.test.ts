/**
 * Issue 10: the import graph of the core, the targets, the sandbox and the scripts has no cycles. A cycle
 * means modules that load half-initialised and cannot be understood or moved one without the other; break
 * it by giving the shared piece a module of its own (types in a types file, ...), never by a lazy require.
 */
import { buildImportGraph, importCycles, SOURCE_ROOTS } from '../support/import-graph';

describe('import graph', () => {
  const graph = buildImportGraph();

  it('walks every source root', () => {
    for (const root of SOURCE_ROOTS) {
      expect([...graph.keys()].some((m) => m.startsWith(`${root}/`))).toBe(true);
    }
    // A known edge proves imports are resolved (a barrel re-export of its own folder).
    expect(graph.get('shared/index.ts')?.length).toBeGreaterThan(0);
  });

  it('finds every loop, each once, and nothing else', () => {
    const toy = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts', 'c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(
      importCycles(toy)
        .map((c) => c.join(' -> '))
        .sort(),
    ).toEqual(['a.ts -> b.ts -> a.ts', 'a.ts -> b.ts -> c.ts -> a.ts', 'e.ts -> e.ts']);
  });

  it('has no cycles', () => {
    const cycles = importCycles(graph).map((c) => c.join(' -> '));
    expect(cycles).toEqual([]);
  });
});
