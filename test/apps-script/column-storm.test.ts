/**
 * Issue 24: a column of look-up cells recalculated at once (30 executions side by side, 30 s each) builds the index
 * once for all of them and paces them from one shared budget: every cell answered, requests near the pages that
 * hold the org, no 429; right after, the same column asks the service nothing. Search cells beyond the rate budget
 * show a short message as their value (not an error, and not cached: a later recalculation asks again).
 */
import { BEYOND_RATE_BUDGET } from '../../apps-script/src/custom-functions/search-budget';
import { admin, clearOfWindowEdge, connectedPerFile } from './setup';

const SAVED = 2000;

const env = connectedPerFile({ user: 'owner@example.com', sandbox: { seed: { orgContacts: SAVED }, rateLimit: { windowMs: 2000, defaultLimit: 60 } } });

test('60 PDS_LOOKUP_CONTACT cells at once: 0 in error, ≤ 2 × the pages of the org, 0 × 429; warm: 0 requests', async () => {
  // Org A's saved contacts are 10001.. (sandbox/seed/fixtures.ts).
  const keys = Array.from({ length: 60 }, (_, i) => String(10001 + i * 33));
  const cells = keys.map((k) => ({ fn: 'PDS_LOOKUP_CONTACT', args: [k, 'contactId,fullName', 365, false] }));
  const from = env.h.http.log.length;
  const cold = await env.h.recalculate(cells);
  const calls = env.h.http.log.slice(from).filter((c) => c.url.includes('/v1/contacts'));
  expect(cold.results.filter((r) => !r.ok).map((r) => r.error?.message)).toEqual([]);
  expect(cold.results.map((r) => (r.value as unknown[][])[0][0])).toEqual(keys);
  expect(calls.filter((c) => c.status === 429)).toHaveLength(0);
  expect(calls.length).toBeLessThanOrEqual(2 * (Math.floor(SAVED / 500) + 1));
  const warmFrom = env.h.http.log.length;
  const warm = await env.h.recalculate(cells);
  expect(warm.results.every((r) => r.ok)).toBe(true);
  expect(env.h.http.log.length - warmFrom).toBe(0);
}, 300_000);

test('search cells past the rate budget show the short message, and no request is refused with 429', async () => {
  await clearOfWindowEdge(env.sb, 600_000, 30_000);
  await admin(env.sb, 'PUT', '/rate-limits', { windowMs: 600_000, defaultLimit: 2 });
  // One cell first: until an answer tells the window, cells send without knowing it (as many at once as run).
  await env.h.callCustomFunction('PDS_SEARCH_CONTACTS', 'jobTitle=CIO', 5);
  const from = env.h.http.log.length;
  const filters = ['jobTitle=CTO', 'jobTitle=CEO', 'jobTitle=CFO', 'jobTitle=COO'];
  const r = await env.h.recalculate(filters.map((f) => ({ fn: 'PDS_SEARCH_CONTACTS', args: [f, 5] })));
  expect(r.results.filter((x) => !x.ok).map((x) => x.error?.message)).toEqual([]);
  const beyond = r.results.filter((x) => JSON.stringify(x.value) === JSON.stringify([[BEYOND_RATE_BUDGET]]));
  expect(beyond.length).toBeGreaterThanOrEqual(1);
  expect(env.h.http.log.slice(from).filter((c) => c.status === 429)).toHaveLength(0);
  // Not cached: the same cell asks again (and is still beyond the budget, without a request refused).
  const again = await env.h.callCustomFunction('PDS_SEARCH_CONTACTS', filters[r.results.indexOf(beyond[0])], 5);
  expect(again).toEqual([[BEYOND_RATE_BUDGET]]);
}, 300_000);
