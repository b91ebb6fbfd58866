import type { AnyOperation, Client } from '../../../shared';
import { splitWindow, type ChangeCursor } from '../../../shared/flow/incremental-read';

const REACH = 5;
const SPREAD = 4;
const timeOf = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : NaN);

/**
 * Records a slice still holds past its cursor, at the density of the page it just read (from its first record's time,
 * not the slice's start, which may sit years before the first change of a long lookback), and how far ahead that
 * density is assumed: at most REACH page spans, since a burst of changes (rows just researched) says nothing of the
 * time after it.
 */
function estimateLeft(slice: ChangeCursor, read: readonly ChangeCursor[], times: readonly number[]): { records: number; reach: number } {
  const before = read.find((r) => r.windowEnd === slice.windowEnd);
  const none = { records: 0, reach: 0 };
  if (!before || slice.page > 1) return none; // a run of one updatedAt cannot be split
  const from = timeOf(before.from);
  const end = timeOf(before.windowEnd);
  const page = times.filter((t) => t >= from && t <= end);
  if (page.length < 2) return none;
  const span = page[page.length - 1] - page[0] + 1;
  const reach = Math.min(end - timeOf(slice.from), REACH * span);
  return { records: (page.length / span) * reach, reach };
}

/**
 * A slice in `parts`: equal times over SPREAD times the stretch the estimate reaches, the time past it (if any) as the
 * last part, so a burst's few milliseconds are not halved with the quiet minutes after it. (Tuned on a simulation of
 * the bench's data, 18,000 changes spread over 90 days plus a burst of 4,000 just researched: 51 pages in 16 rounds,
 * and 39 pages in 7 rounds without the burst; equal parts over the whole rest read 56 / 17 and 39 / 7.)
 */
function splitSlice(slice: ChangeCursor, parts: number, reach: number): ChangeCursor[] {
  const reachEnd = timeOf(slice.from) + SPREAD * reach - 1;
  if (reachEnd + 1 >= timeOf(slice.windowEnd)) return splitWindow(slice, parts);
  const near = splitWindow({ ...slice, windowEnd: new Date(reachEnd).toISOString() }, parts - 1);
  return [...near, { from: new Date(reachEnd + 1).toISOString(), windowEnd: slice.windowEnd, page: 1 }];
}

/**
 * After a round of a sliced keyset read: hands the places of finished slices to the slices with the most left, split
 * again by time (splitWindow: disjoint, each still read by keyset on its own, so a record changed during the read is
 * neither skipped nor read twice). Each part ends with a short page, so a slice is split only while that shortens the
 * read: the slice expected to need the most rounds gets one more part if that cuts its rounds. With `capacity` slices
 * open, every round stays one request per slice, side by side.
 */
export function refillSlices(
  read: readonly ChangeCursor[],
  next: readonly ChangeCursor[],
  records: readonly { updatedAt?: unknown }[],
  capacity: number,
  pageSize: number,
): ChangeCursor[] {
  if (next.length === 0 || next.length >= capacity) return [...next];
  const times = records.map((r) => timeOf(r.updatedAt)).filter((t) => Number.isFinite(t));
  const estimates = next.map((slice) => estimateLeft(slice, read, times));
  const left = estimates.map((e) => e.records);
  const parts = next.map(() => 1);
  const rounds = (k: number, n = parts[k]) => Math.ceil(left[k] / (n * (pageSize - 1)));
  for (let free = capacity - next.length; free > 0; free--) {
    let worst = 0;
    for (let k = 1; k < next.length; k++) if (rounds(k) > rounds(worst)) worst = k;
    // Worth a short page only if each part still holds two pages, and the slice's rounds drop.
    if (rounds(worst, parts[worst] + 1) >= rounds(worst) || left[worst] / (parts[worst] + 1) < 2 * pageSize) break;
    parts[worst]++;
  }
  return next.flatMap((slice, k) => (parts[k] > 1 ? splitSlice(slice, parts[k], estimates[k].reach) : [slice]));
}

/** The page size of an org read (what a full page holds): the operation's largest page, within the page-size setting. */
export function orgPageSize(client: Client, op: AnyOperation): number {
  const p = op.pagination;
  return Math.min('maxLimit' in p ? p.maxLimit : Infinity, client.settings.pageSizeLimit);
}
