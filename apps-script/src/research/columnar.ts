/**
 * A list of small records as text that repeats nothing: every distinct value once, each field a run-length list of
 * value numbers. A checkpoint rewrites the state of the rows it changed; most of that state (phase, status, outcome)
 * is the same word for hundreds of rows, so a part of 500 rows costs tens of characters per row, not hundreds.
 * A field whose values are all new (request ids, row numbers, row ids) numbers them in order, so its list is one
 * stepped run instead of a number per row; a field whose every value is an object of the same keys in the same order
 * (a row's target) is stored as one field per key, so the key names are not repeated per row. Google charges each
 * character written to the job sheet (issue 29).
 */
interface Columns {
  /** Field names; `a.b` is key `b` of field `a` when `a` is listed in `o`. */
  k: string[];
  /** Distinct values; 0 in a column means "absent". */
  d: unknown[];
  /**
   * Per field, the value number of each record: `n` once, `[n, count]` for a run of the same number, or
   * `[n, count, step]` for numbers that grow by `step` (each record's own new value).
   */
  c: (number | [number, number] | [number, number, number])[][];
  /** Fields stored as one field per key (absent in texts written before this form). */
  o?: string[];
}

type Run = number | [number, number] | [number, number, number];

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The keys every present value of `field` has, in the same order, when each is a plain object of plain values. */
function sharedShape(records: readonly Record<string, unknown>[], field: string): string[] | null {
  let shape: string[] | null = null;
  for (const r of records) {
    const v = r[field];
    if (v === undefined) continue;
    if (!isPlainObject(v)) return null;
    const keys = Object.keys(v);
    if (keys.length === 0 || keys.some((key) => v[key] === undefined || typeof v[key] === 'object')) return null;
    if (shape === null) shape = keys;
    else if (keys.length !== shape.length || keys.some((key, i) => key !== shape![i])) return null;
  }
  return shape;
}

/** Value numbers as runs: equal neighbours as `[n, count]`, three or more in one step as `[n, count, step]`. */
function runsOf(numbers: readonly number[]): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < numbers.length;) {
    const step = i + 1 < numbers.length ? numbers[i + 1] - numbers[i] : 0;
    let j = i + 1;
    while (j < numbers.length && numbers[j] - numbers[j - 1] === step) j++;
    const count = j - i;
    if (count === 1) runs.push(numbers[i]);
    else if (step === 0) runs.push([numbers[i], count]);
    else if (count >= 3) runs.push([numbers[i], count, step]);
    else {
      // Two numbers one step apart are shorter written alone.
      runs.push(numbers[i]);
      j = i + 1;
    }
    i = j;
  }
  return runs;
}

export function encodeRecords(records: readonly Record<string, unknown>[]): string {
  const fields = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const dict: unknown[] = [null];
  const numbers = new Map<string, number>();
  const numberOf = (v: unknown): number => {
    if (v === undefined) return 0;
    const text = JSON.stringify(v);
    let n = numbers.get(text);
    if (n === undefined) numbers.set(text, (n = dict.push(v) - 1));
    return n;
  };
  const keys: string[] = [];
  const columns: ((r: Record<string, unknown>) => unknown)[] = [];
  const flat: string[] = [];
  for (const field of fields) {
    // A field named `a.b` beside `a` would read as a key of `a`: then `a` stays one field.
    const shape = fields.some((other) => other.startsWith(`${field}.`)) ? null : sharedShape(records, field);
    if (shape === null) {
      keys.push(field);
      columns.push((r) => r[field]);
      continue;
    }
    flat.push(field);
    for (const key of shape) {
      keys.push(`${field}.${key}`);
      columns.push((r) => (r[field] as Record<string, unknown> | undefined)?.[key]);
    }
  }
  const c = columns.map((value) => runsOf(records.map((r) => numberOf(value(r)))));
  const text: Columns = { k: keys, d: dict, c };
  if (flat.length > 0) text.o = flat;
  return JSON.stringify(text);
}

export function decodeRecords(text: string, length: number): Record<string, unknown>[] {
  const { k, d, c, o = [] } = JSON.parse(text) as Columns;
  const out: Record<string, unknown>[] = Array.from({ length }, () => ({}));
  const flat = new Set(o);
  k.forEach((key, f) => {
    const dot = key.indexOf('.');
    const field = dot > 0 && flat.has(key.slice(0, dot)) ? key.slice(0, dot) : null;
    const set =
      field === null
        ? (r: Record<string, unknown>, v: unknown) => (r[key] = v)
        : (r: Record<string, unknown>, v: unknown) => (((r[field] ??= {}) as Record<string, unknown>)[key.slice(dot + 1)] = v);
    let i = 0;
    for (const run of c[f]) {
      const [n, count, step] = typeof run === 'number' ? [run, 1, 0] : [run[0], run[1], run[2] ?? 0];
      // Each record gets its own copy of an object value (records are changed in place later).
      for (let j = 0; j < count; j++, i++) {
        const v = d[n + j * step];
        if (n + j * step !== 0) set(out[i], typeof v === 'object' && v !== null ? structuredCopy(v) : v);
      }
    }
  });
  return out;
}

function structuredCopy<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}
