/**
 * A list of small records as text that repeats nothing: every distinct value once, each field a run-length list of
 * value numbers. A checkpoint rewrites the state of the rows it changed; most of that state (phase, status, outcome)
 * is the same word for hundreds of rows, so a part of 500 rows costs tens of characters per row, not hundreds.
 */
interface Columns {
  /** Field names. */
  k: string[];
  /** Distinct values; 0 in a column means "absent". */
  d: unknown[];
  /** Per field, the value number of each record: `n` once, or `[n, count]` for a run. */
  c: (number | [number, number])[][];
}

export function encodeRecords(records: readonly Record<string, unknown>[]): string {
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const dict: unknown[] = [null];
  const numbers = new Map<string, number>();
  const numberOf = (v: unknown): number => {
    if (v === undefined) return 0;
    const text = JSON.stringify(v);
    let n = numbers.get(text);
    if (n === undefined) numbers.set(text, (n = dict.push(v) - 1));
    return n;
  };
  const c = keys.map((key) => {
    const runs: (number | [number, number])[] = [];
    let last = -1;
    let count = 0;
    const flush = () => count > 0 && runs.push(count === 1 ? last : [last, count]);
    for (const r of records) {
      const n = numberOf(r[key]);
      if (n === last) count++;
      else {
        flush();
        last = n;
        count = 1;
      }
    }
    flush();
    return runs;
  });
  return JSON.stringify({ k: keys, d: dict, c } satisfies Columns);
}

export function decodeRecords(text: string, length: number): Record<string, unknown>[] {
  const { k, d, c } = JSON.parse(text) as Columns;
  const out: Record<string, unknown>[] = Array.from({ length }, () => ({}));
  k.forEach((key, f) => {
    let i = 0;
    for (const run of c[f]) {
      const [n, count] = typeof run === 'number' ? [run, 1] : run;
      // Each record gets its own copy of an object value (records are changed in place later).
      for (let j = 0; j < count; j++, i++) if (n !== 0) out[i][key] = typeof d[n] === 'object' && d[n] !== null ? structuredCopy(d[n]) : d[n];
    }
  });
  return out;
}

function structuredCopy<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}
