/**
 * Issue 13, the org import's slices (apps-script/src/imports/slices.ts): places left by finished slices go to the slice
 * with the most left, split by time into disjoint parts, never into parts too small to be worth a short page.
 */
import { refillSlices } from '../../apps-script/src/imports/slices';

const H = 3600_000;
const end = Date.UTC(2026, 10, 23);
const iso = (ms: number) => new Date(ms).toISOString();
/** A page of `n` records spread evenly over [from, to]. */
const page = (n: number, from: number, to: number) => Array.from({ length: n }, (_, i) => ({ updatedAt: iso(from + Math.floor(((to - from) * i) / (n - 1))) }));

test('after the first page of a long window, the rest is split (disjoint parts covering it), more as the read goes on', () => {
  // Years of lookback, then 500 records in the first 10 hours of the last 100. At most five page spans ahead are
  // assumed (2,500 records): two parts now, each split again once its own first page shows more.
  const read = [{ from: iso(end - 3650 * 24 * H), windowEnd: iso(end), page: 1 }];
  const next = [{ from: iso(end - 90 * H), windowEnd: iso(end), page: 1 }];
  const parts = refillSlices(read, next, page(500, end - 100 * H, end - 90 * H), 10, 500);
  expect(parts.length).toBe(2);
  const later = refillSlices(
    parts,
    parts.map((p) => ({ ...p, from: iso(Date.parse(p.from) + 5 * H) })),
    [...page(500, Date.parse(parts[0].from), Date.parse(parts[0].from) + 5 * H), ...page(500, Date.parse(parts[1].from), Date.parse(parts[1].from) + 5 * H)],
    10,
    500,
  );
  expect(later.length).toBe(4);
  expect(parts[0].from).toBe(next[0].from);
  expect(parts[parts.length - 1].windowEnd).toBe(iso(end));
  for (let k = 1; k < parts.length; k++) expect(Date.parse(parts[k].from)).toBe(Date.parse(parts[k - 1].windowEnd) + 1);
});

test('a burst of changes is not extrapolated over the quiet time after it, and small remainders are not split', () => {
  // 500 records within one second, then an hour of window: at most a few pages are assumed, not 1.8 million records.
  const read = [{ from: iso(end - H - 1000), windowEnd: iso(end), page: 1 }];
  const next = [{ from: iso(end - H), windowEnd: iso(end), page: 1 }];
  const burst = refillSlices(read, next, page(500, end - H - 1000, end - H), 10, 500);
  expect(burst.length).toBe(2);
  // The part right after the burst is seconds long, the quiet rest of the hour one part: not two halves of the hour.
  expect(Date.parse(burst[0].windowEnd) - Date.parse(next[0].from)).toBeLessThan(60_000);
  expect(burst[1]).toEqual({ from: iso(Date.parse(burst[0].windowEnd) + 1), windowEnd: iso(end), page: 1 });
  // 500 records over 10 hours, 5 hours left: about 250 more, not worth a split.
  const slow = [{ from: iso(end - 15 * H), windowEnd: iso(end), page: 1 }];
  const slowNext = [{ from: iso(end - 5 * H), windowEnd: iso(end), page: 1 }];
  expect(refillSlices(slow, slowNext, page(500, end - 15 * H, end - 5 * H), 10, 500)).toEqual(slowNext);
  // Every place taken, or a run of one updatedAt (page > 1): left as they are.
  const run = [{ from: iso(end - H), windowEnd: iso(end), page: 3 }];
  expect(refillSlices(run, run, page(500, end - H, end - H + 1), 10, 500)).toEqual(run);
});
