/**
 * Issue 20 point 3: imports that merge by key merge. A service answering keys with a leading space, a formula-like
 * prefix, a leading tab or another case (a test proxy rewrites the sandbox's answer) is merged into the same rows run
 * after run; records without a key are counted ("N without a key") and appended only when asked.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { startRewritingProxy, type RewritingProxy } from './rewriting-proxy';
import { addOnHarness, connect, startSandbox } from './setup';

let sb: SandboxProcess;
let proxy: RewritingProxy;
let h: Harness;

/** The answer's first records get odd keys; two lose theirs. */
const ODD = [' 123', ' =1+1@x.com', '\tTab.Example.com', 'MiXed.Example.COM ', "'quoted.example.com", '', null];

function oddKeys(body: string): string {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return body;
  }
  const visit = (v: unknown): boolean => {
    if (Array.isArray(v) && v.length >= ODD.length && v.every((x) => x && typeof x === 'object' && 'domain' in x)) {
      ODD.forEach((key, i) => {
        if (key === null) delete (v[i] as Record<string, unknown>).domain;
        else (v[i] as Record<string, unknown>).domain = key;
      });
      return true;
    }
    return v !== null && typeof v === 'object' && Object.values(v).some(visit);
  };
  visit(json);
  return JSON.stringify(json);
}

beforeAll(async () => {
  sb = await startSandbox();
  proxy = await startRewritingProxy(sb.info.v1, (req, status, body) => (req.url.includes('/search') && status === 200 ? oddKeys(body) : body));
  h = addOnHarness({ user: 'rep@example.com' });
  await connect(h, sb, { baseUrlV1: proxy.via(sb.info.v1), baseUrlV2: proxy.via(sb.info.v2) });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await proxy?.close();
  await sb?.stop();
});

let keyed = 0;
const search = { kind: 'companies', filters: '', limit: 20, sheetName: 'Merged', mode: 'merge', key: 'domain' };

test('the same merge import three times adds 0 rows: odd keys read on both sides as one key', async () => {
  const first = (await h.run('importSearch', search)) as { appended: number; withoutKey: number };
  expect(first.withoutKey).toBe(2);
  const rows = () => h.workbook.mustSheet('Merged').values().length;
  const after = rows();
  expect(after).toBe(1 + first.appended);
  // 18 records with a key (two companies of the sandbox's answer may share a domain: one row each key).
  expect(first.appended).toBeGreaterThanOrEqual(15);
  keyed = first.appended;
  for (let run = 0; run < 2; run++) {
    const again = (await h.run('importSearch', search)) as { appended: number; updated: number; withoutKey: number };
    expect(again).toMatchObject({ appended: 0, updated: 0, withoutKey: 2 });
    expect(rows()).toBe(after);
  }
  // The formula-like key was written as text, never as a formula.
  expect(h.workbook.mustSheet('Merged').formulas().flat().filter(Boolean)).toEqual([]);
}, 60_000);

test('records without a key are appended when the import asks for it, and counted either way', async () => {
  const asked = { ...search, sheetName: 'Keyless', appendWithoutKey: true };
  const first = (await h.run('importSearch', asked)) as { appended: number; withoutKey: number };
  expect(first).toMatchObject({ appended: keyed + 2, withoutKey: 2 });
  await expect(h.run('importSearch', { ...asked, appendWithoutKey: 'yes' })).rejects.toThrow('target.appendWithoutKey: must be true or false');
}, 60_000);

test('a run of a saved import reports and logs "N without a key"', async () => {
  await h.run('setRunLog', { enabled: true, sheetName: 'PDS run log', maxRows: 50 });
  const spec = {
    name: 'Odd keys',
    query: { source: 'search', kind: 'companies', filters: '', limit: 20 },
    target: { sheetName: 'Logged', mode: 'merge', key: 'domain' },
  };
  const report = (await h.run('importOnce', spec)) as { withoutKey: number; keylessAppended: boolean };
  expect(report).toMatchObject({ withoutKey: 2, keylessAppended: false });
  const log = h.workbook
    .mustSheet('PDS run log')
    .values()
    .map((r) => String(r[1]));
  expect(log).toContainEqual(expect.stringMatching(/^import "Odd keys" → Logged; 2 without a key \(not written\)$/));
}, 60_000);

