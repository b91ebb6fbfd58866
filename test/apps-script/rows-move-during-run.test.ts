/**
 * Issue 20 point 1: a result lands on the row it belongs to, whatever collaborators do to the sheet during the run.
 * 5,000 rows are enriched (the built add-on in the harness, the sandbox as a process) while rows are inserted above
 * the data, deleted, sorted, a row is copied with its identity, columns are moved and a header is renamed. Checked
 * against the sandbox's own record of what each request id asked for: every result is on the row whose input
 * produced it, no row that was not researched says anything, and every paid result is in the sheet or, for the
 * deleted rows, in the recovery sheet, as the summary says.
 */
import { NOT_STRICT, type Harness, type SandboxProcess } from '../apps-script-harness';
import type { Cell } from '../apps-script-harness/fakes/spreadsheet-model';
import { addOnHarness, admin, connect, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;
const N = 5000;
const SHEET = 'Leads';

beforeAll(async () => {
  sb = await startSandbox({ research: { queuedMs: 200, researchingMs: 400 }, rateLimit: { defaultLimit: 100_000 } });
  await admin(sb, 'PUT', '/credits', { org: 'A', balance: 100_000 });
  // Google's sheet costs off here: the edits below are timed to land between a batch's submit and its results (step 1
  // deletes rows whose results are not in yet), and with the costs charged the first poll already writes them, so the
  // recovery this test is about would never be exercised. Row identity under edits is what it checks, not speed.
  h = addOnHarness({ user: 'rep@example.com', sheets: [SHEET], limits: NOT_STRICT });
  await connect(h, sb);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

type Progress = { jobId: string; complete: boolean; recovered: number };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const emailOf = (i: number) => `lead${i}@co${i}.example`;

function table(name: string): Record<string, string>[] {
  const [head, ...rows] = h.workbook.mustSheet(name).values();
  return rows.map((r) => Object.fromEntries(head.map((c, i) => [String(c), String(r[i] ?? '')])));
}
const column = (name: string, header: string) => h.workbook.mustSheet(name).values()[0].indexOf(header);

test('5,000 rows: insert, delete, sort, copy a row, move columns and rename a header during the run; every result on its own row, none lost', async () => {
  const sheet = h.workbook.mustSheet(SHEET);
  const put = (r: number, values: string[]) => values.forEach((v, c) => sheet.setCell(r, c, { value: v } as Cell));
  sheet.maxRows = N + 100;
  put(0, ['Name', 'Company', 'Email']);
  for (let i = 1; i <= N; i++) put(i, [`Lead ${i}`, `Company ${i}`, emailOf(i)]);
  const request = { scope: 'sheet', kind: 'contacts', fields: ['contactId', 'title'], onlyNotResearched: true, maxCredits: null };
  const preview = (await h.run('previewSheetEnrichment', request)) as { items: number };
  expect(preview.items).toBe(N);
  let p = (await h.run('startSheetEnrichment', request, N)) as Progress;

  // Two rows inserted above the data, with inputs a scan would research: they are no part of this run.
  sheet.insertRows(1, 2);
  put(1, ['Inserted One', 'Nobody Inc', 'inserted1@x.example']);
  put(2, ['Inserted Two', 'Nobody Inc', 'inserted2@x.example']);
  // A row not yet sent (the last one) copied with its id over an empty row below the data.
  const lastRow = sheet.lastRow();
  sheet.copyRow(lastRow - 1, lastRow);
  const copiedEmail = emailOf(N);

  const deleted: string[] = [];
  for (let step = 0; step < 120 && !p.complete; step++) {
    if (step === 1) {
      // Three rows of the first batch (sent, paid, results not in yet) deleted.
      for (const at of [3, 4, 5]) deleted.push(String(sheet.cell(at, 2)?.value));
      sheet.deleteRows(3, 3);
    }
    if (step === 2) {
      // Sort every data row by name, descending: rows of every batch change places.
      const last = sheet.lastRow() - 1;
      sheet.sortRows(1, last, (a, b) => String(b[0]?.value ?? '').localeCompare(String(a[0]?.value ?? '')));
    }
    if (step === 3) {
      // Email moved to the front, the status column moved before Name and its header renamed.
      sheet.moveColumns(2, 1, 0);
      const status = column(SHEET, 'PDS status');
      sheet.moveColumns(status, 1, 1);
      sheet.setCell(0, 1, { value: 'Status (ours)' } as Cell);
    }
    await sleep(300);
    p = (await h.run('pollEnrichment', p.jobId)) as Progress;
  }
  expect(p.complete).toBe(true);

  const asked = new Map(
    (await admin<{ requestId: string; org: string; input: { email?: string } }[]>(sb, 'GET', '/research?org=A')).map((j) => [j.requestId, j.input?.email]),
  );
  const rows = table(SHEET);
  expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(['Email', 'Status (ours)', 'PDS requestId']));
  const withResult = rows.filter((r) => r['PDS requestId']);
  // Every request id in the sheet asked for the Email of the row it is on.
  const misplaced = withResult.filter((r) => asked.get(r['PDS requestId']) !== r.Email);
  expect(misplaced).toEqual([]);
  // Rows that were not researched say nothing: the inserted ones, and the copy (one result per id).
  for (const r of rows.filter((x) => x.Email.startsWith('inserted'))) expect([r['Status (ours)'], r['PDS requestId']]).toEqual(['', '']);
  const copies = rows.filter((r) => r.Email === copiedEmail);
  expect(copies).toHaveLength(2);
  expect(copies.filter((r) => r['Status (ours)'] !== '')).toHaveLength(1);
  expect(rows.filter((r) => /^done|^duplicate|^not found/.test(r['Status (ours)'])).length).toBe(N - 3);
  // 0 paid results lost: every request of the run is on a row, or (deleted rows) in the recovery sheet.
  const recovered = table('PDS recovered results');
  expect(p.recovered).toBe(3);
  expect(recovered.map((r) => asked.get(r['PDS requestId'])).sort()).toEqual(deleted.sort());
  const placed = new Set([...withResult.map((r) => r['PDS requestId']), ...recovered.map((r) => r['PDS requestId'])]);
  expect([...asked.keys()].filter((id) => !placed.has(id))).toEqual([]);
  expect(asked.size).toBe(N);
}, 600_000);
