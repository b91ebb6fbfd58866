import type { ResearchItem } from '../../../shared';
import type { EnrichmentJob } from './job-types';
import { decodeRecords, encodeRecords } from './columnar';
import { partSums, type PartSums } from './part-sums';

/**
 * A job as stored: a small head (everything that is not per row, and each part's sums) and, per PART_ROWS rows, two
 * parts: what never changes once the row is in the job (its target, ref, row id and copies' ids) and its state (the
 * item's phase, request id, status…, its sheet row, copies, written mark). A checkpoint rewrites the head and the parts whose text
 * changed: the rows just submitted or just read, not the job (issue 29: 7,500 characters per row over a 5,000-row
 * run before). A row still held (a field-picked job releases one batch per step) keeps its place: row k is item k
 * once released. An execution may hold only some parts (`partsIn`): the others' rows are holes in its lists, and only
 * the parts it holds are saved (issue 29: memory bounded by a slice, not the job).
 */
export const PART_ROWS = 500;

export interface JobHead extends Omit<EnrichmentJob, 'rows' | 'rowIds' | 'copyIds' | 'copies' | 'written' | 'held' | 'partsIn' | 'sums'> {
  /** Storage version 2: parts; a row without it is a whole job saved by an earlier version. */
  store: 2;
  /** Items released to the research job, and rows held. */
  n: number;
  held: number | null;
  /** Which optional per-row lists the job has (rowIds, copyIds, copies; held.rowIds, held.copyIds). */
  has: string[];
  /** Per part, its sums (part-sums.ts); absent in heads saved before parts could be loaded alone. */
  sums?: PartSums[];
}

export interface StoredJob {
  head: JobHead;
  /** Part texts by name: `t3` the targets of rows 1,500–1,999, `s3` their state. */
  parts: Map<string, string>;
}

const LISTS = ['rowIds', 'copyIds', 'copies'] as const;

/** The job's rows: those released to the research job, then those held. */
function rowTotal(job: EnrichmentJob): number {
  return job.research.items.length + (job.held?.targets.length ?? 0);
}

export const partCount = (job: EnrichmentJob) => Math.ceil(rowTotal(job) / PART_ROWS);
/** The parts this execution holds. */
export const partsHeld = (job: EnrichmentJob): number[] => job.partsIn ?? Array.from({ length: partCount(job) }, (_, p) => p);
/** The parts that rows [from, to) are in. */
export function partsOf(from: number, to: number): number[] {
  const first = Math.floor(from / PART_ROWS);
  return to <= from ? [] : Array.from({ length: Math.floor((to - 1) / PART_ROWS) - first + 1 }, (_, k) => first + k);
}

/** The sums of part `p` as it is in memory (held rows count nothing). */
export function sumsOfPart(job: EnrichmentJob, p: number): PartSums {
  const from = p * PART_ROWS;
  const to = Math.max(from, Math.min(job.research.items.length, from + PART_ROWS));
  return partSums(job.research.items.slice(from, to), job.written.slice(from, to));
}

/** The parts of a job (those it holds), by name, and its head. */
export function splitJob(job: EnrichmentJob): StoredJob {
  const items = job.research.items;
  const held = job.held;
  const total = rowTotal(job);
  const has = [...LISTS.filter((k) => job[k]), ...(held ? LISTS.filter((k) => held[k]).map((k) => `held.${k}`) : [])];
  const { rows: _r, rowIds: _i, copyIds: _c, copies: _p, written: _w, held: _h, partsIn: _in, sums: _s, ...rest } = job;
  const holding = partsHeld(job);
  const sums = Array.from({ length: partCount(job) }, (_, p) => (holding.includes(p) ? sumsOfPart(job, p) : (job.sums?.[p] ?? [])));
  const head: JobHead = { ...rest, research: { ...job.research, items: [] }, store: 2, n: items.length, held: held ? held.targets.length : null, has, sums };
  const parts = new Map<string, string>();
  for (const p of holding) {
    const from = p * PART_ROWS;
    if (from >= total) continue;
    const targets: Record<string, unknown>[] = [];
    const states: Record<string, unknown>[] = [];
    for (let k = from; k < Math.min(total, from + PART_ROWS); k++) {
      if (k < items.length) {
        const { target, ref, ...state } = items[k];
        targets.push({ t: target, f: ref, d: job.rowIds?.[k], e: job.copyIds?.[k] });
        states.push({ ...state, r: job.rows[k], c: job.copies?.[k], w: job.written[k] });
      } else {
        const j = k - items.length;
        targets.push({ t: held!.targets[j], f: held!.refs[j], d: held!.rowIds?.[j], e: held!.copyIds?.[j] });
        states.push({ r: held!.rows[j], c: held!.copies[j] });
      }
    }
    parts.set(`t${p}`, encodeRecords(targets));
    parts.set(`s${p}`, encodeRecords(states));
  }
  return { head, parts };
}

