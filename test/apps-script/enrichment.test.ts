/**
 * Issue 12, enrichment in Sheets (the built add-on in the harness, the sandbox as a process): company research,
 * picked fields mapped to columns by header, run conditions previewed without spending, cancel mid-run, and the
 * hourly enrichment of new rows that never pays for a row twice.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, connect, countOf, creditsOf, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;
let people: Record<string, string>[];
let companies: Record<string, string>[];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Progress = {
  jobId: string;
  total: number;
  done: number;
  duplicate: number;
  notFound: number;
  pending: number;
  unsubmitted: number;
  complete: boolean;
  cancelled: number;
};
type Preview = {
  rows: number;
  qualifying: number;
  items: number;
  atMostCredits: number;
  sameAsAnother: number;
  alreadyDone: number;
  notEmpty: number;
  overCap: number;
  mapping: { field: string; column: string }[];
};

function asRecords(sheet: string): Record<string, string>[] {
  const [head, ...rows] = h.workbook.mustSheet(sheet).values();
  return rows.map((r) => Object.fromEntries(head.map((c, i) => [String(c), String(r[i] ?? '')])));
}

beforeAll(async () => {
  sb = await startSandbox({ research: { queuedMs: 100, researchingMs: 300 } });
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Accounts', 'People', 'Inbound', 'Batch', 'Cancel', 'Cut'] });
  await connect(h, sb);
  await h.run('importSearch', { kind: 'contacts', filters: 'seniority=Director', limit: 40, sheetName: 'Directors' });
  await h.run('importSearch', { kind: 'companies', filters: '', limit: 20, sheetName: 'Found companies' });
  people = asRecords('Directors');
  companies = asRecords('Found companies');
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

function fill(sheetName: string, rows: unknown[][], fromRow = 0): void {
  const sheet = h.workbook.mustSheet(sheetName);
  rows.forEach((r, i) => r.forEach((v, j) => sheet.setCell(fromRow + i, j, { value: v as string })));
}

async function pollToEnd(first: Progress): Promise<Progress> {
  let p = first;
  for (let i = 0; i < 40 && !p.complete; i++) {
    await sleep(700);
    p = (await h.run('pollEnrichment', first.jobId)) as Progress;
  }
  return p;
}

const researchPosts = async (kind: 'contacts' | 'companies') => countOf(await requestCounts(sb), `POST /v1/${kind}/research`);

test('company enrichment: domain and/or name; the same company twice is researched and paid once, both rows written', async () => {
  const [a, b, c] = companies;
  fill('Accounts', [
    ['Company', 'Domain', 'Industry'],
    [a.name, a.domain, ''],
    ['', `https://www.${b.domain}/about`, ''],
    [c.name, '', ''],
    [a.name.toUpperCase(), a.domain.toUpperCase(), ''], // the same company again
    ['', '', 'no name, no domain'],
  ]);
  h.workbook.setActiveRange('Accounts!A1');
  const request = { kind: 'companies', fields: ['name', 'industry', 'staffCountRange'], scope: 'sheet', onlyNotResearched: true };
  const before = { credits: await creditsOf(sb), posts: await researchPosts('companies') };
  const preview = (await h.run('previewSheetEnrichment', request)) as Preview & { invalid: { row: number; reason: string }[] };
  expect(preview).toMatchObject({ rows: 5, items: 3, atMostCredits: 3, sameAsAnother: 1, qualifying: 4 });
  expect(preview.invalid).toEqual([{ row: 6, reason: expect.stringMatching(/domain|companyName/) }]);
  expect(preview.mapping).toEqual([
    { field: 'name', column: '' },
    { field: 'industry', column: 'Industry' },
    { field: 'staffCountRange', column: '' },
  ]);
  expect(await researchPosts('companies')).toBe(before.posts); // the preview sent nothing
  const end = await pollToEnd((await h.run('startSheetEnrichment', request, 3)) as Progress);
  expect(end).toMatchObject({ complete: true, total: 3 });
  const rows = asRecords('Accounts');
  expect(rows[0]['PDS status']).toBe('done');
  expect(rows[3]['PDS status']).toBe('done'); // the copy gets the same result
  expect(rows[3]['PDS requestId']).toBe(rows[0]['PDS requestId']);
  expect(rows[0].Industry).not.toBe('');
  expect(rows[3].Industry).toBe(rows[0].Industry);
  expect(rows[0].name).toBe(a.name);
  expect(rows[4]['PDS status']).toBe('');
  const spent = before.credits - (await creditsOf(sb));
  expect(spent).toBeLessThanOrEqual(3);
  expect(spent).toBe(end.done); // one credit per company found, the copy free
  expect(await researchPosts('companies')).toBe(before.posts + 1);
  // Again: every row is researched, nothing qualifies, nothing is spent.
  const again = (await h.run('previewSheetEnrichment', request)) as Preview;
  expect(again).toMatchObject({ items: 0, alreadyDone: 4 });
}, 120_000);

test('picked fields: an existing column of that name is filled only where empty, others appended; remembered per sheet; overwrite replaces', async () => {
  const [p1, p2, p3] = people;
  fill('People', [
    ['Full name', 'Company', 'Email', 'Notes'],
    [p1.fullName, p1.company, 'kept@example.com', 'a'],
    [p2.fullName, p2.company, '', 'b'],
  ]);
  h.workbook.setActiveRange('People!A1');
  const request = { kind: 'contacts', fields: ['email', 'title', 'contactLocation.city'], overwrite: false, scope: 'sheet', onlyNotResearched: true };
  await h.run('saveEnrichmentSettings', request);
  const panel = (await h.run('enrichmentPanel')) as { settings: { fields: string[]; kind: string }; fields: { name: string; column: string }[] };
  expect(panel.settings).toMatchObject({ kind: 'contacts', fields: ['email', 'title', 'contactLocation.city'] });
  expect(panel.fields.find((f) => f.name === 'email')).toEqual({ name: 'email', column: 'Email' });
  expect(panel.fields.length).toBeGreaterThan(100); // the whole contact record schema
  const end = await pollToEnd((await h.run('startSheetEnrichment', request, 2)) as Progress);
  expect(end.complete).toBe(true);
  let rows = asRecords('People');
  expect(Object.keys(rows[0])).toEqual([
    'Full name',
    'Company',
    'Email',
    'Notes',
    'PDS row id', // issue 20: each row's id, how results find their rows (hidden)
    'PDS status',
    'PDS message',
    'PDS requestId',
    'title',
    'contactLocation.city',
  ]);
  expect(rows[0].Email).toBe('kept@example.com'); // filled cells stay
  expect(rows[1].Email).toMatch(/^[^@\s]+@[^@\s]+$/); // empty cells are filled with the researched address
  expect(rows[1].title).not.toBe('');
  expect(rows[0].Notes).toBe('a');
  // Overwrite: a new row whose city cell holds a value gets the service's (Email would be sent as an input, so it stays empty).
  fill('People', [[p3.fullName, p3.company, '', 'c', '', '', '', '', '', 'Old town']], 3);
  const over = { ...request, overwrite: true };
  const p = (await h.run('previewSheetEnrichment', over)) as Preview;
  expect(p).toMatchObject({ items: 1, alreadyDone: 2 });
  await pollToEnd((await h.run('startSheetEnrichment', over, 1)) as Progress);
  rows = asRecords('People');
  expect(rows[2]['PDS status']).toBe('done');
  expect(rows[2]['contactLocation.city']).not.toMatch(/^(Old town|)$/);
  expect(rows[0].Email).toBe('kept@example.com');
  expect(((await h.run('enrichmentPanel')) as { settings: { overwrite: boolean } }).settings.overwrite).toBe(true);
}, 120_000);

test('run conditions: only rows with an empty column, only unresearched rows, at most N credits; the preview spends nothing', async () => {
  const sample = people.slice(10, 16);
  fill('Batch', [['fullName', 'company', 'email'], ...sample.map((p, i) => [p.fullName, p.company, i % 3 === 0 ? 'has@example.com' : ''])]);
  h.workbook.setActiveRange('Batch!A1');
  const credits = await creditsOf(sb);
  const posts = await researchPosts('contacts');
  const all = (await h.run('previewSheetEnrichment', { kind: 'contacts', scope: 'sheet' })) as Preview;
  expect(all).toMatchObject({ rows: 6, items: 6, atMostCredits: 6 });
  const empty = (await h.run('previewSheetEnrichment', { kind: 'contacts', scope: 'sheet', onlyEmptyColumn: 'Email' })) as Preview;
  expect(empty).toMatchObject({ items: 4, notEmpty: 2 });
  const capped = (await h.run('previewSheetEnrichment', { kind: 'contacts', scope: 'sheet', onlyEmptyColumn: 'email', maxCredits: 3 })) as Preview;
  expect(capped).toMatchObject({ items: 3, atMostCredits: 3, notEmpty: 2, overCap: 1 });
  await expect(h.run('previewSheetEnrichment', { kind: 'contacts', scope: 'sheet', onlyEmptyColumn: 'Phone' })).rejects.toThrow(/onlyEmptyColumn: no column/);
  await expect(h.run('previewSheetEnrichment', { kind: 'contacts', scope: 'sheet', maxCredits: -2 })).rejects.toThrow(/maxCredits: must be a whole number/);
  await expect(h.run('previewSheetEnrichment', { kind: 'contacts', fields: ['nope'] })).rejects.toThrow(/fields: "nope" is not a field/);
  expect(await creditsOf(sb)).toBe(credits);
  expect(await researchPosts('contacts')).toBe(posts);
  // The capped run spends at most 3; rows skipped by the conditions are never sent.
  const end = await pollToEnd(
    (await h.run('startSheetEnrichment', { kind: 'contacts', scope: 'sheet', onlyEmptyColumn: 'email', maxCredits: 3 }, 3)) as Progress,
  );
  expect(end).toMatchObject({ complete: true, total: 3 });
  expect(credits - (await creditsOf(sb))).toBeLessThanOrEqual(3);
  const status = asRecords('Batch').map((r) => r['PDS status']);
  expect(status.filter((s) => s !== '').length).toBe(3);
  expect(status[0]).toBe(''); // had an email
  // Only unresearched rows: the next preview offers the row left over by the cap and nothing already done.
  const next = (await h.run('previewSheetEnrichment', { kind: 'contacts', scope: 'sheet', onlyEmptyColumn: 'email' })) as Preview;
  expect(next).toMatchObject({ items: 1, alreadyDone: 3, notEmpty: 2 });
}, 120_000);

test('cancel mid-run: unsent rows stay unsent (marked cancelled, sendable later), rows already sent still get their results', async () => {
  await h.run('saveConnectionSettings', { researchBatchLimit: 2 }); // one batch of 2 per step
  const sample = people.slice(20, 26);
  fill('Cancel', [['fullName', 'company'], ...sample.map((p) => [p.fullName, p.company])]);
  h.workbook.setActiveRange('Cancel!A1');
  const request = { kind: 'contacts', fields: ['title'], scope: 'sheet' };
  const credits = await creditsOf(sb);
  const posts = await researchPosts('contacts');
  const started = (await h.run('startSheetEnrichment', request, 6)) as Progress;
  expect(started).toMatchObject({ total: 6, unsubmitted: 4, complete: false });
  const cancelled = (await h.run('cancelEnrichment', started.jobId)) as Progress & { cancelledNow: number };
  expect(cancelled).toMatchObject({ cancelledNow: 4, total: 2, unsubmitted: 0, cancelled: 4 });
  const end = await pollToEnd(cancelled);
  expect(end).toMatchObject({ complete: true, total: 2 });
  expect(end.done + end.duplicate + end.notFound).toBe(2);
  expect(await researchPosts('contacts')).toBe(posts + 1); // only the first batch was ever sent
  expect(credits - (await creditsOf(sb))).toBeLessThanOrEqual(2);
  const status = asRecords('Cancel').map((r) => r['PDS status']);
  expect(status.slice(2)).toEqual(Array(4).fill('cancelled (not sent)'));
  expect(status.slice(0, 2).every((s) => /^(done|duplicate|not found)/.test(s))).toBe(true);
  // Sendable later: the cancelled rows qualify again, the researched ones do not.
  expect(await h.run('previewSheetEnrichment', request)).toMatchObject({ items: 4, alreadyDone: 2 });
  await expect(h.run('cancelEnrichment', started.jobId)).rejects.toThrow(/finished or unknown/);
  await h.run('saveConnectionSettings', { researchBatchLimit: 500 });
}, 120_000);

test('automatic enrichment of new rows: the hourly trigger enriches rows added since the last run, capped per run, never twice', async () => {
  const sample = people.slice(30, 34);
  fill('Inbound', [
    ['fullName', 'company', 'title'],
    [sample[0].fullName, sample[0].company, ''],
  ]);
  h.workbook.setActiveRange('Inbound!A1');
  await h.run('setAutoEnrichment', { auto: true, kind: 'contacts', fields: ['title', 'seniority'], maxCredits: 2 });
  // Rows already there are not enriched automatically: they get a row id now (new rows are those without one).
  expect(asRecords('Inbound')[0]['PDS row id']).toMatch(/^r/);
  expect(h.triggers.filter((t) => t.handler === 'scheduledRun')).toHaveLength(1);
  fill(
    'Inbound',
    sample.slice(1).map((p) => [p.fullName, p.company, '']),
    2,
  ); // rows 3 to 5
  const posts = await researchPosts('contacts');
  const credits = await creditsOf(sb);
  const fire = async () => {
    h.clock.advance(3_600_000 + 1000);
    const runs = await h.fireTriggers();
    expect(runs.map((r) => r.ok)).toEqual([true]);
  };
  await fire();
  let rows = asRecords('Inbound');
  expect(rows.map((r) => r['PDS status'] ?? '')).toEqual([
    '',
    expect.stringMatching(/^(done|duplicate|not found)/),
    expect.stringMatching(/^(done|duplicate|not found)/),
    '',
  ]);
  expect(rows[1].title).not.toBe('');
  expect(await researchPosts('contacts')).toBe(posts + 1);
  // Next hour: the row the cap left over, and only it.
  await fire();
  rows = asRecords('Inbound');
  expect(rows[3]['PDS status']).toMatch(/^(done|duplicate|not found)/);
  expect(await researchPosts('contacts')).toBe(posts + 2);
  // No new rows: nothing is sent; a new row is enriched alone.
  await fire();
  expect(await researchPosts('contacts')).toBe(posts + 2);
  const spent = credits - (await creditsOf(sb));
  expect(spent).toBeLessThanOrEqual(3);
  expect(rows[0]['PDS status']).toBe('');
  const off = (await h.run('setAutoEnrichment', { auto: false })) as { auto: boolean };
  expect(off.auto).toBe(false);
  fill('Inbound', [[people[35].fullName, people[35].company, '']], 5);
  await fire();
  expect(await researchPosts('contacts')).toBe(posts + 2);
}, 180_000);

test('a trigger run cut by the time limit after sending: the next run only polls, the rows are never sent again', async () => {
  const sample = people.slice(36, 39);
  fill('Cut', [['fullName', 'company']]);
  h.workbook.setActiveRange('Cut!A1');
  await h.run('setAutoEnrichment', { auto: true, kind: 'contacts', fields: ['title'] });
  fill(
    'Cut',
    sample.map((p) => [p.fullName, p.company]),
    1,
  );
  const posts = await researchPosts('contacts');
  // Research takes longer than this run may last: it sends, then is cut while waiting to poll.
  await h.run('saveConnectionSettings', { pollIntervalMs: 5000 });
  h.setLimits({ executionMs: 2500 });
  h.clock.advance(3_600_000 + 1000);
  const [cut] = await h.fireTriggers();
  expect(cut.timedOut).toBe(true);
  expect(await researchPosts('contacts')).toBe(posts + 1);
  let rows = asRecords('Cut');
  expect(rows.every((r) => /^(queued|researching|done|duplicate|not found)/.test(r['PDS status']))).toBe(true);
  h.setLimits({ executionMs: 6 * 60_000 });
  await h.run('saveConnectionSettings', { pollIntervalMs: 2000 });
  h.clock.advance(3_600_000 + 1000);
  const [next] = await h.fireTriggers();
  expect(next.ok).toBe(true);
  expect(await researchPosts('contacts')).toBe(posts + 1); // polled, never sent again
  rows = asRecords('Cut');
  expect(rows.map((r) => r['PDS status']).every((s) => /^(done|duplicate|not found)/.test(s))).toBe(true);
  await h.run('setAutoEnrichment', { auto: false });
}, 180_000);

test('stopping the org refresh keeps the hourly trigger while a sheet is enriched automatically', async () => {
  h.workbook.setActiveRange('Inbound!A1');
  await h.run('setAutoEnrichment', { auto: true, kind: 'contacts', fields: ['title'] });
  expect(await h.run('disableOrgRefresh')).toEqual({ removedTriggers: 0 });
  expect(h.triggers.filter((t) => t.handler === 'scheduledRun')).toHaveLength(1);
  await h.run('setAutoEnrichment', { auto: false });
  expect(await h.run('disableOrgRefresh')).toEqual({ removedTriggers: 1 });
}, 60_000);
