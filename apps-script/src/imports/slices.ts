import { splitWindow, type ChangeCursor } from '../../../shared/flow/incremental-read';

const REACH = 5;
const timeOf = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : NaN);

/**
 * Records a slice still holds past its cursor, at the density of the page it just read (from its first record's time,
 * not the slice's start, which may sit years before the first change of a long lookback).
 */
function estimateLeft(slice: ChangeCursor, read: readonly ChangeCursor[], times: readonly number[]): number {
  const before = read.find((r) => r.windowEnd === slice.windowEnd);
  if (!before || slice.page > 1) return 0; // a run of one updatedAt cannot be split
  const from = timeOf(before.from);
  const end = timeOf(before.windowEnd);
  const page = times.filter((t) => t >= from && t <= end);
  if (page.length < 2) return 0;
  const span = page[page.length - 1] - page[0] + 1;
  // Extrapolated at most REACH page spans ahead: a burst of changes (rows just researched) says nothing of the time
  // after it, and splitting empty time costs a page per part.
  return (page.length / span) * Math.min(end - timeOf(slice.from), REACH * span);
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
  const left = next.map((slice) => estimateLeft(slice, read, times));
  const parts = next.map(() => 1);
  const rounds = (k: number, n = parts[k]) => Math.ceil(left[k] / (n * (pageSize - 1)));
  for (let free = capacity - next.length; free > 0; free--) {
    let worst = 0;
    for (let k = 1; k < next.length; k++) if (rounds(k) > rounds(worst)) worst = k;
    // Worth a short page only if each part still holds two pages, and the slice's rounds drop.
    if (rounds(worst, parts[worst] + 1) >= rounds(worst) || left[worst] / (parts[worst] + 1) < 2 * pageSize) break;
    parts[worst]++;
  }
  return next.flatMap((slice, k) => (parts[k] > 1 ? splitWindow(slice, parts[k]) : [slice]));
}
