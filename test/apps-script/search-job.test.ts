/**
 * Issue 24: a column of search formulas past the rate budget, run from the sidebar as a paced job that fills a sheet.
 * The panel reads the formulas (sheetSearchFormulas) and their argument ranges, then startSearchJob checks every
 * search before sending and runs them; the sidebar's polling (advanceSearchJobNow) and the hourly trigger go on
 * from where the job stands: every search sent once, its rows written once (merged by searchRow), 0 × 429.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { records } from '../../shared';
import { BEYOND_RATE_BUDGET } from '../../apps-script/src/custom-functions/search-budget';
import { addOnHarness, connect, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;

const DEPARTMENTS = ['Engineering', 'Sales', 'Marketing', 'Finance', 'IT', 'Operations'];
const SENIORITIES = ['VP', 'Director', 'Manager', 'Senior', 'C-Level'];
const TEXTS = Array.from({ length: 30 }, (_, i) => `department=${DEPARTMENTS[i % 6]}; seniority=${SENIORITIES[Math.floor(i / 6)]}`);
type Progress = { next: number; total: number; written: number; requests: number; sheetName: string; complete: boolean; busy?: boolean };

const searchCalls = (from: number) => h.http.log.slice(from).filter((c) => c.url.includes('/v2/search/contacts'));

/** "Searches": the filter texts in A2:A31 and a search formula beside each, some of them showing the message. */
function searchesSheet(): void {
  const sheet = h.workbook.mustSheet('Searches');
  sheet.setCell(0, 0, { value: 'filters' });
  TEXTS.forEach((t, i) => {
    sheet.setCell(i + 1, 0, { value: t });
    sheet.setCell(i + 1, 1, { value: i < 5 ? 'Lead' : BEYOND_RATE_BUDGET, formula: `=PDS_SEARCH_CONTACTS(A${i + 2}, 2)` });
  });
  h.workbook.setActiveRange('Searches!A1');
}

beforeAll(async () => {
  sb = await startSandbox({ rateLimit: { windowMs: 2000, defaultLimit: 5 } });
  h = addOnHarness({ user: 'owner@example.com' });
  // A 1 s budget per run: the job needs several sidebar calls and trigger runs, as a long one does at 60 a minute.
  await connect(h, sb, { runBudgetMs: 1000 });
  h.workbook.addSheet('Searches');
  searchesSheet();
}, 120_000);

afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

test('the panel reads the sheet\'s formulas, how many cells show "beyond the rate budget" and the ranges they refer to; nothing is sent', async () => {
  const from = h.http.log.length;
  const found = (await h.run('sheetSearchFormulas')) as { sheetName: string; formulas: string[][]; beyond: number };
  expect(found.sheetName).toBe('Searches');
  expect(found.beyond).toBe(25);
  expect(found.formulas).toHaveLength(31);
  expect(found.formulas[1]).toEqual(['', '=PDS_SEARCH_CONTACTS(A2, 2)']);
  expect(found.formulas[30]).toEqual(['', '=PDS_SEARCH_CONTACTS(A31, 2)']);
  const values = (await h.run('sheetSearchFormulas', ['A2:A31'])) as string[][][];
  expect(values[0].map((r) => r[0])).toEqual(TEXTS);
  expect(h.http.log.length).toBe(from);
});

test('a bad search is refused by its cell before anything is sent; so is writing over the formulas', async () => {
  const from = h.http.log.length;
  const searches = TEXTS.map((t, i) => [t, 2, `B${i + 2}`]);
  searches[3] = ['department=Astrology', 2, 'B5'];
  await expect(h.run('startSearchJob', 'contacts', 'Results', searches)).rejects.toThrow(/searches\[3\] \(B5\): .*department/);
  await expect(h.run('startSearchJob', 'contacts', 'Searches', [[TEXTS[0], 2, 'B2']])).rejects.toThrow(/sheetName: must be another sheet than the formulas/);
  await expect(h.run('startSearchJob', 'contacts', 'Results', [[TEXTS[0], 501, 'B2']])).rejects.toThrow(/limit: must be a whole number from 1 to 500/);
  expect(h.http.log.length).toBe(from);
});

