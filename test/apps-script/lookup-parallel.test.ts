/**
 * Issue 13: a lookup over a range of 2,000 keys through the harness (a cell: 30 s, read-only) reads the org
 * window in ceil(2000 / page size) requests sent side by side, one UrlFetchApp.fetchAll.
 */
import { connectedPerFile, countOf, requestCounts } from './setup';

const env = connectedPerFile({ user: 'owner@example.com', sandbox: { seed: { orgContacts: 1950 } } });

type Table = (string | number | boolean)[][];

test('PDS_LOOKUP_CONTACT over 2,000 keys: 4 pages of 500 in one batch, within the 30-second limit', async () => {
  const org = (await env.h.callCustomFunction('PDS_ORG_CONTACTS', 365, 20000, 'contactId,fullName')) as Table;
  const saved = org.slice(1);
  expect(saved).toHaveLength(1950);
  const keys = [...saved.map((r) => [r[0]]), ...Array.from({ length: 50 }, (_, i) => [`nobody${i}@nowhere.example`])];
  const before = countOf(await requestCounts(env.sb), 'GET /v1/contacts');
  const logFrom = env.h.http.log.length;
  const started = Date.now();
  const found = (await env.h.callCustomFunction('PDS_LOOKUP_CONTACT', keys, 'contactId,fullName', 365, false)) as Table;
  const wall = Date.now() - started;
  expect(found.slice(0, 1950)).toEqual(saved);
  expect(found.slice(1950).every((r) => r[0] === '(not found)')).toBe(true);
  const used = countOf(await requestCounts(env.sb), 'GET /v1/contacts') - before;
  expect(used).toBeLessThanOrEqual(Math.ceil(2000 / 500));
  // Side by side: every page request started before the first one was answered.
  const pages = env.h.http.log.slice(logFrom).filter((c) => c.url.includes('/v1/contacts?'));
  expect(pages).toHaveLength(used);
  const firstAnswer = Math.min(...pages.map((c) => c.startedAt + c.durationMs));
  expect(pages.every((c) => c.startedAt <= firstAnswer)).toBe(true);
  expect(wall).toBeLessThan(30_000);
}, 120_000);
