/**
 * Issue 29: an execution holds a slice of an enrichment, not the whole job. 20,000 rows are enriched through the
 * sidebar in the harness with Google's strictness on (128 MB heap ceiling per execution, sheet calls charged): the
 * start and every poll end without "Exceeded memory limit.", a poll's peak heap stays well under the ceiling, every
 * row is written once and the credits spent are the rows researched. The sheet is as wide as a search import (its
 * other columns beside the name, company and email): reading every row whole at the start once passed the ceiling.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import type { Cell } from '../apps-script-harness/fakes/spreadsheet-model';
import { records } from '../../shared';
import { RESEARCH_COLUMN_ALIASES, squashHeader } from '../../shared/catalogue/column-aliases';
import { addOnHarness, admin, connect, creditsOf, startSandbox } from './setup';

const ROWS = 20_000;
let sb: SandboxProcess;
let h: Harness;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// A search import's columns that feed no research field (44 of its 51), each row's cells as long as real ones.
const fed = new Set(Object.values(RESEARCH_COLUMN_ALIASES).flat());
const OTHER = records.contactSearchColumns.filter((c) => !fed.has(squashHeader(c)));
const otherCell = (r: number, k: number) => `${OTHER[k]} of lead ${r}: https://example.com/${k}/${r}`;

beforeAll(async () => {
  sb = await startSandbox({ research: { queuedMs: 100, researchingMs: 300 }, rateLimit: { defaultLimit: 100_000 } });
  await admin(sb, 'PUT', '/credits', { org: 'A', balance: 100_000 });
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Leads'] });
  await connect(h, sb);
  const sheet = h.workbook.mustSheet('Leads');
  // The grid grown first (a new sheet is 1,000 rows), as an import of that many rows would.
  sheet.insertRows(1000, ROWS + 1 - 1000);
  sheet.insertColumns(26, 3 + OTHER.length - 26);
  ['Name', 'Company', 'Email', ...OTHER].forEach((v, c) => sheet.setCell(0, c, { value: v } as Cell));
  for (let r = 1; r <= ROWS; r++) {
    [`Lead ${r}`, `Co ${r}`, `lead${r}@co${r}.example`].forEach((v, c) => sheet.setCell(r, c, { value: v } as Cell));
    OTHER.forEach((_, k) => sheet.setCell(r, 3 + k, { value: otherCell(r, k) } as Cell));
  }
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
  // The preview the sidebar shows before the start reads the same rows.
  expect(await h.run('previewEnrichment')).toMatchObject({ items: ROWS });
  const preview = h.executions[first];
  expect(preview.ok).toBe(true);
  let p = (await h.run('startEnrichment', ROWS)) as { jobId: string; complete: boolean; done: number; total: number; unknown: number };
  for (let i = 0; i < 200 && !p.complete; i++) {
    await sleep(2100);
    p = (await h.run('pollEnrichment', p.jobId)) as typeof p;
  }
  expect(p).toMatchObject({ complete: true, total: ROWS, unknown: 0 });
  const runs = h.executions.slice(first + 1);
  expect(runs.every((x) => x.ok)).toBe(true);
  const polls = runs.filter((x) => x.fn === 'pollEnrichment').map((x) => x.peakHeapBytes ?? 0);
  console.log(
    `start ${((runs[0].peakHeapBytes ?? 0) / 1048576).toFixed(0)} MB; preview ${((preview.peakHeapBytes ?? 0) / 1048576).toFixed(0)} MB; polls up to ${(Math.max(...polls) / 1048576).toFixed(0)} MB (${polls.length} polls)`,
  );
  // A poll holds a slice (2,000 records at most), not the job: well under the ceiling.
  expect(Math.max(...polls)).toBeLessThan(96 * 1048576);
  // Every row once; each unique contact paid once.
  const values = h.workbook.mustSheet('Leads').values();
  const status = values[0].indexOf('PDS status');
  expect(values.slice(1, ROWS + 1).every((r) => String(r[status]) !== '' && String(r[status]) !== 'queued')).toBe(true);
  expect(credits - (await creditsOf(sb))).toBe(p.done);
}, 900_000);
