/**
 * Issue 12, imports: output modes (overwrite, append, merge by a key column), saved imports with their own
 * schedules on ONE dispatcher trigger, a run cut by the time limit that resumes, the opt-in run log, and
 * search filters refused (naming the filter) before anything is sent.
 */
import { admin, connectedPerFile } from './setup';

const HOUR = 3_600_000;

const env = connectedPerFile({ user: 'ops@example.com', sandbox: { seed: { orgContacts: 300 } } });

/** Every org contact at the service, read directly. */
async function serviceContactIds(): Promise<string[]> {
  const end = new Date(Date.now() + HOUR * 48).toISOString();
  const res = await fetch(`${env.sb.info.v1}/contacts?page=1&limit=500&startDate=2000-01-01T00:00:00Z&endDate=${end}`, {
    headers: { token: env.sb.info.apiKey },
  });
  return ((await res.json()) as { data: { contactId: string }[] }).data.map((r) => r.contactId);
}

function column(name: string, col: string): string[] {
  const values = env.h.workbook.mustSheet(name).values();
  const i = values[0].indexOf(col);
  return values.slice(1).map((r) => String(r[i]));
}

const spec = (query: object, target: object, schedule?: object) => ({ query, target, ...(schedule ? { schedule } : {}) });

test('merge by key: changed rows are updated in place, new rows appended, no row duplicated', async () => {
  const first = (await env.h.run('importOnce', spec({ source: 'orgContacts', days: 365 }, { sheetName: 'Merged', mode: 'merge', key: 'contactId' }))) as {
    appended: number;
    updated: number;
    complete: boolean;
  };
  expect(first).toMatchObject({ appended: 300, updated: 0, complete: true });
  const truth = (await serviceContactIds()).sort();
  expect(column('Merged', 'contactId').sort()).toEqual(truth);

  // The sheet goes stale: three rows hold old titles, and the last five rows are gone (new at the service).
  const sheet = env.h.workbook.mustSheet('Merged');
  const header = sheet.values()[0];
  const title = header.indexOf('firstName');
  expect(title).toBeGreaterThan(0);
  const rowsBefore = sheet.values();
  for (const r of [1, 7, 42]) sheet.setCell(r, title, { value: 'Stale title' });
  const removed = rowsBefore.slice(296, 301).map((r) => String(r[header.indexOf('contactId')]));
  sheet.data.splice(296, 5);

  const second = (await env.h.run('importOnce', spec({ source: 'orgContacts', days: 365 }, { sheetName: 'Merged', mode: 'merge', key: 'contactId' }))) as {
    appended: number;
    updated: number;
  };
  expect(second).toMatchObject({ appended: 5, updated: 3 });
  const after = sheet.values();
  expect(after).toHaveLength(301);
  for (const r of [1, 7, 42]) {
    expect(after[r][header.indexOf('contactId')]).toBe(rowsBefore[r][header.indexOf('contactId')]); // same row
    expect(after[r][title]).toBe(rowsBefore[r][title]); // the service's value again
  }
  expect(
    after
      .slice(296)
      .map((r) => String(r[header.indexOf('contactId')]))
      .sort(),
  ).toEqual(removed.sort());
  const ids = column('Merged', 'contactId');
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.sort()).toEqual(truth);

  // Merging by another key column (email) finds the same rows: nothing appended, nothing changed.
  const byEmail = (await env.h.run('importOnce', spec({ source: 'orgContacts', days: 365 }, { sheetName: 'Merged', mode: 'merge', key: 'email' }))) as {
    appended: number;
    updated: number;
  };
  expect(byEmail).toMatchObject({ appended: 0, updated: 0 });
  expect(sheet.values()).toHaveLength(301);
}, 120_000);

