/** Sidebar server functions as google.script.run calls them: search/import, enrichment, outreach, lists. */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, admin, connect, countOf, creditsOf, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;

beforeAll(async () => {
  sb = await startSandbox({ research: { queuedMs: 200, researchingMs: 600 } });
  await admin(sb, 'PATCH', '/orgs/A', { maxActiveContactsFeature: true });
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Leads'] });
  await connect(h, sb);
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
  duplicate: number;
  notFound: number;
  error: number;
  pending: number;
  unsubmitted: number;
  complete: boolean;
  written: number;
};

/** What the sidebar does: poll every 2 to 5 s until the job is complete. */
async function pollToEnd(first: Progress): Promise<Progress> {
  let p = first;
  for (let i = 0; i < 30 && !p.complete; i++) {
    await sleep(2100);
    p = (await h.run('pollEnrichment', first.jobId)) as Progress;
  }
  return p;
}

test('search preview and import write a header row and the results in one setValues', async () => {
  const preview = (await h.run('searchPreview', { kind: 'contacts', filters: 'seniority=Director', limit: 5 })) as { columns: string[]; rows: unknown[][] };
  expect(preview.columns).toContain('fullName');
  expect(preview.rows.length).toBe(5);
  const writesBefore = h.workbook.stats.setValuesCalls;
  const imported = (await h.run('importSearch', { kind: 'contacts', filters: 'seniority=Director', limit: 120, sheetName: 'Directors' })) as {
    sheetName: string;
    rows: number;
  };
  expect(imported).toEqual({ sheetName: 'Directors', rows: 120 });
  const values = h.workbook.mustSheet('Directors').values();
  expect(values[0][0]).toBe('searchResultId');
  expect(values.length).toBe(121);
  expect(values.slice(1).every((r) => r[values[0].indexOf('seniority')] === 'Director')).toBe(true);
  expect(h.workbook.stats.setValuesCalls - writesBefore).toBe(1);
  expect(await creditsOf(sb)).toBe(1000);
}, 60_000);

test('formula injection: names starting with = + - @ stay text, and ids keep their exact text', async () => {
  const payloads = [
    '=HYPERLINK("http://evil.example","click")',
    '+SUM(1,2)',
    '-2+3',
    '@evil',
    "'quoted",
    '=cmd|" /C calc"!A0',
    '0012',
    'TRUE',
    '2024-01-02',
    '15%',
  ];
  for (const name of payloads) await h.run('createList', name);
  await h.run('exportToSheet', 'lists', 'Lists');
  const sheet = h.workbook.mustSheet('Lists');
  const names = sheet
    .values()
    .slice(1)
    .map((r) => r[1]);
  for (const p of payloads) expect(names).toContain(p);
  expect(sheet.formulas().flat().filter(Boolean)).toEqual([]);
  // The ids are digit strings at the service and stay text in the sheet.
  expect(
    sheet
      .values()
      .slice(1)
      .every((r) => typeof r[0] === 'string'),
  ).toBe(true);
}, 60_000);

test('enrich selected rows: cost preview, confirmation, progress, results beside each row', async () => {
  const leads = h.workbook.mustSheet('Directors');
  const header = leads.values()[0];
  // Rows 2..11 of the imported search: 10 search results to research.
  h.workbook.setActiveRange('Directors!A2:A11');
  const preview = (await h.run('previewEnrichment')) as { items: number; atMostCredits: number; balance: number; invalid: unknown[] };
  expect(preview).toMatchObject({ items: 10, atMostCredits: 10, balance: 1000, invalid: [] });
  await expect(h.run('startEnrichment', 9)).rejects.toThrow(/selection changed since the preview.*Nothing was sent/);
  expect(countOf(await requestCounts(sb), 'POST /v1/contacts/research')).toBe(0);
  const started = (await h.run('startEnrichment', 10)) as Progress;
  expect(started.total).toBe(10);
  expect(started.unsubmitted).toBe(0);
  const writesBefore = h.workbook.stats.setValuesCalls;
  const end = await pollToEnd(started);
  expect(end).toMatchObject({ complete: true, written: 10, pending: 0 });
  const values = leads.values();
  const status = values[0].indexOf('PDS status');
  // Issue 20: the rows' ids (how results find their rows) come first, in their own hidden column.
  expect(values[0][header.length]).toBe('PDS row id');
  expect(status).toBe(header.length + 1);
  const rows = values.slice(1, 11);
  expect(rows.every((r) => r[status] === 'done' || r[status] === 'not found')).toBe(true);
  const emailCol = values[0].indexOf('PDS email');
  expect(rows.filter((r) => r[status] === 'done').every((r) => String(r[emailCol]).includes('@'))).toBe(true);
  expect(values.slice(11).every((r) => r[status] === '')).toBe(true); // unselected rows untouched
  // Finished rows go in one setValues per run of rows, not one per cell.
  expect(h.workbook.stats.setValuesCalls - writesBefore).toBeLessThanOrEqual(end.total);
  expect(1000 - (await creditsOf(sb))).toBe(end.done);
  // The same rows again: nothing to research, nothing spent.
  const again = (await h.run('previewEnrichment')) as { items: number; alreadyDone: number };
  expect(again.items + again.alreadyDone).toBe(10);
  expect(again.alreadyDone).toBe(end.done + end.duplicate);
}, 120_000);

test('rows given by name, email or nothing usable: duplicates are free, bad rows are named and not sent', async () => {
  const directors = h.workbook.mustSheet('Directors').values();
  const col = (n: string) => directors[0].indexOf(n);
  const sheet = h.workbook.mustSheet('Leads');
  const rows = [
    ['fullName', 'company', 'email', 'title'],
    [directors[1][col('fullName')], directors[1][col('company')], '', ''], // researched above: a duplicate
    [directors[20][col('fullName')], directors[20][col('company')], '', ''],
    ['=HYPERLINK("http://evil.example","x")', 'Nowhere Inc', '', ''],
    ['', '', '', 'CTO'], // nothing to research by
  ];
  rows.forEach((r, i) => r.forEach((v, j) => sheet.setCell(i, j, { value: v as string })));
  h.workbook.setActiveRange('Leads!A2:D5');
  const preview = (await h.run('previewEnrichment')) as { items: number; invalid: { row: number; reason: string }[] };
  expect(preview.items).toBe(3);
  expect(preview.invalid).toEqual([{ row: 5, reason: expect.stringMatching(/needs one of/) }]);
  const credits = await creditsOf(sb);
  const end = await pollToEnd((await h.run('startEnrichment', 3)) as Progress);
  expect(end.complete).toBe(true);
  const values = sheet.values();
  const status = values[0].indexOf('PDS status');
  expect(values[1][status]).toMatch(/^duplicate/);
  expect(values[2][status]).toBe('done');
  expect(values[3][status]).toBe('not found');
  expect(values[3][0]).toBe('=HYPERLINK("http://evil.example","x")'); // the user's own cell, untouched
  expect(sheet.formulas().flat().filter(Boolean)).toEqual([]);
  expect(credits - (await creditsOf(sb))).toBe(1); // one new person: the duplicate and the not-found cost nothing
}, 120_000);

test('a campaign from the selected contacts, started', async () => {
  h.workbook.setActiveRange('Directors!A2:A11');
  const campaign = (await h.run('createCampaignFromSelection', { name: 'Directors Q3', maxActiveContacts: 5, start: true })) as {
    contactsAdded: number;
    status: string;
  };
  const values = h.workbook.mustSheet('Directors').values();
  // The results block is found by its header (it grew two columns: the poll item's searchResultId and additionalData).
  const statusCol = values[0].indexOf('PDS status');
  const done = values.slice(1, 11).filter((r) => String(r[statusCol]).startsWith('done')).length;
  expect(campaign.contactsAdded).toBe(done);
  expect(campaign.status).toBe('active');
  h.workbook.setActiveRange('Lists!A2:A3');
  await expect(h.run('createCampaignFromSelection', { name: 'x' })).rejects.toThrow(/no contactId column/);
}, 60_000);

test('send an email and a draft; an ambiguous failure is reported and never repeated', async () => {
  const accounts = (await h.run('listEmailAccounts')) as { email: string }[];
  const from = accounts[0].email;
  const directors = h.workbook.mustSheet('Directors').values();
  const idCol = directors[0].indexOf('PDS contactId');
  const emailCol = directors[0].indexOf('PDS email');
  const row = directors.slice(1).find((r) => /^\d+$/.test(String(r[idCol])))!;
  const sent = (await h.run('sendEmail', { contactId: row[idCol], from, to: row[emailCol], subject: 'Hello', body: 'Hi there' })) as { status: string };
  expect(sent.status).toBe('SCHEDULED');

  await admin(sb, 'POST', '/faults', { endpoint: 'POST /v2/emails/send', kind: 'drop', count: 1 });
  const before = countOf(await requestCounts(sb), 'POST /v2/emails/send');
  await expect(h.run('sendEmail', { contactId: row[idCol], from, to: row[emailCol], subject: 'Again', body: 'Once only' })).rejects.toThrow(
    /may have been carried out.*not repeated/,
  );
  expect(countOf(await requestCounts(sb), 'POST /v2/emails/send') - before).toBe(1);

  const drafts = (await h.run('listDrafts')) as { emailId: string }[];
  expect(drafts.length).toBeGreaterThan(0);
  expect(await h.run('sendDraft', drafts[0].emailId)).toMatchObject({ status: 'sent' });
  await expect(h.run('sendDraft', drafts[0].emailId)).rejects.toThrow(/sent|state|409/i);
}, 60_000);

test('lists and saved searches: create, rename, add the selection, import, delete', async () => {
  const list = (await h.run('createList', 'Directors')) as { listId: string };
  expect(await h.run('renameList', list.listId, 'Directors (Q3)')).toMatchObject({ name: 'Directors (Q3)' });
  h.workbook.setActiveRange('Directors!A2:A11');
  expect(await h.run('addSelectionToList', list.listId)).toMatchObject({ contactsAdded: expect.any(Number) });
  expect(((await h.run('getLists')) as { name: string }[]).some((l) => l.name === 'Directors (Q3)')).toBe(true);
  await h.run('deleteList', list.listId);
  expect(((await h.run('getLists')) as { listId: string }[]).some((l) => l.listId === list.listId)).toBe(false);

  const saved = (await h.run('createSavedSearch', { name: 'Sales VPs', type: 'contacts', values: { seniority: ['VP'], department: ['Sales'] } })) as {
    savedSearchId: string;
  };
  expect(await h.run('updateSavedSearch', { id: saved.savedSearchId, name: 'Sales VPs EU' })).toMatchObject({ name: 'Sales VPs EU' });
  const imported = (await h.run('importSavedSearch', saved.savedSearchId, 30, '')) as { sheetName: string; rows: number };
  expect(imported.sheetName).toBe('Sales VPs EU');
  const values = h.workbook.mustSheet('Sales VPs EU').values();
  expect(values.slice(1).every((r) => r[values[0].indexOf('seniority')] === 'VP' && r[values[0].indexOf('department')] === 'Sales')).toBe(true);
  await h.run('deleteSavedSearch', saved.savedSearchId);
  await expect(h.run('importSavedSearch', saved.savedSearchId, 30, '')).rejects.toThrow(/No saved search .*What to do: Check the id/);
}, 60_000);

test('the sidebar opens from the add-on menu with the built Sidebar.html', async () => {
  await h.run('onOpen', {});
  expect(JSON.stringify(h.ui.menus)).toContain('showSidebar');
  await h.run('showSidebar');
  const sidebar = h.ui.sidebars[h.ui.sidebars.length - 1] as { content: string; title: string };
  expect(sidebar.title).toBe('Prospecting Data Service');
  expect(sidebar.content).toContain('id="enrich-confirm"');
}, 60_000);
