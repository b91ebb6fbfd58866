/**
 * Issue 29 part 3, for an organization too big for cells: a column of PDS_LOOKUP_CONTACT cells over more saved
 * contacts than their 30 s can read at the service's rate (1 request per 2 s here) says "still reading" and notes its
 * index; the sidebar's job (readLookupIndexNow, called again by the panel until nothing waits) reads that index at
 * the rate, goes on from what the cells stored (no page read twice, no 429), then enters the look-up formulas again
 * so Sheets recalculates them; the recalculation answers every cell from the index without reading a page.
 */
import type { Cell } from '../apps-script-harness/fakes/spreadsheet-model';
import { STILL_BUILDING } from '../../apps-script/src/custom-functions/lookup-index';
import { connectedPerFile } from './setup';
import { orgPagesRead } from './org-pages-read';

const SAVED = 6000;
const W = 2000;
const R = 1;
const env = connectedPerFile({ user: 'owner@example.com', sandbox: { seed: { orgContacts: SAVED }, rateLimit: { windowMs: W, defaultLimit: R } } });

async function savedEmails(): Promise<string[]> {
  const out: string[] = [];
  const q = `startDate=2000-01-01T00:00:00.000Z&endDate=${new Date(Date.now() + 86400000).toISOString()}&limit=500`;
  for (let page = 1; ; page++) {
    const res = await fetch(`${env.sb.info.v1}/contacts?${q}&page=${page}`, { headers: { token: env.sb.info.apiKey } });
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, W));
      page--;
      continue;
    }
    const data = ((await res.json()) as { data: { email?: string }[] }).data;
    out.push(...data.map((r) => r.email).filter((e): e is string => typeof e === 'string' && e !== ''));
    if (data.length < 500) return out;
  }
}

interface Progress {
  waiting: number;
  records: number;
  refreshed: number;
}

test('the sidebar job reads the index the cells wait for at the rate, then the cells recalculate from it', async () => {
  const emails = await savedEmails();
  await new Promise((r) => setTimeout(r, W + 500));
  const spread = emails.filter((_, i) => i % 300 === 150);
  const keys = [...spread, 'nobody1@nowhere.example', 'nobody2@nowhere.example'];
  const saved = new Set(spread.map((k) => k.toLowerCase()));
  const right = (value: unknown, key: string) =>
    String((value as unknown[][])[0][0]).toLowerCase() === (saved.has(key.toLowerCase()) ? key.toLowerCase() : '(not found)');
  // The column on the sheet: B2:B<n> look up A2:A<n> (showing a value: the harness's data range skips blank cells).
  const sheet = env.h.workbook.mustSheet('Sheet1');
  const formula = (r: number) => `=PDS_LOOKUP_CONTACT(A${r + 1},"email,fullName",365,FALSE)`;
  keys.forEach((k, i) => {
    sheet.setCell(i + 1, 0, { value: k } as Cell);
    sheet.setCell(i + 1, 1, { value: STILL_BUILDING, formula: formula(i + 1) } as Cell);
  });
  const cells = keys.map((k) => ({ fn: 'PDS_LOOKUP_CONTACT', args: [k, 'email,fullName', 365, false] }));
  await env.h.recalculate(Array.from({ length: 30 }, () => ({ fn: 'PDS_LOOKUP_CONTACT', args: ['', 'email', 365, false] })));
  const from = env.h.http.log.length;

  // The cells read what their 30 s allow: some still reading (no cell in error is lookup-spread.test.ts's case).
  const first = await env.h.recalculate(cells);
  expect(first.results.filter((x) => (x.value as unknown[][])[0][0] === STILL_BUILDING).length).toBeGreaterThan(0);
  const byCells = orgPagesRead(env.h.http.log.slice(from)).asked.length;

  // The job, called again as the panel does until nothing waits.
  const formulaCalls = env.h.workbook.stats.setFormulaCalls;
  const jobFrom = env.h.http.log.length;
  const started = Date.now();
  const progress: Progress[] = [];
  while (!progress.length || progress[progress.length - 1].waiting > 0) {
    progress.push((await env.h.run('readLookupIndexNow')) as Progress);
    expect(progress.length).toBeLessThanOrEqual(10);
  }
  const jobMs = Date.now() - started;
  const last = progress[progress.length - 1];
  expect(last.refreshed).toBe(keys.length);
  expect(env.h.workbook.stats.setFormulaCalls - formulaCalls).toBe(keys.length);
  expect(
    sheet
      .formulas()
      .slice(1, keys.length + 1)
      .map((row) => row[1]),
  ).toEqual(keys.map((_, i) => formula(i + 1)));

  // Every page once over cells and job together, the rate never hit; the job's pages at the rate.
  const { calls, asked } = orgPagesRead(env.h.http.log.slice(from));
  expect(calls.filter((c) => c.status === 429)).toHaveLength(0);
  expect(new Set(asked).size).toBe(asked.length);
  const byJob = orgPagesRead(env.h.http.log.slice(jobFrom)).asked.length;
  expect(byCells + byJob).toBe(asked.length);
  expect(byJob).toBeGreaterThan(0);
  const boundMs = (byJob * W) / R;
  console.log(
    `job: ${byJob} pages in ${(jobMs / 1000).toFixed(1)} s (${(jobMs / boundMs).toFixed(2)} × the rate's ${(boundMs / 1000).toFixed(1)} s), ${progress.length} calls`,
  );

  // The recalculation the formulas' entry causes: every cell answered from the index, no page read.
  const again = env.h.http.log.length;
  const second = await env.h.recalculate(cells);
  expect(second.results.filter((x) => !x.ok).map((x) => x.error?.message)).toEqual([]);
  expect(second.results.filter((x, i) => right(x.value, keys[i])).length).toBe(keys.length);
  expect(orgPagesRead(env.h.http.log.slice(again)).asked).toEqual([]);
  expect(await env.h.run('readLookupIndexNow')).toEqual({ waiting: 0, records: 0, refreshed: 0 });
}, 900_000);