test('append twice without duplicates; overwrite replaces; the sidebar search import takes the same modes', async () => {
  const query = { source: 'search', kind: 'contacts', filters: { seniority: ['Director'] }, limit: 30 };
  const a = (await env.h.run('importOnce', spec(query, { sheetName: 'Appended', mode: 'append' }))) as { appended: number };
  expect(a.appended).toBe(30);
  const b = (await env.h.run('importOnce', spec(query, { sheetName: 'Appended', mode: 'append' }))) as { appended: number };
  expect(b.appended).toBe(0);
  const c = (await env.h.run('importOnce', spec({ ...query, limit: 60 }, { sheetName: 'Appended', mode: 'append' }))) as { appended: number };
  expect(c.appended).toBe(30);
  const ids = column('Appended', 'searchResultId');
  expect(ids).toHaveLength(60);
  expect(new Set(ids).size).toBe(60);

  const o = (await env.h.run('importOnce', spec({ ...query, limit: 10 }, { sheetName: 'Appended', mode: 'overwrite' }))) as { appended: number };
  expect(o.appended).toBe(10);
  expect(column('Appended', 'searchResultId')).toHaveLength(10);

  // The search panel's import: append by searchResultId, twice.
  const req = { kind: 'contacts', filters: '', picks: { seniority: ['VP'] }, limit: 20, sheetName: 'VPs', mode: 'append' };
  expect(await env.h.run('importSearch', req)).toMatchObject({ rows: 20, appended: 20 });
  expect(await env.h.run('importSearch', req)).toMatchObject({ rows: 0, appended: 0 });
  expect(column('VPs', 'searchResultId')).toHaveLength(20);
}, 120_000);

test('a filter over its cap or an unknown key column is refused, naming it, before anything is sent', async () => {
  const before = env.h.http.log.length;
  const six = ['Sales', 'Marketing', 'Engineering', 'Finance', 'IT', 'Legal'];
  await expect(env.h.run('saveImportSpec', spec({ source: 'search', kind: 'contacts', filters: { department: six } }, {}, { every: 'hour' }))).rejects.toThrow(
    /department/,
  );
  await expect(env.h.run('importSearch', { kind: 'contacts', filters: '', picks: { department: six }, limit: 5 })).rejects.toThrow(/department/);
  await expect(env.h.run('importOnce', spec({ source: 'orgContacts' }, { mode: 'merge', key: 'nope' }))).rejects.toThrow(/target\.key: "nope"/);
  await expect(env.h.run('saveImportSpec', spec({ source: 'lists' }, {}, { every: 'day', hour: 25 }))).rejects.toThrow(/schedule\.hour/);
  expect(env.h.http.log.length).toBe(before);
  const form = (await env.h.run('searchFilterForm')) as Record<string, { name: string; control: string; max?: number; values?: string[] }[]>;
  expect(form.contacts.find((f) => f.name === 'department')).toMatchObject({ control: 'multi', max: 5 });
  expect(form.contacts.find((f) => f.name === 'companyDomain')).toMatchObject({ control: 'textList', max: 100 });
  expect(form.companies.find((f) => f.name === 'companyRevenue')?.values).toContain('$1B+');
});

interface Row {
  id: string;
  name: string;
  lastRunAt: string | null;
  lastRows: number | null;
  nextRunAt: string | null;
  unfinished: boolean;
  paused: boolean;
  schedule: string;
}

