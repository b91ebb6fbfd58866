/**
 * Issue 29: an execution holds a slice of an enrichment, not the whole job. 20,000 rows are enriched through the
 * sidebar in the harness with Google's strictness on (128 MB heap ceiling per execution, sheet calls charged): the
 * start and every poll end without "Exceeded memory limit.", a poll's peak heap stays well under the ceiling, every
 * row is written once and the credits spent are the rows researched.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import type { Cell } from '../apps-script-harness/fakes/spreadsheet-model';
import { addOnHarness, admin, connect, creditsOf, startSandbox } from './setup';

const ROWS = 20_000;
let sb: SandboxProcess;
let h: Harness;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  sb = await startSandbox({ research: { queuedMs: 100, researchingMs: 300 }, rateLimit: { defaultLimit: 100_000 } });
  await admin(sb, 'PUT', '/credits', { org: 'A', balance: 100_000 });
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Leads'] });
  await connect(h, sb);
  const sheet = h.workbook.mustSheet('Leads');
  // The grid grown first (a new sheet is 1,000 rows), as an import of that many rows would.
  sheet.insertRows(1000, ROWS + 1 - 1000);
  ['Name', 'Company', 'Email'].forEach((v, c) => sheet.setCell(0, c, { value: v } as Cell));
  for (let r = 1; r <= ROWS; r++) [`Lead ${r}`, `Co ${r}`, `lead${r}@co${r}.example`].forEach((v, c) => sheet.setCell(r, c, { value: v } as Cell));
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

test(`an enrichment of ${ROWS.toLocaleString('en')} rows: no execution passes the heap ceiling`, async () => {
  expect(h.limits.heapCeilingMb).toBe(128);
  h.workbook.setActiveRange(`Leads!A2:A${ROWS + 1}`);
  const credits = await creditsOf(sb);
  const first = h.executions.length;
  let p = (await h.run('startEnrichment', ROWS)) as { jobId: string; complete: boolean; done: number; total: number; unknown: number };
  for (let i = 0; i < 200 && !p.complete; i++) {
    await sleep(2100);
    p = (await h.run('pollEnrichment', p.jobId)) as typeof p;
  }
  expect(p).toMatchObject({ complete: true, total: ROWS, unknown: 0 });
  const runs = h.executions.slice(first);
  expect(runs.every((x) => x.ok)).toBe(true);
  const polls = runs.filter((x) => x.fn === 'pollEnrichment').map((x) => x.peakHeapBytes ?? 0);
  console.log(
    `start ${((runs[0].peakHeapBytes ?? 0) / 1048576).toFixed(0)} MB; polls up to ${(Math.max(...polls) / 1048576).toFixed(0)} MB (${polls.length} polls)`,
  );
  // A poll holds a slice (2,000 records at most), not the job: well under the ceiling.
  expect(Math.max(...polls)).toBeLessThan(96 * 1048576);
  // Every row once; each unique contact paid once.
  const values = h.workbook.mustSheet('Leads').values();
  const status = values[0].indexOf('PDS status');
  expect(values.slice(1, ROWS + 1).every((r) => String(r[status]) !== '' && String(r[status]) !== 'queued')).toBe(true);
  expect(credits - (await creditsOf(sb))).toBe(p.done);
}, 900_000);
