/**
 * Issue 20 point 2: a cap means what it says. A cap of 0 is refused (nothing sent), an empty cap is "no cap" only
 * when the request says so, the preview, the start and the run log state the cap in force, and a manual run never
 * changes the saved automatic settings.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import type { Cell } from '../apps-script-harness/fakes/spreadsheet-model';
import { addOnHarness, admin, connect, countOf, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;

beforeAll(async () => {
  sb = await startSandbox({ research: { queuedMs: 50, researchingMs: 100 } });
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Zero', 'Auto'] });
  await connect(h, sb);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

function fill(name: string, from: number, count: number, tag: string): void {
  const sheet = h.workbook.mustSheet(name);
  const put = (r: number, values: string[]) => values.forEach((v, c) => sheet.setCell(r, c, { value: v } as Cell));
  put(0, ['Name', 'Company', 'Email']);
  for (let i = 0; i < count; i++) put(from + i, [`${tag} ${from + i}`, `${tag} Co ${from + i}`, `${tag}${from + i}@cap.example`]);
}
const researched = async () => countOf(await requestCounts(sb), 'POST /v1/contacts/research');
const asked = async () => (await admin<unknown[]>(sb, 'GET', '/research?org=A')).length;

test('a cap of 0 is refused, naming the field, before anything is sent; the preview states the cap in force', async () => {
  fill('Zero', 1, 6, 'zero');
  h.workbook.setActiveRange('Zero!A1');
  const request = { scope: 'sheet', kind: 'contacts', fields: ['title'], maxCredits: 0 };
  const before = await researched();
  for (const fn of ['previewSheetEnrichment', 'saveEnrichmentSettings', 'setAutoEnrichment'] as const) {
    await expect(h.run(fn, fn === 'setAutoEnrichment' ? { ...request, auto: true } : request)).rejects.toThrow(
      /^maxCredits: must be a whole number of at least 1 \(0 researches nothing\).*\(got 0\)/,
    );
  }
  await expect(h.run('startSheetEnrichment', request, 6)).rejects.toThrow(
    /^maxCredits: must be a whole number of at least 1 \(0 researches nothing\).*\(got 0\)/,
  );
  await expect(h.run('startSheetEnrichment', { ...request, maxCredits: '0' }, 6)).rejects.toThrow(/^maxCredits: .*\(got "0"\)/);
  expect(await researched()).toBe(before);
  expect(h.workbook.mustSheet('Zero').values()[0]).toEqual(['Name', 'Company', 'Email']);

  const capped = (await h.run('previewSheetEnrichment', { ...request, maxCredits: 2 })) as { items: number; cap: number; capText: string };
  expect(capped).toMatchObject({ items: 2, cap: 2, capText: 'credit cap: at most 2 per run' });
  const open = (await h.run('previewSheetEnrichment', { ...request, maxCredits: '' })) as { items: number; cap: null; capText: string };
  expect(open).toMatchObject({ items: 6, cap: null, capText: 'no credit cap (left empty)' });
}, 60_000);

test('a manual run never changes the saved automatic settings: the automatic cap holds for the new rows', async () => {
  fill('Auto', 1, 2, 'auto');
  h.workbook.setActiveRange('Auto!A1');
  const on = (await h.run('setAutoEnrichment', { auto: true, kind: 'contacts', fields: ['title'], maxCredits: 3 })) as { maxCredits: number };
  expect(on.maxCredits).toBe(3);
  // A manual run without a cap, chosen (empty field), over the rows already there.
  const manual = { scope: 'sheet', kind: 'contacts', fields: ['title', 'seniority'], maxCredits: null };
  const preview = (await h.run('previewSheetEnrichment', manual)) as { items: number; capText: string };
  expect(preview).toMatchObject({ items: 2, capText: 'no credit cap (left empty)' });
  const started = (await h.run('startSheetEnrichment', manual, 2)) as { capText: string };
  expect(started.capText).toBe('no credit cap (left empty)');
  // A request without the field at all keeps the saved cap: the sheet's settings were not touched by the run.
  const panel = (await h.run('enrichmentPanel')) as { settings: { maxCredits: number | null; fields: string[]; auto: boolean } };
  expect(panel.settings).toMatchObject({ maxCredits: 3, fields: ['title'], auto: true });
  const kept = (await h.run('setAutoEnrichment', { auto: true, kind: 'contacts', fields: ['title'] })) as { maxCredits: number | null };
  expect(kept.maxCredits).toBe(3);

  // 8 new rows: the next hourly run takes 3 of them, and its run log line says which cap held.
  await h.run('setRunLog', { enabled: true, sheetName: 'PDS run log', maxRows: 50 });
  fill('Auto', 3, 8, 'new');
  const before = await asked();
  h.clock.advance(3_600_000 + 1000);
  expect((await h.fireTriggers()).map((r) => r.ok)).toEqual([true]);
  expect((await asked()) - before).toBe(3);
  const log = h.workbook
    .mustSheet('PDS run log')
    .values()
    .map((r) => String(r[1]));
  expect(log.some((line) => /auto-enrich Auto: 3 new row\(s\) queued \(credit cap: at most 3 per run\)/.test(line))).toBe(true);
}, 120_000);
