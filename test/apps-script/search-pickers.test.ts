/** Issue 15: the Sheets search form offers pickers for the filters with a published set of values. */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, connect, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;

beforeAll(async () => {
  sb = await startSandbox();
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Leads'] });
  await connect(h, sb);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

type Field = { name: string; control: string; values?: string[]; max?: number; default?: string | boolean };

test('the pickers are the published value sets, with their caps and defaults (the form the sidebar draws)', async () => {
  const form = (await h.run('searchFilterForm')) as Record<'contacts' | 'companies', Field[]>;
  const contact = (name: string) => form.contacts.find((c) => c.name === name)!;
  expect(contact('seniority')).toEqual({
    name: 'seniority',
    control: 'multi',
    values: ['C-Level', 'VP', 'Director', 'Manager', 'Senior', 'Entry Level', 'Mid-Level', 'Other'],
    max: 5,
  });
  expect(contact('companySize').values).toContain('201 - 500');
  expect(contact('department').max).toBe(5);
  expect(contact('locationType')).toMatchObject({ control: 'select', default: 'bothOR' });
  const pickers = (fields: Field[]) => fields.filter((f) => f.values).map((f) => f.name);
  expect(pickers(form.companies)).toEqual(expect.arrayContaining(['companySize', 'companyRevenue', 'foundedOn', 'latestFundingClassifications']));
  expect(form.companies.map((c) => c.name)).not.toContain('seniority');
});

test('picked values filter the search; a picker left alone is no filter', async () => {
  const preview = (await h.run('searchPreview', {
    kind: 'contacts',
    filters: 'department=Sales',
    picks: { seniority: ['Director'], locationType: '', companySize: [] },
    limit: 5,
  })) as {
    columns: string[];
    rows: unknown[][];
  };
  expect(preview.rows.length).toBe(5);
  const imported = (await h.run('importSearch', {
    kind: 'contacts',
    filters: '',
    picks: { seniority: ['Director', 'VP'] },
    limit: 30,
    sheetName: 'Picked',
  })) as { rows: number };
  expect(imported.rows).toBe(30);
  const values = h.workbook.mustSheet('Picked').values();
  expect(values.slice(1).every((r) => ['Director', 'VP'].includes(String(r[values[0].indexOf('seniority')])))).toBe(true);
}, 60_000);

test('a filter both picked and typed, or a typed value outside the set, is refused by name', async () => {
  await expect(h.run('searchPreview', { kind: 'contacts', filters: 'seniority=VP', picks: { seniority: ['Director'] }, limit: 5 })).rejects.toThrow(
    /seniority: given both/,
  );
  await expect(h.run('searchPreview', { kind: 'companies', filters: 'companySize=201-500', limit: 5 })).rejects.toThrow(
    /companySize\[0\].*did you mean "201 - 500"/,
  );
});
