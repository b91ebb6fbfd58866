/**
 * Issue 31: ids exact in Sheets at 16 digits (seed.idBase), the longest an id the service's integration carries
 * through Number() can have. Text ids (contactId, taskId) are written as the same text. Integer-typed ids (a
 * template's id, as the spec types it) come as JSON numbers, and Sheets keeps only 15 significant digits of a
 * number: the add-on writes a whole number beyond that as its exact digits, as text, so the cell shows the id as the
 * service has it (no rounding, no exponent), and the cell's id goes back into the next call unchanged.
 */
import { displayOf, interpretInput } from '../apps-script-harness/fakes/spreadsheet-model';
import { connectedPerFile } from './setup';

const ID_BASE = 5946362000000000;
const SIXTEEN = /^59463620000\d{5}$/;
const env = connectedPerFile({ user: 'rep@example.com', sandbox: { seed: { idBase: ID_BASE } } });
const SHEET = 'Org contacts';
const values = () => env.h.workbook.mustSheet(SHEET).values();
const column = (name: string) => values()[0].indexOf(name);

describe('16-digit ids in Sheets', () => {
  let templateId: number;
  beforeAll(async () => {
    await env.h.run('enableOrgRefresh', { sheetName: SHEET, days: 365 });
    const res = await fetch(`${env.sb.info.v2}/templates`, { headers: { token: env.sb.info.apiKey } });
    templateId = ((await res.json()) as { data: { templateId: number }[] }).data[0].templateId;
  }, 120_000);

  it('the harness models Sheets: a 16-digit number written as a number keeps 15 significant digits', () => {
    expect(interpretInput(5946362000000101, '', 50000)).toEqual({ value: 5946362000000100 });
    expect(interpretInput("'5946362000000101", '', 50000)).toEqual({ value: '5946362000000101' });
  });

  it('imported contactIds are the 16-digit text, shown as written', () => {
    const at = column('contactId');
    const ids = values()
      .slice(1)
      .map((r) => r[at]);
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect(typeof id === 'string' && SIXTEEN.test(id)).toBe(true);
  }, 60_000);

  it('an integer-typed id in an answer (the task’s templateId) is written as its exact digits, and goes back into the next call unchanged', async () => {
    expect(String(templateId)).toMatch(SIXTEEN);
    env.h.workbook.setActiveRange(`'${SHEET}'!A2:A3`);
    const req = {
      operation: 'tasks.create',
      perRow: true,
      values: { name: 'With a template', taskType: 'manual-email', templateId },
      kinds: { contactId: 'text' },
      output: { to: 'rows' },
    };
    const p = (await env.h.run('previewOperation', req)) as { confirmation?: string };
    expect(await env.h.run('runOperation', req, p.confirmation)).toMatchObject({ done: 2, errors: 0 });
    const sheet = env.h.workbook.mustSheet(SHEET);
    const at = column('PDS templateId');
    const cells = values()
      .slice(1, 3)
      .map((r) => r[at]);
    expect(cells).toEqual([String(templateId), String(templateId)]);
    expect([1, 2].map((row) => displayOf(sheet.cell(row, at), sheet.format(row, at), 'UTC'))).toEqual([String(templateId), String(templateId)]);
    for (const r of values().slice(1, 3)) expect(r[column('PDS taskId')]).toEqual(expect.stringMatching(SIXTEEN));

    // The cell's id, as the sheet holds it, into the next call: the same number is sent.
    env.h.workbook.setActiveRange(`'${SHEET}'!A4:A4`);
    const next = {
      operation: 'tasks.create',
      perRow: true,
      values: { name: 'From the cell', taskType: 'manual-email', templateId: cells[0] },
      kinds: { contactId: 'text', templateId: 'text' },
      output: { to: 'rows' },
    };
    const preview = (await env.h.run('previewOperation', next)) as { requests: { body: { templateId: number } }[]; confirmation?: string };
    expect(preview.requests.map((r) => String(r.body.templateId))).toEqual([String(templateId)]);
    expect(await env.h.run('runOperation', next, preview.confirmation)).toMatchObject({ done: 1, errors: 0 });
    expect(values()[3][column('PDS templateId')]).toBe(String(templateId));
  }, 90_000);
});
