/**
 * Malformed values a hostile user, a broken upstream node or a sheet can hand a field: wrong types, NaN and
 * infinities, empty and blank text, separators only, broken JSON, megabyte text, control characters, lone
 * surrogates, formula text, deep and huge structures. Deterministic (a seeded generator picks combinations),
 * so a failure names a case that can be replayed.
 */
export interface MalformedValue {
  /** A short, printable name of the value (the value itself may be a megabyte long). */
  label: string;
  value: unknown;
}

function deep(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = { v };
  return v;
}

/** Values every field gets; the first group is also what an n8n expression or a sheet cell can produce. */
export function malformedValues(): MalformedValue[] {
  const text: [string, string][] = [
    ['empty', ''],
    ['blank', '   '],
    ['whitespace', '\t\r\n'],
    ['commas', ',,,'],
    ['comma-blanks', ' , ,'],
    ['text-NaN', 'NaN'],
    ['text-five', 'five'],
    ['text-null', 'null'],
    ['text-undefined', 'undefined'],
    ['object-text', '[object Object]'],
    ['broken-json', '{"a":'],
    ['json-array-text', '[1,2'],
    ['control-chars', 'a\u0000b\u0001c'],
    ['lone-surrogate', 'x\ud800y'],
    ['emoji', '😀😀'],
    ['formula', '=HYPERLINK("http://evil.example","x")'],
    ['path-traversal', '../../etc/passwd'],
    ['percent-null', '%00'],
    ['html', '<script>alert(1)</script>'],
    ['padded', '   padded   '],
    ['empty-list-items', 'a,,b, ,'],
    ['bad-date', '2024-13-45'],
    ['negative-text', '-5'],
    ['huge-number-text', '1e400'],
    ['hex-text', '0x10'],
    ['long-70k', 'x'.repeat(70_000)],
    ['megabyte', 'm'.repeat(1_000_000)],
  ];
  const other: MalformedValue[] = [
    { label: 'undefined', value: undefined },
    { label: 'null', value: null },
    { label: 'NaN', value: NaN },
    { label: 'Infinity', value: Infinity },
    { label: '-Infinity', value: -Infinity },
    { label: '-1', value: -1 },
    { label: '0', value: 0 },
    { label: '0.5', value: 0.5 },
    { label: '1e21', value: 1e21 },
    { label: '2^53+2', value: 2 ** 53 + 2 },
    { label: 'true', value: true },
    { label: 'false', value: false },
    { label: '{}', value: {} },
    { label: '[]', value: [] },
    { label: '[1,"x"]', value: [1, 'x'] },
    { label: '[[]]', value: [[]] },
    { label: '[null]', value: [null] },
    { label: '{a:1}', value: { a: 1 } },
    { label: 'locator-empty', value: { __rl: true, mode: 'id', value: '' } },
    { label: 'locator-object', value: { __rl: true, mode: 'id', value: { x: 1 } } },
    { label: 'invalid-date', value: new Date(NaN) },
    { label: 'date', value: new Date(0) },
    { label: 'deep-60', value: deep(60) },
    { label: 'array-10k', value: Array.from({ length: 10_000 }, (_, i) => `v${i}`) },
  ];
  return [...text.map(([label, value]) => ({ label, value })), ...other];
}

/** A small seeded generator (mulberry32): the same seed, the same cases. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, from: readonly T[]): T {
  return from[Math.floor(random() * from.length)];
}
