/**
 * Issue 13, what one enrichment step costs: the start submits and polls nothing (nothing can have finished yet), the
 * first poll is due an interval after the submit, and a poll saves the job's state row once.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, connect, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Progress = { jobId: string; complete: boolean; pending: number; setValuesCalls: number };

beforeAll(async () => {
  sb = await startSandbox({ research: { queuedMs: 100, researchingMs: 300 } });
  h = addOnHarness({ user: 'steps@example.com' });
  await connect(h, sb, { pollIntervalMs: 2000 });
  await h.run('importSearch', { kind: 'contacts', filters: 'seniority=Manager', limit: 30, sheetName: 'Leads' });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

const polls = () => h.http.log.filter((c) => c.url.includes('/research/poll')).length;

test('the start submits without polling; a poll an interval later finishes the rows and saves the job once', async () => {
  h.workbook.setActiveRange('Leads!A2:A31');
  const preview = (await h.run('previewEnrichment')) as { items: number };
  const before = polls();
  const started = (await h.run('startEnrichment', preview.items)) as Progress;
  // Before: the start polled every id it had just submitted (for 20,000 rows, 200 requests over 3 rate windows).
  expect(polls()).toBe(before);
  expect(started.complete).toBe(false);

  // Polled sooner than the interval after the submit: nothing is asked.
  const early = (await h.run('pollEnrichment', started.jobId)) as Progress;
  expect(polls()).toBe(before);
  expect(early.complete).toBe(false);

  await sleep(2100);
  const writes = h.workbook.stats.setValuesCalls;
  const done = (await h.run('pollEnrichment', started.jobId)) as Progress;
  expect(done.complete).toBe(true);
  expect(polls()).toBe(before + 1);
  // The results (one setValues) and the job's state row once; before, the state row was written twice.
  expect(h.workbook.stats.setValuesCalls - writes - done.setValuesCalls).toBeLessThanOrEqual(1);
  const [head, ...rows] = h.workbook.mustSheet('Leads').values();
  const status = rows.map((r) => String(r[head.indexOf('PDS status')] ?? ''));
  expect(status.every((s) => /^(done|duplicate|not found)/.test(s))).toBe(true);
}, 60_000);