test('saved imports share one dispatcher trigger; a scheduled run cut at the time limit resumes with nothing lost or doubled', async () => {
  await env.h.run('setRunLog', { enabled: true, sheetName: 'Run log', maxRows: 10 });
  const org = (await env.h.run(
    'saveImportSpec',
    spec({ source: 'orgContacts', days: 365 }, { sheetName: 'Sched org', mode: 'append' }, { every: 'hour' }),
    null,
  )) as Row;
  const daily = (await env.h.run(
    'saveImportSpec',
    spec({ source: 'lists' }, { sheetName: 'Sched lists', mode: 'merge' }, { every: 'day', hour: 6 }),
    null,
  )) as Row;
  const weekly = (await env.h.run(
    'saveImportSpec',
    spec({ source: 'orgCompanies' }, { sheetName: 'Sched companies', mode: 'merge' }, { every: 'week', weekday: 1, hour: 9 }),
    null,
  )) as Row;
  expect(org.schedule).toBe('hourly');
  expect(daily.schedule).toBe('daily at 06:00 UTC');
  expect(new Date(daily.nextRunAt as string).getUTCHours()).toBe(6);
  expect(new Date(weekly.nextRunAt as string).getUTCDay()).toBe(1);
  expect(env.h.triggers.map((t) => t.handler)).toEqual(['scheduledRun']);
  await env.h.run('pauseImport', daily.id, true);
  await env.h.run('pauseImport', weekly.id, true);

  // Small pages, slow answers and a 3-second "6-minute" limit: the first dispatch is cut mid-run.
  await env.h.run('saveConnectionSettings', { pageSizeLimit: 50 });
  await admin(env.sb, 'POST', '/faults', { endpoint: 'GET /v1/contacts', kind: 'latency', latencyMs: 900, share: 1 });
  try {
    env.h.clock.advance(HOUR);
    env.h.setLimits({ executionMs: 3000 });
    const [cut] = await env.h.fireTriggers();
    expect(cut.timedOut).toBe(true);
    env.h.setLimits({ executionMs: 6 * 60_000 });
    const afterCut = ((await env.h.run('listImports')) as Row[]).find((r) => r.id === org.id) as Row;
    expect(afterCut.unfinished).toBe(true);
    const partial = column('Sched org', 'contactId');
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(300);

    // The next dispatch resumes it (an unfinished run is due at once) and finishes.
    env.h.clock.advance(HOUR);
    const [resumed] = await env.h.fireTriggers();
    expect(resumed.ok).toBe(true);
    const reports = (resumed.value as { imports: { id: string; complete: boolean }[] }).imports;
    expect(reports).toEqual([expect.objectContaining({ id: org.id, complete: true })]);
  } finally {
    await admin(env.sb, 'DELETE', '/faults');
    env.h.setLimits({ executionMs: 6 * 60_000 });
    await env.h.run('saveConnectionSettings', { pageSizeLimit: 500 });
  }
  const ids = column('Sched org', 'contactId');
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.sort()).toEqual((await serviceContactIds()).sort());
  const done = ((await env.h.run('listImports')) as Row[]).find((r) => r.id === org.id) as Row;
  expect(done).toMatchObject({ unfinished: false, lastRows: expect.any(Number) });
  expect(Date.parse(done.nextRunAt as string)).toBeGreaterThan(Date.parse(done.lastRunAt as string));

  // Paused imports were not run; run now runs one; delete removes it, and the trigger goes with the last job.
  expect(env.h.workbook.sheet('Sched lists')).toBeUndefined();
  await env.h.run('createList', 'Imported list');
  const lists = (await env.h.run('getLists')) as { name: string }[];
  expect(await env.h.run('runImportNow', daily.id)).toMatchObject({ complete: true, appended: lists.length });
  expect(column('Sched lists', 'name').sort()).toEqual(lists.map((l) => l.name).sort());
  expect(column('Sched lists', 'name')).toContain('Imported list');
  const log = env.h.workbook.mustSheet('Run log').values();
  expect(log[0]).toEqual(['time', 'what ran', 'rows read', 'rows written', 'credits spent', 'requests', 'errors']);
  expect(log.slice(1).some((r) => String(r[1]).includes('Sched org') && r[4] === 0)).toBe(true);
  expect(log[log.length - 1]).toEqual([expect.any(String), 'import "lists → Sched lists" → Sched lists', lists.length, lists.length, 0, 1, '']);
  for (const r of [org, daily, weekly]) await env.h.run('deleteSavedImport', r.id);
  expect(env.h.triggers).toEqual([]);
}, 180_000);

test('the run log keeps at most maxRows runs, dropping the oldest', async () => {
  await env.h.run('setRunLog', { enabled: true, sheetName: 'Small log', maxRows: 10 });
  for (let i = 0; i < 12; i++) await env.h.run('importOnce', { name: `run ${i}`, query: { source: 'lists' }, target: { sheetName: 'L', mode: 'merge' } });
  const log = env.h.workbook.mustSheet('Small log').values();
  expect(log).toHaveLength(11);
  expect(log.slice(1).map((r) => r[1])).toEqual(Array.from({ length: 10 }, (_, i) => `import "run ${i + 2}" → L`));
  const status = (await env.h.run('runLogStatus')) as { rows: string[][] };
  expect(status.rows[0][1]).toBe('import "run 11" → L');
  await env.h.run('setRunLog', { enabled: false });
  await env.h.run('importOnce', { name: 'unlogged', query: { source: 'lists' }, target: { sheetName: 'L', mode: 'merge' } });
  expect(env.h.workbook.mustSheet('Small log').values()).toHaveLength(11);
}, 120_000);

