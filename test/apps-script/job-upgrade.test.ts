/**
 * An enrichment saved by the previous version (its research items without `phase`, job version 1) still loads
 * from the job sheet and resumes: pending ids are polled, an item cut mid-submit is settled unknown, nothing is
 * submitted again (issue 10, "Research is one core step").
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { joinJob, type JobHead } from '../../apps-script/src/research/job-parts';
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

/** The job as stored now (its head and parts, job-parts.ts), put back together. */
function storedJob(): { research: { version: number; items: Record<string, unknown>[] } } {
  const texts = new Map(
    h.workbook
      .mustSheet('_pds_jobs')
      .values()
      .map((row) => [
        String(row[0]).slice(1),
        row
          .slice(4, 4 + Number(row[3]))
          .map((c) => String(c).slice(1))
          .join(''),
      ]),
  );
  const id = [...texts.keys()].find((k) => !k.includes('#'))!;
  const parts = new Map([...texts].filter(([k]) => k.startsWith(`${id}#`)).map(([k, v]) => [k.slice(id.length + 1), v]));
  return joinJob(JSON.parse(texts.get(id)!) as JobHead, parts) as unknown as ReturnType<typeof storedJob>;
}

/** Rewrites the saved job in the state sheet the way the previous version saved it: one row, the whole job. */
function saveAsVersion1(): void {
  const state = h.workbook.mustSheet('_pds_jobs');
  const job = storedJob();
  job.research.version = 1;
  job.research.items = job.research.items.map(({ phase: _phase, serviceStatus: _serviceStatus, ...old }, i) =>
    // The last item as a run cut mid-submit left it: `submitting`, no request id yet.
    i === 2 ? { ...old, requestId: null, status: 'submitting', outcome: 'unsubmitted' } : old,
  );
  const text = JSON.stringify(job);
  expect(text.length).toBeLessThan(45000);
  expect(text).not.toContain('"phase"');
  const rows = state.values();
  const head = rows.findIndex((row) => !String(row[0]).includes('#'));
  // The parts go: an earlier version kept the whole job in its one row.
  for (let i = rows.length - 1; i >= 0; i--) if (i !== head) state.deleteRows(i, 1);
  // The head is now the only row.
  state.setCell(0, 3, { value: 1 });
  state.setCell(0, 4, { value: `~${text}` });
  for (let j = 5; j < rows[head].length; j++) state.setCell(0, j, { value: '' });
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
