/**
 * Issue 29: a checkpoint writes what changed, not the job. Over a whole enrichment of 2,000 rows through the
 * sidebar, the hidden job sheet receives at most 500 characters per row (a job rewritten whole at every checkpoint
 * wrote about 7,500 per row at 5,000 rows), and the job read back is the job that was saved.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, connect, countOf, creditsOf, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;

const ROWS = 2000;
const JOBS = '_pds_jobs';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Progress = { jobId: string; complete: boolean; total: number; done: number; duplicate: number; notFound: number; unknown: number };

beforeAll(async () => {
  sb = await startSandbox({ research: { queuedMs: 300, researchingMs: 900 }, credits: { A: 10_000 } });
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Leads'] });
  await connect(h, sb);
  const imported = (await h.run('importSearch', { kind: 'contacts', filters: '', limit: ROWS, sheetName: 'Rows' })) as { rows: number };
  expect(imported.rows).toBe(ROWS);
}, 300_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

test('an enrichment of 2,000 rows writes at most 500 characters per row to the job sheet over its whole run', async () => {
  h.workbook.setActiveRange(`Rows!A2:A${ROWS + 1}`);
  expect(await h.run('previewEnrichment')).toMatchObject({ items: ROWS });
  const credits = await creditsOf(sb);
  const before = h.workbook.stats.charsWritten[JOBS] ?? 0;
  const cellsBefore = h.workbook.stats.cellsWritten;
  let p = (await h.run('startEnrichment', ROWS)) as Progress;
  const afterStart = h.workbook.stats.charsWritten[JOBS] - before;
  for (let i = 0; i < 120 && !p.complete; i++) {
    await sleep(2100);
    p = (await h.run('pollEnrichment', p.jobId)) as Progress;
  }
  expect(p).toMatchObject({ complete: true, total: ROWS, unknown: 0 });
  const written = h.workbook.stats.charsWritten[JOBS] - before;
  console.log(`job sheet characters per row: ${(written / ROWS).toFixed(1)}`);
  expect(written / ROWS).toBeLessThanOrEqual(500);
  // 272 measured (2026-12-06); a relocation that left the saved copies column ragged wrote 326. 132 since a part's
  // fresh values are numbered in one run, its targets stored a field per key (research/columnar.ts) and a row's ids
  // kept with its target, not rewritten with its state at every checkpoint (job-parts.ts).
  expect(written / ROWS).toBeLessThanOrEqual(150);
  // The start writes the job once (targets and all); the polls after it write far less than a job each.
  expect(written - afterStart).toBeLessThan(3 * afterStart);
  // Google charges each cell written: per row its id, then status, message and request id when queued, then the 11
  // result cells (the job sheet's few long cells and the headers on top). A queued row written 11 wide made it 23.
  const cells = h.workbook.stats.cellsWritten - cellsBefore;
  console.log(`cells written per row: ${(cells / ROWS).toFixed(2)}`);
  expect(cells / ROWS).toBeLessThanOrEqual(15.5);
  // Every row once: credits spent = rows researched.
  expect(credits - (await creditsOf(sb))).toBe(p.done);
  expect(countOf(await requestCounts(sb), 'POST /v1/contacts/research')).toBe(ROWS / 500);
}, 300_000);
