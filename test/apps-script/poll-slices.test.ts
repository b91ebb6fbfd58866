/**
 * A large poll sweep is cut into slices (issue 24, 100,000 rows): each slice's results are written and the job saved
 * before the next slice is polled, so a run cut by Apps Script's time limit mid-sweep keeps what its finished slices
 * read, and the sheet fills window by window. One id per poll request here, so 200 rows make a 200-request sweep.
 */
import { connectedPerFile, countOf, creditsOf, requestCounts } from './setup';

const ROWS = 200;

const env = connectedPerFile({
  user: 'slices@example.com',
  sandbox: { rateLimit: { windowMs: 1000, defaultLimit: 60 }, research: { queuedMs: 100, researchingMs: 200 } },
  settings: { pollIdsLimit: 1 },
});

const finalStatus = (s: string) => s === 'done' || s === 'not found' || s.startsWith('duplicate');

function statuses(): string[] {
  const values = env.h.workbook.mustSheet('Leads').values();
  const col = values[0].indexOf('PDS status');
  return values.slice(1, ROWS + 1).map((r) => String(r[col]));
}

test('a poll sweep cut by the time limit keeps the results of the slices it finished; the next poll finishes the rest, each row once', async () => {
  await env.h.run('importSearch', { kind: 'contacts', filters: 'seniority=Manager,Director', limit: ROWS, sheetName: 'Leads' });
  env.h.workbook.setActiveRange(`Leads!A2:A${ROWS + 1}`);
  const preview = (await env.h.run('previewEnrichment')) as { items: number };
  const credits = await creditsOf(env.sb);
  const started = (await env.h.run('startEnrichment', preview.items)) as { jobId: string };
  // The first poll is due one interval (2 s) after the submit; research takes 0.3 s.
  await new Promise((r) => setTimeout(r, 2100));
  // 200 poll requests at 60 a second need more than 3 s: the run is cut part way.
  const cut = await env.h.execute({ kind: 'run', fn: 'pollEnrichment', args: [started.jobId], timeLimitMs: 2500 });
  expect(cut.timedOut).toBe(true);
  // At least one slice (20 requests, 20 rows here: advance.ts SLICE_REQUESTS, 60 before issue 29 bounded a slice's
  // memory) was written before the cut.
  expect(statuses().filter(finalStatus).length).toBeGreaterThanOrEqual(20);

  // The next poll goes on; every row ends written once and each unique contact is paid once.
  let progress = { complete: false };
  for (let k = 0; k < 10 && !progress.complete; k++) {
    await new Promise((r) => setTimeout(r, 1000));
    progress = (await env.h.run('pollEnrichment', started.jobId)) as { complete: boolean };
  }
  expect(progress.complete).toBe(true);
  const all = statuses();
  expect(all.every(finalStatus)).toBe(true);
  expect(credits - (await creditsOf(env.sb))).toBe(all.filter((s) => s === 'done').length);
  expect(countOf(await requestCounts(env.sb), 'POST /v1/contacts/research')).toBe(1);
}, 120_000);
