/**
 * The sidebar polls an enrichment when its next step is due, not a fixed interval after the last answer: each
 * progress says in how many ms (`nextStepInMs`), and Sidebar.html's nextPollMs waits that (at least 0.5 s, at most
 * its 3 s). A start whose results are due by the time it ends is followed by the poll that writes them at once.
 */
import { connectedPerFile, countOf, requestCounts } from './setup';

const ROWS = 30;
const INTERVAL = 2000; // the client's pollIntervalMs (spec: 2 to 5 s)

const env = connectedPerFile({
  user: 'next-poll@example.com',
  sandbox: { research: { queuedMs: 100, researchingMs: 200 } },
  settings: { pollIntervalMs: INTERVAL },
});

const pollRequests = async () => countOf(await requestCounts(env.sb), 'GET /v1/contacts/research/poll');

type Progress = { jobId: string; complete: boolean; nextStepInMs?: number };

test('each progress says when the next step is due: an interval after the last sweep, at once when a sweep is due, nothing once complete', async () => {
  await env.h.run('importSearch', { kind: 'contacts', filters: '', limit: ROWS, sheetName: 'Leads' });
  env.h.workbook.setActiveRange(`Leads!A2:A${ROWS + 1}`);
  const preview = (await env.h.run('previewEnrichment')) as { items: number };
  const start = (await env.h.run('startEnrichment', preview.items)) as Progress;
  expect(start.complete).toBe(false);
  // Everything was sent; the first sweep is due an interval after the submit (which this run just made).
  expect(start.nextStepInMs).toBeGreaterThan(0);
  expect(start.nextStepInMs).toBeLessThanOrEqual(INTERVAL);

  // Polled early: nothing is due yet, and the answer says how long is left.
  const early = (await env.h.run('pollEnrichment', start.jobId)) as Progress;
  expect(early.complete).toBe(false);
  expect(early.nextStepInMs).toBeLessThanOrEqual(start.nextStepInMs!);

  // Polled when it said: the sweep runs (research took 0.3 s) and the job is complete, with nothing more due.
  await new Promise((r) => setTimeout(r, early.nextStepInMs! + 50));
  const done = (await env.h.run('pollEnrichment', start.jobId)) as Progress;
  expect(done.complete).toBe(true);
  expect(done.nextStepInMs).toBeUndefined();
}, 120_000);

test('a start whose writes outlast the poll interval runs the first sweep itself: its results are in the sheet when it returns', async () => {
  const sheet = 'Later';
  await env.h.run('importSearch', { kind: 'contacts', filters: 'seniority=Manager', limit: ROWS, sheetName: sheet });
  env.h.workbook.setActiveRange(`${sheet}!A2:A${ROWS + 1}`);
  const preview = (await env.h.run('previewEnrichment')) as { items: number };
  // A slow Google: each cell this start writes costs 40 ms (its queued rows after the submit: 90 cells), so the
  // interval after the service's answer has passed when they are written.
  const published = env.h.limits.sheetCosts!;
  env.h.limits.sheetCosts = { ...published, writeCellMs: 40 };
  const polls = await pollRequests();
  const start = (await env.h.run('startEnrichment', preview.items)) as Progress;
  env.h.limits.sheetCosts = published;
  // The interval counted from the answer (not from the end of the writes): one sweep, in this same execution.
  expect(start.complete).toBe(true);
  expect((await pollRequests()) - polls).toBe(1);
  const values = env.h.workbook.mustSheet(sheet).values();
  const status = values[0].indexOf('PDS status');
  expect(values.slice(1, ROWS + 1).every((r) => r[status] === 'done' || String(r[status]).startsWith('duplicate') || r[status] === 'not found')).toBe(true);
}, 120_000);
