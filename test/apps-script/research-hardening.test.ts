/**
 * Issue 9, research in Sheets (the built add-on in the harness, the sandbox as a process): a confirmed row
 * count that cannot be read sends nothing, id cells that are not text are refused with the row, and credits
 * that cover part of an enrichment research that part, fail the rest with the credits error and say so.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, admin, connect, countOf, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;
let ids: string[];

beforeAll(async () => {
  sb = await startSandbox({ research: { queuedMs: 100, researchingMs: 200 } });
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Leads'] });
  await connect(h, sb);
  await h.run('importSearch', { kind: 'contacts', filters: 'seniority=Manager', limit: 20, sheetName: 'Managers' });
  ids = h.workbook
    .mustSheet('Managers')
    .values()
    .slice(1)
    .map((r) => String(r[0]));
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Progress = {
  jobId: string;
  total: number;
  done: number;
  error: number;
  pending: number;
  complete: boolean;
  note: string | null;
  notResearchedForCredits: number;
};

function fillLeads(rows: (string | number | boolean | Date)[][]): void {
  const sheet = h.workbook.mustSheet('Leads');
  [['searchResultId', 'note'], ...rows].forEach((r, i) => r.forEach((v, j) => sheet.setCell(i, j, { value: v })));
}

test('a confirmed row count that cannot be read refuses the start, nothing sent', async () => {
  fillLeads([[ids[0], 'a']]);
  h.workbook.setActiveRange('Leads!A2:B2');
  for (const bad of ['five', { n: 1 }, [1], true, 1.5, -1, null]) {
    await expect(h.run('startEnrichment', bad)).rejects.toThrow(/confirmedItems: must be the whole number of rows confirmed in the preview/);
  }
  expect(countOf(await requestCounts(sb), 'POST /v1/contacts/research')).toBe(0);
}, 60_000);

test('id cells that are TRUE, a date or a fraction are refused with their row, never sent as text', async () => {
  fillLeads([
    [ids[0], 'ok'],
    [true, 'bool'],
    [new Date(Date.UTC(2026, 0, 2)), 'date'],
    [1.5, 'fraction'],
  ]);
  h.workbook.setActiveRange('Leads!A2:B5');
  const preview = (await h.run('previewEnrichment')) as { items: number; invalid: { row: number; reason: string }[] };
  expect(preview.items).toBe(1);
  expect(preview.invalid).toEqual([
    { row: 3, reason: expect.stringMatching(/^searchResultId: must be text/) },
    { row: 4, reason: expect.stringMatching(/^searchResultId: must be text/) },
    { row: 5, reason: expect.stringMatching(/^searchResultId: must be text/) },
  ]);
}, 60_000);

test('3 credits for 5 rows: 3 researched in row order, 2 carry the credits error, the progress says so', async () => {
  fillLeads(ids.slice(5, 10).map((id) => [id, '']));
  await admin(sb, 'PUT', '/credits', { org: 'A', balance: 3 });
  h.workbook.setActiveRange('Leads!A2:B6');
  let p = (await h.run('startEnrichment', 5)) as Progress;
  for (let i = 0; i < 20 && !p.complete; i++) {
    await sleep(2100);
    p = (await h.run('pollEnrichment', p.jobId)) as Progress;
  }
  expect(p).toMatchObject({ complete: true, total: 5, notResearchedForCredits: 2 });
  expect(p.note).toMatch(/^2 of 5 items were not researched because the research credits ran out/);
  const values = h.workbook.mustSheet('Leads').values();
  const status = values[0].indexOf('PDS status');
  const message = values[0].indexOf('PDS message');
  expect(values.slice(1, 4).map((r) => r[status])).toEqual(['done', 'done', 'done']);
  for (const r of values.slice(4, 6)) {
    expect(r[status]).toBe('error: submit-failed');
    expect(String(r[message])).toMatch(/credits ran out before this item/);
  }
}, 120_000);
