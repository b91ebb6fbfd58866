/** Every custom function through the harness (as a cell calls it: 30 s, read-only) against the sandbox. */
import { addOnHarness, admin, connectedPerFile, countOf, creditsOf, requestCounts } from './setup';

const env = connectedPerFile({ user: 'owner@example.com' });

type Table = (string | number | boolean)[][];
const cell = (fn: string, ...args: unknown[]) => env.h.callCustomFunction(fn, ...args) as Promise<Table>;

test('PDS_CREDITS answers the balance under a header', async () => {
  expect(await cell('PDS_CREDITS')).toEqual([['balance'], [await creditsOf(env.sb)]]);
}, 60_000);

test('PDS_SEARCH_CONTACTS takes filters as text or as a two-column range, and returns a header row', async () => {
  const byText = await cell('PDS_SEARCH_CONTACTS', 'seniority=VP; department=Engineering', 5);
  expect(byText[0]).toEqual(expect.arrayContaining(['searchResultId', 'fullName', 'title', 'seniority', 'contactLocation.city']));
  expect(byText.length).toBe(6);
  const seniority = byText[0].indexOf('seniority');
  expect(byText.slice(1).every((r) => r[seniority] === 'VP')).toBe(true);
  const byRange = await cell(
    'PDS_SEARCH_CONTACTS',
    [
      ['seniority', 'VP'],
      ['department', 'Engineering'],
    ],
    5,
  );
  expect(byRange).toEqual(byText);
}, 60_000);

test('PDS_SEARCH_COMPANIES returns companies; a search past 500 results pages', async () => {
  const companies = await cell('PDS_SEARCH_COMPANIES', 'industry=Software Development', 20);
  expect(companies[0]).toEqual(expect.arrayContaining(['searchResultId', 'name', 'domain', 'industry']));
  expect(companies.length).toBeGreaterThan(1);
  // Published rows list a company's industries; the filter matches any of them.
  expect(companies.slice(1).every((r) => String(r[companies[0].indexOf('industry')]).split(', ').includes('Software Development'))).toBe(true);
  const before = countOf(await requestCounts(env.sb), 'POST /v2/search/contacts');
  const rows = await cell('PDS_SEARCH_CONTACTS', '', 600);
  expect(rows.length).toBe(601);
  expect(countOf(await requestCounts(env.sb), 'POST /v2/search/contacts') - before).toBe(2);
}, 60_000);

test('PDS_ORG_CONTACTS and PDS_ORG_COMPANIES read the lookback window, with chosen fields', async () => {
  const contacts = await cell('PDS_ORG_CONTACTS', 365, 5, 'contactId,fullName,email,contactLocation.city');
  expect(contacts[0]).toEqual(['contactId', 'fullName', 'email', 'contactLocation.city']);
  expect(contacts.length).toBe(6);
  expect(contacts.slice(1).every((r) => /^\d+$/.test(String(r[0])) && String(r[2]).includes('@'))).toBe(true);
  const companies = await cell('PDS_ORG_COMPANIES', 365, '', 'companyId,name,domain');
  expect(companies[0]).toEqual(['companyId', 'name', 'domain']);
  expect(companies.length).toBeGreaterThan(1);
  await expect(cell('PDS_ORG_CONTACTS', 365, 5, 'contactId,shoeSize')).rejects.toThrow(/fields: unknown field "shoeSize"/);
}, 60_000);

test('PDS_LISTS, PDS_SAVED_SEARCHES and PDS_CONTACT_STATUSES list the reference data', async () => {
  await env.h.run('createList', 'Q3 targets');
  const lists = await cell('PDS_LISTS');
  expect(lists[0]).toEqual(['listId', 'name', 'createdAt', 'updatedAt']);
  expect(lists.some((r) => r[1] === 'Q3 targets')).toBe(true);
  await env.h.run('createSavedSearch', { name: 'VPs', type: 'contacts', values: { seniority: ['VP'] } });
  const searches = await cell('PDS_SAVED_SEARCHES', 'contacts');
  expect(searches[0]).toEqual(expect.arrayContaining(['savedSearchId', 'name', 'type', 'values']));
  const vps = searches.find((r) => r[1] === 'VPs')!;
  expect(vps[searches[0].indexOf('values')]).toBe('{"seniority":["VP"]}');
  const statuses = await cell('PDS_CONTACT_STATUSES');
  expect(statuses[0]).toEqual(['statusId', 'name', 'label']);
  expect(statuses.length).toBeGreaterThan(1);
}, 60_000);