test('the imports panel’s "append records without a key": saved with the import, kept when it is edited, stated in the list and the run', async () => {
  const spec = {
    name: 'Keyless kept',
    query: { source: 'search', kind: 'companies', filters: '', limit: 20 },
    target: { sheetName: 'Keyless saved', mode: 'merge', key: 'domain', appendWithoutKey: true },
    schedule: { every: 'never' },
  };
  type Row = { id: string; appendWithoutKey: boolean; spec: { target: Record<string, unknown> } };
  const saved = (await h.run('saveImportSpec', spec)) as Row;
  expect(saved.appendWithoutKey).toBe(true);
  // What the panel loads to edit the import carries the choice, so saving the edit keeps it.
  expect(saved.spec.target).toMatchObject({ appendWithoutKey: true });
  const edited = (await h.run('saveImportSpec', { ...saved.spec, name: 'Keyless kept (edited)' }, saved.id)) as Row;
  expect(edited.appendWithoutKey).toBe(true);
  const report = (await h.run('runImportNow', saved.id)) as { withoutKey: number; keylessAppended: boolean; appended: number };
  expect(report).toMatchObject({ withoutKey: 2, keylessAppended: true });
  const rows = h.workbook.mustSheet('Keyless saved').values().length - 1;
  expect(rows).toBe(report.appended);
  // Unticked: counted, not written.
  const off = (await h.run('saveImportSpec', { ...spec, target: { ...spec.target, appendWithoutKey: false } }, saved.id)) as Row;
  expect(off.appendWithoutKey).toBe(false);
  expect(await h.run('runImportNow', saved.id)).toMatchObject({ withoutKey: 2, keylessAppended: false, appended: 0 });
}, 60_000);

// Issue 30 point 9: append and overwrite promise every record found, so a record without its key is written whole,
// its key cell empty, counted and said; only merge (one row per key) leaves it out unless asked (DECISIONS).
test('append and overwrite write a record without its key as a whole row with an empty key cell, and say so', async () => {
  const appended = (await h.run('importSearch', { ...search, sheetName: 'Appended', mode: 'append' })) as { appended: number; withoutKey: number };
  expect(appended).toMatchObject({ appended: keyed + 2, withoutKey: 2 });
  const values = h.workbook.mustSheet('Appended').values();
  const header = values[0].map(String);
  const keyless = values.slice(1).filter((r) => r[header.indexOf('domain')] === '');
  expect(keyless).toHaveLength(2);
  // The rest of each record is there (its name at least).
  for (const r of keyless) expect(String(r[header.indexOf('name')] ?? r[header.indexOf('companyName')])).not.toBe('');

  await h.run('setRunLog', { enabled: true, sheetName: 'PDS run log', maxRows: 50 });
  const spec = {
    name: 'Odd keys, overwrite',
    query: { source: 'search', kind: 'companies', filters: '', limit: 20 },
    target: { sheetName: 'Overwritten', mode: 'overwrite', key: 'domain' },
  };
  const report = (await h.run('importOnce', spec)) as { withoutKey: number; keylessAppended: boolean; appended: number };
  expect(report).toMatchObject({ withoutKey: 2, keylessAppended: true, appended: keyed + 2 });
  expect(h.workbook.mustSheet('Overwritten').values()).toHaveLength(1 + keyed + 2);
  const log = h.workbook
    .mustSheet('PDS run log')
    .values()
    .map((r) => String(r[1]));
  expect(log).toContainEqual(expect.stringMatching(/^import "Odd keys, overwrite" → Overwritten; 2 without a key \(appended\)$/));
}, 60_000);
