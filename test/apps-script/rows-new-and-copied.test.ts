/**
 * Issue 20's gaps (the built add-on in the harness, the sandbox as a process): the automatic enrichment decides
 * which rows are new by row identity, not by a saved row number, so rows deleted or inserted above the data between
 * two runs make no new row skipped and none researched twice; and a row copied while it was `queued` is told that
 * its result went to the original, and is researched again only once the user clears its status.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import type { Cell } from '../apps-script-harness/fakes/spreadsheet-model';
import { addOnHarness, admin, connect, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;

beforeAll(async () => {
  sb = await startSandbox({ research: { queuedMs: 100, researchingMs: 300 } });
  await admin(sb, 'PUT', '/credits', { org: 'A', balance: 10_000 });
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Inbound', 'Copied'] });
  await connect(h, sb);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const lead = (name: string) => [`${name} Person`, `${name} Inc`, `${name.toLowerCase()}@${name.toLowerCase()}.example`];
/** Emails asked for by every research request so far, in order. */
const asked = async () => (await admin<{ input: { email?: string } }[]>(sb, 'GET', '/research?org=A')).map((j) => j.input?.email ?? '');
function table(name: string): Record<string, string>[] {
  const [head, ...rows] = h.workbook.mustSheet(name).values();
  return rows.map((r) => Object.fromEntries(head.map((c, i) => [String(c), String(r[i] ?? '')])));
}
function put(name: string, row: number, values: string[]): void {
  const sheet = h.workbook.mustSheet(name);
  values.forEach((v, c) => sheet.setCell(row, c, { value: v } as Cell));
}
async function hourly(): Promise<void> {
  h.clock.advance(3_600_000 + 1000);
  const runs = await h.fireTriggers();
  expect(runs.map((r) => r.ok)).toEqual([true]);
}
const researched = (s: string) => /^(done|duplicate|not found)/.test(s);

test('automatic enrichment: rows deleted and inserted above the data between runs; every new row researched once, none skipped', async () => {
  const sheet = h.workbook.mustSheet('Inbound');
  put('Inbound', 0, ['Name', 'Company', 'Email']);
  put('Inbound', 1, lead('Old1'));
  put('Inbound', 2, lead('Old2'));
  h.workbook.setActiveRange('Inbound!A1');
  await h.run('setAutoEnrichment', { auto: true, kind: 'contacts', fields: ['title'], maxCredits: null });
  const before = (await asked()).length;

  // Hour 1: three rows added below.
  ['New1', 'New2', 'New3'].forEach((n, i) => put('Inbound', 3 + i, lead(n)));
  await hourly();
  // Hour 2: the two old rows deleted (everything moves up two rows), then two new rows added below.
  sheet.deleteRows(1, 2);
  put('Inbound', 4, lead('New4'));
  put('Inbound', 5, lead('New5'));
  await hourly();
  // Hour 3: two rows inserted above the data and filled (new rows, above researched ones), one new row below.
  sheet.insertRows(1, 2);
  put('Inbound', 1, lead('New6'));
  put('Inbound', 2, lead('New7'));
  put('Inbound', 8, lead('New8'));
  await hourly();
  // Hour 4: nothing new, nothing sent.
  await hourly();

  const sent = (await asked()).slice(before).sort();
  const expected = ['New1', 'New2', 'New3', 'New4', 'New5', 'New6', 'New7', 'New8'].map((n) => lead(n)[2]).sort();
  expect(sent).toEqual(expected); // each new row once, no old row, none twice
  const rows = table('Inbound');
  expect(rows.map((r) => r.Email).sort()).toEqual(expected);
  expect(rows.filter((r) => !researched(r['PDS status']))).toEqual([]);
  await h.run('setAutoEnrichment', { auto: false });
}, 180_000);

test('a row copied while it was queued: told where its result went, never paid silently, researched once its status is cleared', async () => {
  const sheet = h.workbook.mustSheet('Copied');
  put('Copied', 0, ['Name', 'Company', 'Email']);
  ['C1', 'C2', 'C3'].forEach((n, i) => put('Copied', 1 + i, lead(n)));
  h.workbook.setActiveRange('Copied!A1');
  const before = (await asked()).length;
  const request = { scope: 'sheet', kind: 'contacts', fields: ['title'], onlyNotResearched: true, maxCredits: null };
  let p = (await h.run('startSheetEnrichment', request, 3)) as { jobId: string; complete: boolean };
  const statusAt = () => h.workbook.mustSheet('Copied').values()[0].indexOf('PDS status');
  expect(String(sheet.cell(1, statusAt())?.value)).toMatch(/queued|researching/);
  // Row 2 (queued, with its id and request id) copied below the data.
  sheet.copyRow(1, 4);
  for (let i = 0; i < 40 && !p.complete; i++) {
    await sleep(300);
    p = (await h.run('pollEnrichment', p.jobId)) as { jobId: string; complete: boolean };
  }
  expect(p.complete).toBe(true);
  let rows = table('Copied');
  expect(researched(rows[0]['PDS status'])).toBe(true);
  expect(rows[3]['PDS status']).toBe('copy: not researched');
  expect(rows[3]['PDS message']).toMatch(/Copy of row 2.*result went to row 2.*Clear the status to research this row/);
  expect((await asked()).slice(before)).toHaveLength(3);

  // Every row asked for again (not only unresearched ones): the copy is still not sent (rows found are not either).
  const all = { ...request, onlyNotResearched: false };
  const found = rows.filter((r) => /^(done|duplicate)/.test(r['PDS status'])).length;
  const preview = (await h.run('previewSheetEnrichment', all)) as { items: number; alreadyDone: number };
  expect(preview).toMatchObject({ items: 3 - found, alreadyDone: found + 1 });

  // The user clears its status: the next run researches it, once.
  sheet.setCell(4, statusAt(), { value: '' } as Cell);
  expect(await h.run('previewSheetEnrichment', request)).toMatchObject({ items: 1 });
  p = (await h.run('startSheetEnrichment', request, 1)) as { jobId: string; complete: boolean };
  for (let i = 0; i < 40 && !p.complete; i++) {
    await sleep(300);
    p = (await h.run('pollEnrichment', p.jobId)) as { jobId: string; complete: boolean };
  }
  rows = table('Copied');
  expect(researched(rows[3]['PDS status'])).toBe(true);
  expect((await asked()).slice(before)).toEqual([...['C1', 'C2', 'C3'].map((n) => lead(n)[2]), lead('C1')[2]]);
}, 180_000);