test('PDS_LOOKUP_CONTACT answers a whole range of ids and emails in one pass, then from the cache', async () => {
  const org = await cell('PDS_ORG_CONTACTS', 365, 3, 'contactId,email,fullName');
  const [, a, b, c] = org;
  const keys = [[a[0]], [String(b[1]).toUpperCase()], ['nobody@nowhere.example'], [''], [c[0]]];
  const before = countOf(await requestCounts(env.sb), 'GET /v1/contacts');
  const found = await cell('PDS_LOOKUP_CONTACT', keys, 'contactId,fullName', 365, false);
  expect(found).toEqual([
    [a[0], a[2]],
    [b[0], b[2]],
    ['(not found)', ''],
    ['', ''],
    [c[0], c[2]],
  ]);
  const used = countOf(await requestCounts(env.sb), 'GET /v1/contacts') - before;
  expect(used).toBe(1); // 40 seeded contacts: one page answers the whole range
  const withHeader = await cell('PDS_LOOKUP_CONTACT', keys.slice(0, 1), 'contactId,fullName');
  expect(withHeader).toEqual([
    ['contactId', 'fullName'],
    [a[0], a[2]],
  ]);
  await cell('PDS_LOOKUP_CONTACT', keys, 'contactId,fullName', 365, false);
  expect(countOf(await requestCounts(env.sb), 'GET /v1/contacts') - before).toBe(used); // recalculation: cached index
}, 60_000);

test('PDS_LOOKUP_COMPANY matches domains however they are written', async () => {
  const companies = await cell('PDS_ORG_COMPANIES', 365, 2, 'domain,name');
  const [, first] = companies;
  const found = await cell(
    'PDS_LOOKUP_COMPANY',
    [[`https://www.${String(first[0]).toUpperCase()}/about`], ['unknown-domain.example']],
    'domain,name',
    '',
    false,
  );
  expect(found).toEqual([
    [first[0], first[1]],
    ['(not found)', ''],
  ]);
}, 60_000);

test('answers are cached per user and per document; another user does not see them', async () => {
  await cell('PDS_CONTACT_STATUSES');
  const mine = Object.keys(env.h.cache.user('owner@example.com').all()).filter((k) => k.startsWith('pds.cf.'));
  expect(mine.length).toBeGreaterThan(0);
  env.h.setUser('editor@example.com');
  try {
    expect(Object.keys(env.h.cache.user('editor@example.com').all()).filter((k) => k.startsWith('pds.cf.'))).toEqual([]);
    // An editor's cell runs with the owner's connection (custom functions see the owner's user properties).
    expect(await cell('PDS_CONTACT_STATUSES')).toEqual(await cell('PDS_CONTACT_STATUSES'));
    expect(Object.keys(env.h.cache.user('editor@example.com').all()).filter((k) => k.startsWith('pds.cf.')).length).toBeGreaterThan(0);
  } finally {
    env.h.setUser('owner@example.com');
  }
}, 60_000);

test('errors read clearly in the cell: what went wrong and what to do', async () => {
  await expect(cell('PDS_SEARCH_CONTACTS', 'seniority=King', 5)).rejects.toThrow(/seniority.*must be one of C-Level, VP.*Fix the argument/);
  await expect(cell('PDS_SEARCH_CONTACTS', 'seniority', 5)).rejects.toThrow(/"seniority" should look like name=value/);
  await expect(cell('PDS_ORG_CONTACTS', 0)).rejects.toThrow(/days: must be a whole number from 1 to 3650/);
  const stranger = addOnHarness({ user: 'new@example.com' });
  try {
    await expect(stranger.callCustomFunction('PDS_CREDITS')).rejects.toThrow(/Not connected.*Open Extensions > Prospecting > Open sidebar/);
  } finally {
    await stranger.close();
  }
}, 60_000);

test('a 429 that outlasts the cell is a clear error, not a time-out; the next recalculation works', async () => {
  // A compressed window (2 s) so the test does not wait a minute for the reset.
  await admin(env.sb, 'PUT', '/rate-limits', { windowMs: 2000 });
  try {
    await admin(env.sb, 'POST', '/faults', { endpoint: 'GET /v2/contact-statuses', kind: 'rateLimit429', count: 2 });
    env.h.cache.user('owner@example.com').entries.clear();
    await expect(cell('PDS_CONTACT_STATUSES')).rejects.toThrow(/rate limit.*Gave up after 2 tries/i);
    expect(countOf(await requestCounts(env.sb), 'GET /v2/contact-statuses', '429')).toBe(2);
    expect((await cell('PDS_CONTACT_STATUSES')).length).toBeGreaterThan(1);
  } finally {
    await admin(env.sb, 'PUT', '/rate-limits', { windowMs: 60000 });
  }
}, 60_000);

test('no custom function spends credits or calls a research endpoint', async () => {
  const counts = await requestCounts(env.sb);
  expect(Object.keys(counts).filter((e) => /research/.test(e) && !/poll/.test(e))).toEqual([]);
  expect(await creditsOf(env.sb)).toBe(1000);
}, 60_000);
