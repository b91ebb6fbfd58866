/**
 * Issue 29: a Start makes a number of service calls that does not grow with the rows it reads (600 rows made about
 * 1,650 calls: a Utilities.getUuid per row id, a getLastRow per row, the column tags looked up once per column and
 * per row with copies). Row ids now come from one random seed per execution, the id column is read and written once
 * for the rows and their copies together, and a pass reads the sheet's column tags once.
 */
import { researchFields } from '../../apps-script/src/enrichment/fields';
import type { Cell } from '../apps-script-harness/fakes/spreadsheet-model';
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, connect, startSandbox } from './setup';

const SIZES = [60, 600];
let sb: SandboxProcess;
let h: Harness;
const name = (kind: string, rows: number) => `${kind} ${rows}`;

beforeAll(async () => {
  sb = await startSandbox({ research: { queuedMs: 50, researchingMs: 100 } });
  h = addOnHarness({ user: 'rep@example.com', sheets: SIZES.flatMap((n) => [name('Picked', n), name('Selected', n)]) });
  await connect(h, sb);
  for (const rows of SIZES)
    for (const kind of ['Picked', 'Selected']) {
      const sheet = h.workbook.mustSheet(name(kind, rows));
      ['Name', 'Company', 'Email'].forEach((v, c) => sheet.setCell(0, c, { value: v } as Cell));
      // Every 10th row repeats the row before it: a copy, written with its original's result (paid once).
      for (let r = 1; r <= rows; r++) {
        const k = r % 10 === 0 ? r - 1 : r;
        [`Person ${k}`, `Co ${k}`, `p${k}.${rows}@${kind.toLowerCase()}.example`].forEach((v, c) => sheet.setCell(r, c, { value: v } as Cell));
      }
    }
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

const lastCallsOf = (fn: string) => {
  const x = h.executions.filter((e) => e.fn === fn).at(-1)!;
  expect(x.ok).toBe(true);
  return x.serviceCalls!;
};

test('a field-picked Start (every contact field) makes as many service calls for 600 rows as for 60', async () => {
  const calls: number[] = [];
  for (const rows of SIZES) {
    h.workbook.setActiveRange(`'${name('Picked', rows)}'!A1`);
    const p = (await h.run(
      'startSheetEnrichment',
      { scope: 'sheet', kind: 'contacts', fields: researchFields('contacts'), maxCredits: '' },
      rows - rows / 10,
    )) as {
      total: number;
    };
    expect(p.total).toBe(rows - rows / 10);
    calls.push(lastCallsOf('startSheetEnrichment'));
  }
  console.log(`startSheetEnrichment service calls, 60 and 600 rows: ${calls.join(', ')}`);
  // Per column (every field is tagged), not per row: ten times the rows, a handful of calls more at most.
  expect(calls[1] - calls[0]).toBeLessThanOrEqual(20);
  expect(calls[1]).toBeLessThan(1600);
}, 120_000);

test('a Start of selected rows makes as many service calls for 600 rows as for 60', async () => {
  const calls: number[] = [];
  for (const rows of SIZES) {
    h.workbook.setActiveRange(`'${name('Selected', rows)}'!A2:A${rows + 1}`);
    const p = (await h.run('startEnrichment', rows)) as { total: number };
    expect(p.total).toBe(rows);
    calls.push(lastCallsOf('startEnrichment'));
  }
  console.log(`startEnrichment service calls, 60 and 600 rows: ${calls.join(', ')}`);
  // 600 rows are two submit requests (500 rows each), 60 one: the second request and its pacing, nothing per row.
  expect(calls[1] - calls[0]).toBeLessThanOrEqual(20);
  expect(calls[1]).toBeLessThan(600);
}, 120_000);