test('a saved search and org companies import by key too; editing a saved import keeps its id and moves its next run', async () => {
  const saved = (await env.h.run('createSavedSearch', { name: 'Big companies', type: 'companies', values: { companySize: ['10,001+'] } })) as {
    savedSearchId: string;
  };
  const q = { source: 'savedSearch', savedSearchId: saved.savedSearchId, limit: 25 };
  const first = (await env.h.run('importOnce', spec(q, { sheetName: 'Big', mode: 'merge', key: 'domain' }))) as { appended: number; rowsRead: number };
  expect(first.rowsRead).toBeGreaterThan(0);
  const domains = column('Big', 'domain');
  expect(new Set(domains).size).toBe(domains.length); // merged by domain: one row per company
  expect(env.h.workbook.mustSheet('Big').values()[0]).toContain('staffCountRange'); // company columns: the saved search's type was asked
  const again = (await env.h.run('importOnce', spec(q, { sheetName: 'Big', mode: 'merge', key: 'domain' }))) as { appended: number; updated: number };
  expect(again).toMatchObject({ appended: 0, updated: 0 });

  const orgCompanies = (await env.h.run('importOnce', spec({ source: 'orgCompanies' }, { sheetName: 'Org companies', mode: 'append' }))) as {
    appended: number;
  };
  const companyDomains = column('Org companies', 'domain');
  expect(companyDomains.length).toBe(orgCompanies.appended);
  expect(new Set(companyDomains).size).toBe(companyDomains.length);
  expect(await env.h.run('importOnce', spec({ source: 'orgCompanies' }, { sheetName: 'Org companies', mode: 'append' }))).toMatchObject({ appended: 0 });

  const row = (await env.h.run('saveImportSpec', spec(q, { sheetName: 'Big', mode: 'merge', key: 'domain' }, { every: 'hour' }), null)) as Row;
  const edited = (await env.h.run(
    'saveImportSpec',
    spec(q, { sheetName: 'Big', mode: 'merge', key: 'domain' }, { every: 'week', weekday: 3, hour: 18 }),
    row.id,
  )) as Row;
  expect(edited.id).toBe(row.id);
  expect(edited.schedule).toBe('weekly on Wednesday at 18:00 UTC');
  expect(new Date(edited.nextRunAt as string).getUTCDay()).toBe(3);
  expect(((await env.h.run('listImports')) as Row[]).filter((r) => r.id === row.id)).toHaveLength(1);
  await expect(env.h.run('saveImportSpec', spec(q, {}, { every: 'hour' }), 'no-such-id')).rejects.toThrow(/no saved import "no-such-id"/);
  await env.h.run('deleteSavedImport', row.id);
}, 120_000);

test('a running import stopped from the sidebar keeps the rows written, reads no further page, and the next run starts afresh', async () => {
  const row = (await env.h.run(
    'saveImportSpec',
    spec({ source: 'orgContacts', days: 365 }, { sheetName: 'Stopped', mode: 'merge' }, { every: 'hour' }),
    null,
  )) as Row;
  await env.h.run('saveConnectionSettings', { pageSizeLimit: 50 });
  await admin(env.sb, 'POST', '/faults', { endpoint: 'GET /v1/contacts', kind: 'latency', latencyMs: 700, share: 1 });
  try {
    const running = env.h.execute({ kind: 'run', fn: 'runImportNow', args: [row.id] });
    // Progress is visible while it runs (the cursor's counts, saved after each page).
    let seen: Row & { progress: { rowsRead: number } | null } = row as never;
    for (let i = 0; i < 40 && !(seen.progress && seen.progress.rowsRead >= 50); i++) {
      await new Promise((r) => setTimeout(r, 150));
      seen = ((await env.h.run('listImports')) as (typeof seen)[]).find((r) => r.id === row.id)!;
    }
    expect(seen.progress!.rowsRead).toBeGreaterThanOrEqual(50);
    const requestsAtStop = env.h.http.log.filter((l) => l.url.includes('/v1/contacts?')).length;
    await env.h.run('cancelImport', row.id);
    const result = await running;
    expect(result.ok).toBe(true);
    const report = result.value as { cancelled: boolean; complete: boolean; rowsRead: number; appended: number };
    expect(report).toMatchObject({ cancelled: true, complete: false });
    expect(report.rowsRead).toBeLessThan(300);
    // At most the page under way when Stop was pressed was read after it.
    expect(env.h.http.log.filter((l) => l.url.includes('/v1/contacts?')).length - requestsAtStop).toBeLessThanOrEqual(1);
    expect(column('Stopped', 'contactId')).toHaveLength(report.appended);
    const after = ((await env.h.run('listImports')) as Row[]).find((r) => r.id === row.id) as Row & { lastError: string };
    expect(after.unfinished).toBe(false);
    expect(after.lastError).toMatch(/Stopped from the sidebar/);
  } finally {
    await admin(env.sb, 'DELETE', '/faults');
    await env.h.run('saveConnectionSettings', { pageSizeLimit: 500 });
  }
  // The next run is not affected by the old Stop: it reads everything, merging by contactId.
  expect(await env.h.run('runImportNow', row.id)).toMatchObject({ complete: true });
  const ids = column('Stopped', 'contactId');
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.sort()).toEqual((await serviceContactIds()).sort());
  await env.h.run('deleteSavedImport', row.id);
}, 120_000);