/** Lists of `length` holes: filled part by part. */
const holes = <T>(length: number): T[] => new Array<T>(length);

/**
 * The job from its head alone: every per-row list with a hole per row (`partsIn` empty); fillParts puts parts in.
 * `written` holds `-` for a row not in memory.
 */
export function emptyJob(head: JobHead): EnrichmentJob {
  const { store: _s, n, held: heldCount, has, sums, ...rest } = head;
  const job: EnrichmentJob = {
    ...rest,
    research: { ...head.research, items: holes(n) },
    rows: holes(n),
    written: '-'.repeat(n),
    partsIn: [],
    sums: sums ?? [],
  };
  for (const key of LISTS) if (has.includes(key)) job[key] = holes(n) as never;
  if (heldCount !== null) {
    job.held = { rows: holes(heldCount), targets: holes(heldCount), refs: holes(heldCount), copies: holes(heldCount) };
    for (const key of LISTS) if (has.includes(`held.${key}`)) job.held[key] = holes(heldCount) as never;
  }
  return job;
}

/** Puts stored parts into the job's lists (parts `p` with both `t{p}` and `s{p}` in `texts`); false when one is missing. */
export function fillParts(job: EnrichmentJob, texts: ReadonlyMap<string, string>, wanted: readonly number[]): boolean {
  const n = job.research.items.length;
  const total = rowTotal(job);
  const marks = job.written.split('');
  for (const p of wanted) {
    if (job.partsIn?.includes(p)) continue;
    const from = p * PART_ROWS;
    if (from >= total) continue;
    const targetText = texts.get(`t${p}`);
    const stateText = texts.get(`s${p}`);
    if (targetText === undefined || stateText === undefined) return false;
    const length = Math.min(PART_ROWS, total - from);
    const targets = decodeRecords(targetText, length);
    const states = decodeRecords(stateText, length);
    for (let j = 0; j < length; j++) {
      const k = from + j;
      // A row's ids are fixed once the job is made: they are kept with its target (rewritten only if that changes),
      // not with its state; a part saved before that keeps them in its state.
      const { r, d: stateD, e: stateE, c, w, ...state } = states[j];
      const { t, f, d: targetD, e: targetE } = targets[j];
      const d = targetD ?? stateD;
      const e = targetE ?? stateE;
      if (k < n) {
        const item = { target: t, ...state } as ResearchItem;
        if (f !== undefined) item.ref = f as string;
        job.research.items[k] = item;
        job.rows[k] = r as number;
        if (job.rowIds) job.rowIds[k] = d as string;
        if (job.copyIds) job.copyIds[k] = e as string[];
        if (job.copies) job.copies[k] = c as number[];
        marks[k] = (w as string | undefined) ?? '0';
      } else {
        const held = job.held!;
        const h = k - n;
        held.rows[h] = r as number;
        held.targets[h] = t as (typeof held.targets)[number];
        held.refs[h] = f as string;
        held.copies[h] = (c as number[]) ?? [];
        if (held.rowIds) held.rowIds[h] = d as string;
        if (held.copyIds) held.copyIds[h] = e as string[];
      }
    }
    job.partsIn?.push(p);
  }
  job.written = marks.join('');
  job.partsIn?.sort((a, b) => a - b);
  return true;
}

/** The job back from its head and every part (null when a part is missing): a whole job, as before parts were loaded alone. */
export function joinJob(head: JobHead, parts: Map<string, string>): EnrichmentJob | null {
  const job = emptyJob(head);
  const total = head.n + (head.held ?? 0);
  if (!fillParts(job, parts, partsOf(0, total))) return null;
  delete job.partsIn;
  delete job.sums;
  return job;
}

/** Lets go of every part it holds (their sums kept for progress): an execution holds a slice, not the job. */
export function dropParts(job: EnrichmentJob): string[] {
  const n = job.research.items.length;
  const total = rowTotal(job);
  const dropped = partsHeld(job);
  if (dropped.length === 0) return [];
  const sums = job.sums ?? [];
  const marks = job.written.split('');
  const lists = [job.research.items, job.rows, job.rowIds, job.copyIds, job.copies] as (unknown[] | undefined)[];
  const heldLists = job.held ? (Object.values(job.held) as (unknown[] | undefined)[]) : [];
  for (const p of dropped) {
    sums[p] = sumsOfPart(job, p);
    for (let k = p * PART_ROWS; k < Math.min(total, (p + 1) * PART_ROWS); k++) {
      if (k < n) {
        for (const list of lists) if (list) delete list[k];
        marks[k] = '-';
      } else for (const list of heldLists) if (list) delete list[k - n];
    }
  }
  job.written = marks.join('');
  job.sums = sums;
  job.partsIn = [];
  return dropped.flatMap((p) => [`t${p}`, `s${p}`]);
}