test("the job runs every search once, paced (0 × 429), across sidebar calls and the hourly trigger, each search's rows under it", async () => {
  const from = h.http.log.length;
  const searches = TEXTS.map((t, i) => [t, 2, `B${i + 2}`]);
  let p = (await h.run('startSearchJob', 'contacts', 'Results', searches)) as Progress;
  expect(p.complete).toBe(false);
  expect(p.next).toBeGreaterThan(0);
  // The sidebar closes: the hourly trigger goes on from where the job stands.
  const trigger = h.triggers.find((t) => t.handler === 'scheduledRun')!;
  expect(trigger).toBeDefined();
  const before = p.next;
  // Its hour has come (moving the trigger rather than the add-on's clock, which would no longer match the service's).
  trigger.nextRunAt = h.clock.now();
  const fired = await h.fireTriggers();
  expect(fired.map((r) => r.ok)).toEqual([true]);
  const byTrigger = (fired[0].value as { searchJob: Progress }).searchJob;
  expect(byTrigger.next).toBeGreaterThan(before);
  for (let i = 0; i < 60 && !p.complete; i++) p = (await h.run('advanceSearchJobNow')) as Progress;
  expect(p.next).toBeGreaterThan(byTrigger.next);
  expect(p.complete).toBe(true);
  expect(p.next).toBe(30);

  const calls = searchCalls(from);
  expect(calls.filter((c) => c.status === 429)).toHaveLength(0);
  expect(calls.filter((c) => c.status === 200)).toHaveLength(30);
  const sent = calls.map((c) => JSON.parse(c.requestBody) as Record<string, unknown>);
  expect(new Set(sent.map((b) => `${String(b.department)}|${String(b.seniority)}`)).size).toBe(30);

  const rows = h.workbook.mustSheet('Results').values();
  expect(rows[0]).toEqual(['searchRow', 'search', ...records.contactSearchColumns]);
  const body = rows.slice(1).filter((r) => r[0] !== '');
  expect(new Set(body.map((r) => r[0])).size).toBe(body.length);
  // In the order of the searches, at most 2 rows each, each led by its number and filter text.
  const order = body.map((r) => Number(String(r[0]).split(' #')[0]));
  expect(order).toEqual([...order].sort((a, b) => a - b));
  for (const [n, text] of TEXTS.entries()) {
    const own = body.filter((r) => String(r[0]).startsWith(`${n + 1} #`));
    expect(own.length).toBeGreaterThanOrEqual(1);
    expect(own.length).toBeLessThanOrEqual(2);
    for (const r of own) expect(r[1]).toBe(text);
  }
  expect(p.written).toBe(body.length);
  // Done: the job is gone, and the trigger has nothing more of it to do.
  expect(await h.run('advanceSearchJobNow')).toBeNull();
}, 180_000);

test('a run cut after writing searches but before saving it writes them again in place, never twice', async () => {
  const from = h.http.log.length;
  const twelve = TEXTS.slice(0, 12).map((t, i) => [t, 2, `B${i + 2}`]);
  let first = (await h.run('startSearchJob', 'contacts', 'Cut', twelve)) as Progress;
  while (first.next < 2) first = (await h.run('advanceSearchJobNow')) as Progress;
  expect(first.complete).toBe(false);
  // The saves after the last two searches are lost (the run was cut between writing their rows and saving).
  const store = h.properties.user();
  const key = [...store.map.keys()].find((k) => /^pds\.searchJob\.[^.]+$/.test(k))!;
  const job = JSON.parse(store.map.get(key)!) as { next: number };
  store.map.set(key, JSON.stringify({ ...job, next: job.next - 2 }));
  let p = first;
  for (let i = 0; i < 40 && !p.complete; i++) p = (await h.run('advanceSearchJobNow')) as Progress;
  expect(p.complete).toBe(true);
  expect(searchCalls(from)).toHaveLength(12 + 2);
  const body = h.workbook
    .mustSheet('Cut')
    .values()
    .slice(1)
    .filter((r) => r[0] !== '');
  expect(new Set(body.map((r) => r[0])).size).toBe(body.length);
  for (const n of Array.from({ length: 12 }, (_, i) => i + 1)) {
    const own = body.filter((r) => String(r[0]).startsWith(`${n} #`));
    expect(own.length).toBeGreaterThanOrEqual(1);
    expect(own.length).toBeLessThanOrEqual(2);
  }
}, 120_000);
