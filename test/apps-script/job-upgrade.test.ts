/**
 * An enrichment saved by the previous version (its research items without `phase`, job version 1) still loads
 * from the job sheet and resumes: pending ids are polled, an item cut mid-submit is settled unknown, nothing is
 * submitted again (issue 10, "Research is one core step").
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, connect, countOf, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;

beforeAll(async () => {
  sb = await startSandbox({ research: { queuedMs: 1500, researchingMs: 3000 } });
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Leads'] });
  await connect(h, sb);
  await h.run('importSearch', { kind: 'contacts', filters: 'seniority=Manager', limit: 3, sheetName: 'Managers' });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RESEARCH = 'POST /v1/contacts/research';
type Progress = { jobId: string; complete: boolean; total: number; done: number; duplicate: number; notFound: number; unknown: number; pending: number };

/** Rewrites the saved job in the state sheet the way the previous version saved it. */
function saveAsVersion1(): void {
  const state = h.workbook.mustSheet('_pds_jobs');
  const row = state.values()[0];
  const count = Number(row[3]);
  const job = JSON.parse(
    row
      .slice(4, 4 + count)
      .map((c) => String(c).slice(1))
      .join(''),
  ) as { research: { version: number; items: Record<string, unknown>[] } };
  job.research.version = 1;
  job.research.items = job.research.items.map(({ phase: _phase, serviceStatus: _serviceStatus, ...old }, i) =>
    // The last item as a run cut mid-submit left it: `submitting`, no request id yet.
    i === 2 ? { ...old, requestId: null, status: 'submitting', outcome: 'unsubmitted' } : old,
  );
  const text = JSON.stringify(job);
  expect(text.length).toBeLessThan(45000);
  expect(text).not.toContain('"phase"');
  state.setCell(0, 3, { value: 1 });
  state.setCell(0, 4, { value: `~${text}` });
  for (let j = 5; j < row.length; j++) state.setCell(0, j, { value: '' });
}

test('a job saved before phase existed resumes from the job sheet without resubmitting', async () => {
  h.workbook.setActiveRange('Managers!A2:A4');
  expect(await h.run('previewEnrichment')).toMatchObject({ items: 3 });
  const started = (await h.run('startEnrichment', 3)) as Progress;
  expect(started).toMatchObject({ total: 3, pending: 3 });
  const submitted = countOf(await requestCounts(sb), RESEARCH);
  saveAsVersion1();
  let p = started;
  for (let i = 0; i < 30 && !p.complete; i++) {
    await sleep(2100);
    p = (await h.run('pollEnrichment', started.jobId)) as Progress;
  }
  expect(p).toMatchObject({ complete: true, total: 3, unknown: 1 });
  expect(p.done + p.duplicate + p.notFound).toBe(2);
  expect(countOf(await requestCounts(sb), RESEARCH)).toBe(submitted);
  const values = h.workbook.mustSheet('Managers').values();
  const status = values[0].indexOf('PDS status');
  expect(values[3][status]).toBe('unknown: check before retrying');
}, 120_000);
