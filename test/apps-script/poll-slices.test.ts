/**
 * A large poll sweep is cut into slices (issue 24, 100,000 rows): each slice's results are written and the job saved
 * before the next slice is polled, so a run cut by Apps Script's time limit mid-sweep keeps what its finished slices
 * read, and the sheet fills window by window. One id per poll request here, so 200 rows make a 200-request sweep.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, connect, countOf, creditsOf, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;
const ROWS = 200;

beforeAll(async () => {
  sb = await startSandbox({ rateLimit: { windowMs: 1000, defaultLimit: 60 }, research: { queuedMs: 100, researchingMs: 200 } });
  h = addOnHarness({ user: 'slices@example.com' });
  await connect(h, sb, { pollIdsLimit: 1 });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

const finalStatus = (s: string) => s === 'done' || s === 'not found' || s.startsWith('duplicate');

function statuses(): string[] {
  const values = h.workbook.mustSheet('Leads').values();
  const col = values[0].indexOf('PDS status');
  return values.slice(1, ROWS + 1).map((r) => String(r[col]));
}

test('a poll sweep cut by the time limit keeps the results of the slices it finished; the next poll finishes the rest, each row once', async () => {
  await h.run('importSearch', { kind: 'contacts', filters: 'seniority=Manager,Director', limit: ROWS, sheetName: 'Leads' });
  h.workbook.setActiveRange(`Leads!A2:A${ROWS + 1}`);
  const preview = (await h.run('previewEnrichment')) as { items: number };
  const credits = await creditsOf(sb);
  const started = (await h.run('startEnrichment', preview.items)) as { jobId: string };
  // The first poll is due one interval (2 s) after the submit; research takes 0.3 s.
  await new Promise((r) => setTimeout(r, 2100));
  // 200 poll requests at 60 a second need more than 3 s: the run is cut part way.
  const cut = await h.execute({ kind: 'run', fn: 'pollEnrichment', args: [started.jobId], timeLimitMs: 2500 });
  expect(cut.timedOut).toBe(true);
  // At least one slice (60 requests, 60 rows) was written before the cut.
  expect(statuses().filter(finalStatus).length).toBeGreaterThanOrEqual(60);

  // The next poll goes on; every row ends written once and each unique contact is paid once.
  let progress = { complete: false };
  for (let k = 0; k < 10 && !progress.complete; k++) {
    await new Promise((r) => setTimeout(r, 1000));
    progress = (await h.run('pollEnrichment', started.jobId)) as { complete: boolean };
  }
  expect(progress.complete).toBe(true);
  const all = statuses();
  expect(all.every(finalStatus)).toBe(true);
  expect(credits - (await creditsOf(sb))).toBe(all.filter((s) => s === 'done').length);
  expect(countOf(await requestCounts(sb), 'POST /v1/contacts/research')).toBe(1);
}, 120_000);
