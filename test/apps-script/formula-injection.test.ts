/**
 * Formula injection on every write path of the add-on. The harness's spreadsheet fake reads any of = + - @,
 * the full-width ＝ ＋ － ＠ and the small ﹦ ﹢ ﹣, also after leading tabs, CR, LF, spaces, no-break or
 * zero-width spaces, as a formula, so a value written without Sheets' text prefix shows up in formulas().
 */
import { customFunctionCell, safeCell } from '../../apps-script/src/cells';
import { RESULT_HEADERS } from '../../apps-script/src/research/columns';
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { interpretInput } from '../apps-script-harness/fakes/spreadsheet-model';
import { addOnHarness, connect, startSandbox } from './setup';

const LEADS = ['', '\t', '\r', '\n', '\r\n', ' ', '   ', '\u00a0', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u3000', ' \u200b\t'];
const SIGNS = ['=', '+', '-', '@', '\uff1d', '\uff0b', '\uff0d', '\uff20', '\ufe66', '\ufe62', '\ufe63'];
const TAILS = ['1+1', 'HYPERLINK("http://evil.example","click")', 'cmd|" /C calc"!A0', 'SUM(A1:A9)'];
const PAYLOADS = LEADS.flatMap((lead) => SIGNS.flatMap((sign) => TAILS.map((tail) => `${lead}${sign}${tail}`)));

describe('the fake is strict', () => {
  it.each(PAYLOADS.filter((_, i) => i % 7 === 0))('%j written raw is a formula', (payload) => {
    expect(interpretInput(payload, '', 50000)?.formula).toBeTruthy();
  });
});

describe('safeCell', () => {
  it(`neutralises all ${PAYLOADS.length} payloads and keeps their text`, () => {
    const leaked = PAYLOADS.filter((p) => interpretInput(safeCell(p), '', 50000)?.formula);
    expect(leaked).toEqual([]);
    for (const p of PAYLOADS) expect(interpretInput(safeCell(p), '', 50000)?.value).toBe(p);
  });

  it('leaves ordinary text, numbers, phone-like text and emails readable', () => {
    for (const text of ['Ann Lee', 'ann@acme.com', 'a=b', 'Acme (+1)', 'x-y']) expect(safeCell(text)).toBe(text);
    expect(safeCell(42)).toBe(42);
    expect(interpretInput(safeCell('+1 415 555 0100'), '', 50000)).toEqual({ value: '+1 415 555 0100' });
  });

  it('custom function answers are shown, not evaluated: they keep their exact text (docs/DECISIONS.md)', () => {
    for (const p of PAYLOADS.slice(0, 20)) expect(customFunctionCell(p)).toBe(p);
  });
});

describe('through the add-on', () => {
  let sb: SandboxProcess;
  let h: Harness;

  beforeAll(async () => {
    sb = await startSandbox({ research: { queuedMs: 100, researchingMs: 200 } });
    h = addOnHarness({ user: 'rep@example.com', sheets: ['Leads'] });
    await connect(h, sb);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await sb?.stop();
  });

  it('list names the service keeps (zero-width, full-width and small signs) are exported as text', async () => {
    const names = ['\u200b=1+1', '\u200d+SUM(1,2)', '\u2060@evil', '\uff1d1+1', '\uff0bcmd', '\uff0d2+3', '\uff20x', '\ufe661+1', '\ufe62x', '\ufe63x'];
    for (const name of names) await h.run('createList', name);
    await h.run('exportToSheet', 'lists', 'Lists');
    const sheet = h.workbook.mustSheet('Lists');
    expect(sheet.formulas().flat().filter(Boolean)).toEqual([]);
    const written = sheet
      .values()
      .slice(1)
      .map((r) => r[1]);
    for (const name of names) expect(written).toContain(name);
  }, 60_000);

  it('enrichment results rewrite the cells between finished rows injection-safe (whitespace-led payloads too)', async () => {
    const sheet = h.workbook.mustSheet('Leads');
    const header = ['fullName', 'company', ...RESULT_HEADERS];
    const payloads = ['\t=1+1', '\r=1+1', '\n+SUM(1)', '  =cmd|" /C calc"!A0', '\u00a0=1+1', '\u200b-2+3', ' @evil'];
    const rows: string[][] = [header, ['Ann Nobody', 'Nowhere Inc']];
    for (const p of payloads) rows.push(['Done Before', 'Acme', 'done', p, p, p]);
    rows.push(['Bob Nobody', 'Nowhere Inc']);
    // Typed with Sheets' text prefix: the cells hold the text, no formula.
    rows.forEach((r, i) => r.forEach((v, j) => sheet.setCell(i, j, v ? { value: v } : undefined)));
    h.workbook.setActiveRange(`Leads!A2:B${rows.length}`);
    const preview = (await h.run('previewEnrichment')) as { items: number; alreadyDone: number };
    expect(preview).toMatchObject({ items: 2, alreadyDone: payloads.length });
    let progress = (await h.run('startEnrichment', 2)) as { jobId: string; complete: boolean };
    for (let i = 0; i < 20 && !progress.complete; i++) {
      await new Promise((r) => setTimeout(r, 2100));
      progress = (await h.run('pollEnrichment', progress.jobId)) as { jobId: string; complete: boolean };
    }
    expect(progress.complete).toBe(true);
    const values = sheet.values();
    expect(values[1][2]).toBe('not found');
    expect(values[rows.length - 1][2]).toBe('not found');
    expect(sheet.formulas().flat().filter(Boolean)).toEqual([]);
    payloads.forEach((p, k) => expect(values[2 + k].slice(3, 6)).toEqual([p, p, p]));
  }, 120_000);
});
