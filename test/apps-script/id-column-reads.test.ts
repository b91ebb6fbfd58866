/**
 * Issue 29, 100,000 rows: a poll execution writes its results slice by slice, and each write finds its rows by id.
 * Reading the whole id column before every slice's write made a run's reads grow with rows × slices (Google charges
 * each cell read) and its heap with the sheet. Now an execution reads the column whole once and checks each later
 * write's own rows with one read over their span; a row that moved makes it read the column whole again, so results
 * still land on their rows. One id per poll request here, so 200 rows make 10 slices of 20 in one poll execution.
 */
import type { Cell } from '../apps-script-harness/fakes/spreadsheet-model';
import { connectedPerFile, creditsOf } from './setup';

const ROWS = 200;

const env = connectedPerFile({
  user: 'idreads@example.com',
  sandbox: { rateLimit: { windowMs: 1000, defaultLimit: 60 }, research: { queuedMs: 100, researchingMs: 200 } },
  settings: { pollIdsLimit: 1 },
});

const finalStatus = (s: string) => s === 'done' || s === 'not found' || s.startsWith('duplicate');

function table(name: string): Record<string, string>[] {
  const [head, ...rows] = env.h.workbook.mustSheet(name).values();
  return rows.filter((r) => r.some((v) => v !== '' && v !== null)).map((r) => Object.fromEntries(head.map((k, i) => [String(k), String(r[i] ?? '')])));
}

/** Cells of `header`'s column read so far (the harness counts reads per column). */
function readOf(sheet: string, header: string): number {
  const column = env.h.workbook.mustSheet(sheet).values()[0].indexOf(header) + 1;
  return env.h.workbook.stats.cellsReadByColumn[sheet]?.[column] ?? 0;
}

async function enrich(sheet: string): Promise<{ jobId: string }> {
  await env.h.run('importSearch', { kind: 'contacts', filters: 'seniority=Manager,Director', limit: ROWS, sheetName: sheet });
  env.h.workbook.setActiveRange(`${sheet}!A2:A${ROWS + 1}`);
  const preview = (await env.h.run('previewEnrichment')) as { items: number };
  const started = (await env.h.run('startEnrichment', preview.items)) as { jobId: string };
  // The first poll is due one interval (2 s) after the submit; research takes 0.3 s.
  await new Promise((r) => setTimeout(r, 2100));
  return started;
}

test('a poll execution writing 10 slices reads the id column whole once, not once per slice; every row once', async () => {
  const credits = await creditsOf(env.sb);
  const started = await enrich('Leads');
  const before = readOf('Leads', 'PDS row id');
  const progress = (await env.h.run('pollEnrichment', started.jobId)) as { complete: boolean };
  expect(progress.complete).toBe(true);
  const read = readOf('Leads', 'PDS row id') - before;
  // One whole read (200 cells) and each slice's span (20 rows each): at most twice the rows, where a whole read per
  // slice was 10 × 200.
  expect(read).toBeGreaterThanOrEqual(ROWS);
  expect(read).toBeLessThanOrEqual(2 * ROWS);
  const rows = table('Leads');
  expect(rows.every((r) => finalStatus(r['PDS status']))).toBe(true);
  expect(credits - (await creditsOf(env.sb))).toBe(rows.filter((r) => r['PDS status'] === 'done').length);
}, 120_000);

test('rows sorted between two polls: every result lands on its own row, none lost', async () => {
  const started = await enrich('Sorted');
  const sheet = env.h.workbook.mustSheet('Sorted');
  // The first poll is cut after its first slices; the rows are then sorted by name, descending.
  await env.h.execute({ kind: 'run', fn: 'pollEnrichment', args: [started.jobId], timeLimitMs: 1500 });
  const column = sheet.values()[0].indexOf('searchResultId');
  expect(column).toBeGreaterThanOrEqual(0);
  sheet.sortRows(1, sheet.lastRow() - 1, (a: (Cell | undefined)[], b: (Cell | undefined)[]) =>
    String(b[column]?.value ?? '').localeCompare(String(a[column]?.value ?? '')),
  );
  let progress = { complete: false };
  for (let k = 0; k < 10 && !progress.complete; k++) {
    await new Promise((r) => setTimeout(r, 1000));
    progress = (await env.h.run('pollEnrichment', started.jobId)) as { complete: boolean };
  }
  expect(progress.complete).toBe(true);
  // Each request id in the sheet asked for the contact of the row it is on.
  const asked = new Map(
    ((await (await fetch(`${env.sb.info.admin}/research?org=A`)).json()) as { requestId: string; searchResultId: string | null }[]).map((j) => [
      j.requestId,
      j.searchResultId,
    ]),
  );
  const rows = table('Sorted');
  expect(rows.every((r) => finalStatus(r['PDS status']))).toBe(true);
  const misplaced = rows.filter((r) => r['PDS requestId'] && asked.get(r['PDS requestId']) !== r.searchResultId);
  expect(misplaced).toEqual([]);
}, 120_000);
