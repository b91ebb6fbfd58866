/**
 * Issue 29 part 4: column identity within Google's developer-metadata limit (30,000 characters of keys and values per
 * spreadsheet, fakes/developer-metadata.ts). Every role the add-on tags has its own 5-character key; 40 sheets each
 * enriched with every contact field fit in one workbook; past the limit the start says so in words, nothing sent.
 */
import { records } from '../../shared';
import { researchFields } from '../../apps-script/src/enrichment/fields';
import { RESULT_HEADERS } from '../../apps-script/src/research/columns';
import { fieldRole, STATUS_ROLES } from '../../apps-script/src/research/relocate';
import { NO_ROOM_FOR_TAGS, tagKey } from '../../apps-script/src/rows/tagged-columns';
import type { Cell } from '../apps-script-harness/fakes/spreadsheet-model';
import { metadataSize } from '../apps-script-harness/fakes/developer-metadata';
import { addOnHarness, connect, countOf, requestCounts, startSandbox } from './setup';
import type { Harness, SandboxProcess } from '../apps-script-harness';

const SHEETS = Array.from({ length: 41 }, (_, i) => `Leads ${i + 1}`);

test('every role the add-on tags has its own short key', () => {
  const roles = [
    'rowId',
    'results',
    ...STATUS_ROLES,
    ...RESULT_HEADERS.map((h) => `result:${h}`),
    ...[...researchFields('contacts'), ...researchFields('companies'), ...records.orgContactColumns, ...records.orgCompanyColumns].map(fieldRole),
    ...['PDS task', 'PDS call', 'PDS email status'].map((n) => `outcome:${n}`),
  ];
  const distinct = [...new Set(roles)];
  const keys = new Set(distinct.map(tagKey));
  expect(keys.size).toBe(distinct.length);
  for (const k of keys) expect(k).toMatch(/^p[0-9a-z]{4}$/);
});

describe('40 sheets enriched with every contact field', () => {
  let sb: SandboxProcess;
  let h: Harness;
  beforeAll(async () => {
    sb = await startSandbox({ research: { queuedMs: 50, researchingMs: 100 } });
    h = addOnHarness({ user: 'rep@example.com', sheets: SHEETS });
    await connect(h, sb);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await sb?.stop();
  });

  const fields = researchFields('contacts');
  const start = async (name: string) => {
    const sheet = h.workbook.mustSheet(name);
    ['Name', 'Company', 'Email'].forEach((v, c) => sheet.setCell(0, c, { value: v } as Cell));
    ['Ada Row', `${name} Co`, `ada@${name.replace(' ', '')}.example`].forEach((v, c) => sheet.setCell(1, c, { value: v } as Cell));
    h.workbook.setActiveRange(`'${name}'!A1`);
    return h.run('startSheetEnrichment', { scope: 'sheet', kind: 'contacts', fields, maxCredits: '' }, 1);
  };
  const submits = async () => countOf(await requestCounts(sb), 'POST /v1/contacts/research');

  test('fit in one workbook; the 41st, with too little room left, is refused in words before anything is sent', async () => {
    expect(fields.length).toBeGreaterThanOrEqual(127);
    for (const name of SHEETS.slice(0, 40)) await start(name);
    const used = metadataSize(h.workbook.metadata.entries);
    expect(used).toBeLessThanOrEqual(30_000);
    // Every picked field's column and the status and row-id columns are tagged, on every sheet.
    expect(h.workbook.metadata.entries.length).toBe(40 * (fields.length + 4));
    const before = await submits();
    // What another tool left in the workbook takes the rest of the room.
    h.workbook.metadata.add({ key: 'other.tool', value: 'x'.repeat(30_000 - used - 200), visibility: 'DOCUMENT', location: { type: 'SPREADSHEET' } });
    await expect(start(SHEETS[40])).rejects.toThrow(NO_ROOM_FOR_TAGS);
    expect(await submits()).toBe(before);
  }, 600_000);
});
