/**
 * Issue 13: a lookup over a range of 2,000 keys through the harness (a cell: 30 s, read-only) reads the org
 * window in ceil(2000 / page size) requests sent side by side, one UrlFetchApp.fetchAll.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, connect, countOf, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;

beforeAll(async () => {
  sb = await startSandbox({ seed: { orgContacts: 1950 } });
  h = addOnHarness({ user: 'owner@example.com' });
  await connect(h, sb);
}, 120_000);

afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

type Table = (string | number | boolean)[][];

test('PDS_LOOKUP_CONTACT over 2,000 keys: 4 pages of 500 in one batch, within the 30-second limit', async () => {
  const org = (await h.callCustomFunction('PDS_ORG_CONTACTS', 365, 20000, 'contactId,fullName')) as Table;
  const saved = org.slice(1);
  expect(saved).toHaveLength(1950);
  const keys = [...saved.map((r) => [r[0]]), ...Array.from({ length: 50 }, (_, i) => [`nobody${i}@nowhere.example`])];
  const before = countOf(await requestCounts(sb), 'GET /v1/contacts');
  const logFrom = h.http.log.length;
  const started = Date.now();
  const found = (await h.callCustomFunction('PDS_LOOKUP_CONTACT', keys, 'contactId,fullName', 365, false)) as Table;
  const wall = Date.now() - started;
  expect(found.slice(0, 1950)).toEqual(saved);
  expect(found.slice(1950).every((r) => r[0] === '(not found)')).toBe(true);
  const used = countOf(await requestCounts(sb), 'GET /v1/contacts') - before;
  expect(used).toBeLessThanOrEqual(Math.ceil(2000 / 500));
  // Side by side: every page request started before the first one was answered.
  const pages = h.http.log.slice(logFrom).filter((c) => c.url.includes('/v1/contacts?'));
  expect(pages).toHaveLength(used);
  const firstAnswer = Math.min(...pages.map((c) => c.startedAt + c.durationMs));
  expect(pages.every((c) => c.startedAt <= firstAnswer)).toBe(true);
  expect(wall).toBeLessThan(30_000);
}, 120_000);
