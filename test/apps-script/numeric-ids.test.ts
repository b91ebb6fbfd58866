/**
 * Issue 31: the service's ids are numeric text (10 digits for contacts, e.g. "5946372972"). Sheets reads a numeric
 * string as a number (and keeps 15 significant digits), so an id written as is would change type or lose digits.
 * The add-on writes every id as the same text, and a cell's id goes back into the next call unchanged. The sandbox
 * runs with 10-digit ids here (seed.idBase).
 */
import { displayOf, interpretInput } from '../apps-script-harness/fakes/spreadsheet-model';
import { connectedPerFile } from './setup';

const env = connectedPerFile({ user: 'rep@example.com', sandbox: { seed: { idBase: 5946362000 } } });
const SHEET = 'Org contacts';
const values = () => env.h.workbook.mustSheet(SHEET).values();
const column = (name: string) => values()[0].indexOf(name);

describe('ids in Sheets stay the same text', () => {
  beforeAll(async () => {
    await env.h.run('enableOrgRefresh', { sheetName: SHEET, days: 365 });
  }, 120_000);

  it('the harness models Sheets: a numeric string written as is becomes a number, a 17-digit one loses digits', () => {
    expect(interpretInput('5946372972', '', 50000)).toEqual({ value: 5946372972 });
    expect(String(interpretInput('59463729721234567', '', 50000)!.value)).toBe('59463729721234600');
    // What the add-on writes instead: Sheets' keep-as-text apostrophe (or the '@' format) keeps the text.
    expect(interpretInput("'5946372972", '', 50000)).toEqual({ value: '5946372972' });
    expect(interpretInput('59463729721234567', '@', 50000)).toEqual({ value: '59463729721234567' });
  });

  it('imported contactIds are the service’s 10-digit ids, as text, shown as written', () => {
    const at = column('contactId');
    const ids = values()
      .slice(1)
      .map((r) => r[at]);
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect(typeof id === 'string' && /^59463\d{5}$/.test(id)).toBe(true);
    const sheet = env.h.workbook.mustSheet(SHEET);
    expect(ids.map((_, i) => displayOf(sheet.cell(i + 1, at), sheet.format(i + 1, at), 'UTC'))).toEqual(ids);
  }, 60_000);

  it('an id from a cell goes into the next call unchanged, and the new record’s id is written as the same text', async () => {
    env.h.workbook.setActiveRange(`'${SHEET}'!A2:A3`);
    const ids = values()
      .slice(1, 3)
      .map((r) => r[column('contactId')] as string);
    const req = {
      operation: 'tasks.create',
      perRow: true,
      values: { name: 'From the sheet', taskType: 'call', priority: 1 },
      kinds: { contactId: 'text' },
      output: { to: 'rows' },
    };
    const p = (await env.h.run('previewOperation', req)) as { requests: { body: { contactId: number } }[]; confirmation?: string };
    expect(p.requests.map((r) => String(r.body.contactId))).toEqual(ids);
    const out = (await env.h.run('runOperation', req, p.confirmation)) as { done: number; errors: number };
    expect(out).toMatchObject({ done: 2, errors: 0 });
    const rows = values().slice(1, 3);
    expect(rows.map((r) => r[column('PDS contactId')])).toEqual(ids);
    for (const r of rows) expect(typeof r[column('PDS taskId')] === 'string' && /^59463\d{5}$/.test(r[column('PDS taskId')] as string)).toBe(true);
  }, 60_000);
});
