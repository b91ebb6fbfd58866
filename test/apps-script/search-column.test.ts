/**
 * Issue 24: one formula for a column of searches. =PDS_SEARCH_CONTACTS(A2:A13) runs one search per row in ONE
 * execution, side by side (fetchAll) and paced; rows the rate budget leaves unanswered show the short message (never
 * an error), and the next recalculation asks only for those. Bad ranges are refused by row before anything is sent.
 */
import { records } from '../../shared';
import { BEYOND_RATE_BUDGET } from '../../apps-script/src/custom-functions/search-budget';
import { admin, clearOfWindowEdge, connectedPerFile } from './setup';

const DEPARTMENTS = ['Engineering', 'Sales', 'Marketing', 'Finance', 'IT', 'Operations'];
/** Distinct searches: department x seniority, from `offset` on. */
const searches = (n: number, offset: number): string[] =>
  Array.from(
    { length: n },
    (_, i) => `department=${DEPARTMENTS[(offset + i) % 6]}; seniority=${['VP', 'Director', 'Manager', 'Senior'][Math.floor((offset + i) / 6) % 4]}`,
  );
const column = (texts: readonly string[]) => texts.map((t) => [t]);
const searchCalls = (from: number) => env.h.http.log.slice(from).filter((c) => c.url.includes('/v2/search/contacts'));

/** Most requests in flight at once, from the log's start times and durations. */
function peakInFlight(calls: { startedAt: number; durationMs: number }[]): number {
  return Math.max(0, ...calls.map((c) => calls.filter((d) => d.startedAt <= c.startedAt && c.startedAt < d.startedAt + Math.max(1, d.durationMs)).length));
}

const env = connectedPerFile({ user: 'owner@example.com', sandbox: { rateLimit: { windowMs: 2000, defaultLimit: 60 } }, settings: { cacheTtlS: 3600 } });

test('a column of searches: one execution, requests side by side, one row per search under a "search" column, a repeated row asked once', async () => {
  const texts = searches(12, 0);
  const from = env.h.http.log.length;
  const value = (await env.h.callCustomFunction('PDS_SEARCH_CONTACTS', [...column(texts), [texts[3]], [''], ['']])) as unknown[][];
  const calls = searchCalls(from);
  expect(value[0]).toEqual(['search', ...records.contactSearchColumns]);
  // One row per filled row (the trailing empty ones dropped), each led by its own filter text.
  expect(value.slice(1).map((r) => r[0])).toEqual([...texts, texts[3]]);
  expect(value.every((r) => r.length === records.contactSearchColumns.length + 1)).toBe(true);
  expect(calls).toHaveLength(12);
  expect(new Set(calls.map((c) => c.executionId)).size).toBe(1);
  expect(calls.every((c) => c.status === 200)).toBe(true);
  expect(peakInFlight(calls)).toBeGreaterThan(1);
  expect(value[13].slice(1)).toEqual(value[4].slice(1));
  // Each row holds what the same search in its own cell answers first.
  for (const i of [0, 7]) {
    const single = (await env.h.callCustomFunction('PDS_SEARCH_CONTACTS', texts[i], 1)) as unknown[][];
    expect(single).toHaveLength(2);
    expect(value[i + 1].slice(1)).toEqual(single[1]);
  }
}, 120_000);

test('limit is per search: up to that many rows for each, every one led by its search', async () => {
  const texts = searches(3, 12);
  const value = (await env.h.callCustomFunction('PDS_SEARCH_CONTACTS', column(texts), 2)) as unknown[][];
  const rowsOf = (t: string) => value.slice(1).filter((r) => r[0] === t);
  for (const t of texts) expect(rowsOf(t).length).toBe(2);
  expect(value.length).toBe(1 + 6);
}, 120_000);

test('past the rate budget: the rest of the rows show the short message (no error, no 429); the next recalculation asks only for them', async () => {
  await clearOfWindowEdge(env.sb, 600_000, 30_000);
  await admin(env.sb, 'PUT', '/rate-limits', { windowMs: 600_000, defaultLimit: 5 });
  // One search first tells the add-on the window (until an answer does, requests go out without knowing it).
  await env.h.callCustomFunction('PDS_SEARCH_CONTACTS', 'department=Legal', 1);
  const texts = searches(10, 0).map((t) => `${t}; jobTitle=Head`);
  const from = env.h.http.log.length;
  const first = (await env.h.callCustomFunction('PDS_SEARCH_CONTACTS', column(texts))) as unknown[][];
  const sent = searchCalls(from);
  expect(sent.filter((c) => c.status === 429)).toHaveLength(0);
  const beyond = first.slice(1).filter((r) => r[1] === BEYOND_RATE_BUDGET);
  expect(sent).toHaveLength(4);
  expect(beyond).toHaveLength(6);
  expect(first.slice(1).map((r) => r[0])).toEqual(texts);

  // The window passes: only the 6 unanswered searches are sent, the 4 answered come from the cache.
  env.h.clock.advance(601_000);
  await admin(env.sb, 'PUT', '/rate-limits', { windowMs: 2000, defaultLimit: 60 });
  const again = env.h.http.log.length;
  const second = (await env.h.callCustomFunction('PDS_SEARCH_CONTACTS', column(texts))) as unknown[][];
  const resent = searchCalls(again);
  expect(resent).toHaveLength(6);
  expect(second.slice(1).filter((r) => r[1] === BEYOND_RATE_BUDGET)).toHaveLength(0);
  const answeredBefore = first.slice(1).filter((r) => r[1] !== BEYOND_RATE_BUDGET);
  for (const row of answeredBefore) expect(second).toContainEqual(row);
  // Complete now: cached whole, a third recalculation asks nothing.
  const third = env.h.http.log.length;
  await env.h.callCustomFunction('PDS_SEARCH_CONTACTS', column(texts));
  expect(searchCalls(third)).toHaveLength(0);
}, 120_000);

test.each([
  [[['department=Engineering'], [''], ['seniority=VP']], /filters, row 2: empty \(empty rows may only follow the last filled one\)/],
  [[['department=Engineering'], ['department=Astrology']], /filters, row 2: .*department/],
  [[['nosuchfilter=1']], /filters, row 1: .*nosuchfilter/],
  [[['seniority=VP'], ['jobTitle']], /filters, row 2: "jobTitle" should look like name=value/],
  [[[''], ['']], /filters: no filter text/],
  [Array.from({ length: 2001 }, (_, i) => [`jobTitle=T${i}`]), /filters: at most 2000 rows \(got 2001\); use the sidebar's job/],
])('a bad column is refused by argument and row before anything is sent (%#)', async (range, message) => {
  const from = env.h.http.log.length;
  await expect(env.h.callCustomFunction('PDS_SEARCH_CONTACTS', range)).rejects.toThrow(message);
  expect(env.h.http.log.length).toBe(from);
});

test('limit of a column of searches: 1 to 100 per search', async () => {
  const from = env.h.http.log.length;
  await expect(env.h.callCustomFunction('PDS_SEARCH_CONTACTS', [['seniority=VP'], ['seniority=Director']], 101)).rejects.toThrow(
    /limit: must be a whole number from 1 to 100/,
  );
  expect(env.h.http.log.length).toBe(from);
});
