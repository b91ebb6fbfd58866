import { isObject } from '../../../shared/flow/is-object';

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

/** The keys (as JSON) every present value of `field` has, in the same order, when each is an object of plain values. */
function sharedShape(records: readonly Record<string, unknown>[], field: string): string[] | null {
  let shape: string | undefined;
  for (const r of records) {
    const v = r[field];
    if (v === undefined) continue;
    if (!isObject(v) || Object.values(v).some((x) => x === undefined || typeof x === 'object')) return null;
    const keys = JSON.stringify(Object.keys(v));
    if (keys === '[]' || (shape ??= keys) !== keys) return null;
  }
  return shape === undefined ? null : (JSON.parse(shape) as string[]);
}

/** Value numbers as runs: equal neighbours as `[n, count]`, three or more in one step as `[n, count, step]`. */
function runsOf(numbers: readonly number[]): Run[] {
  const runs: Run[] = [];
  for (let i = 0, j; i < numbers.length; i = j) {
    const step = numbers[i + 1] - numbers[i];
    for (j = i + 1; j < numbers.length && numbers[j] - numbers[j - 1] === step; j++);
    // Two numbers one step apart are shorter written alone.
    if (step === 0 || j - i > 2) runs.push(step ? [numbers[i], j - i, step] : [numbers[i], j - i]);
    else {
      runs.push(numbers[i]);
      j = i + 1;
    }
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
  // Each column: a field, or one key of a field stored one field per key.
  const columns: [string, string?][] = [];
  const flat: string[] = [];
  for (const field of fields) {
    // A field named `a.b` beside `a` would read as a key of `a`: then `a` stays one field.
    const shape = fields.some((other) => other.startsWith(`${field}.`)) ? null : sharedShape(records, field);
    if (shape) flat.push(field);
    for (const key of shape ?? [undefined]) columns.push([field, key]);
  }
  const valueOf = (r: Record<string, unknown>, [field, key]: [string, string?]) =>
    key === undefined ? r[field] : (r[field] as Record<string, unknown> | undefined)?.[key];
  const text: Columns = {
    k: columns.map(([field, key]) => (key === undefined ? field : `${field}.${key}`)),
    d: dict,
    c: columns.map((column) => runsOf(records.map((r) => numberOf(valueOf(r, column))))),
  };
  if (flat.length > 0) text.o = flat;
  return JSON.stringify(text);
}

export function decodeRecords(text: string, length: number): Record<string, unknown>[] {
  const { k, d, c, o = [] } = JSON.parse(text) as Columns;
  const out: Record<string, unknown>[] = Array.from({ length }, () => ({}));
  k.forEach((key, f) => {
    const dot = key.indexOf('.');
    const field = dot > 0 && o.includes(key.slice(0, dot)) ? key.slice(0, dot) : null;
    let i = 0;
    for (const run of c[f]) {
      const [n, count = 1, step = 0] = typeof run === 'number' ? [run] : run;
      for (let j = 0; j < count; j++, i++) {
        const at = n + j * step;
        if (at === 0) continue;
        let v = d[at];
        // Each record gets its own copy of an object value (records are changed in place later).
        if (typeof v === 'object' && v !== null) v = structuredCopy(v);
        if (field === null) out[i][key] = v;
        else ((out[i][field] ??= {}) as Record<string, unknown>)[key.slice(dot + 1)] = v;
      }
    }
  });
  return out;
}

function structuredCopy<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}
