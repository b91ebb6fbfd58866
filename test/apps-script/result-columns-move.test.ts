/**
 * Issue 20 point 1 (the fixed results block) and issue 21 point 1 (the poll item's other fields): each column of the
 * enrichment's results block is found by its own tag. A result column moved away from the others and another one
 * renamed during a run still get their own values, checked against the records the service answered (a test proxy
 * in front of the sandbox keeps each poll answer; for the second test it also adds `searchResultId`,
 * `additionalData` and records that come as text or a list).
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import type { Cell } from '../apps-script-harness/fakes/spreadsheet-model';
import { startRewritingProxy, type RewritingProxy } from './rewriting-proxy';
import { addOnHarness, connect, startSandbox } from './setup';

type Json = Record<string, unknown>;
type Progress = { jobId: string; complete: boolean };

let sb: SandboxProcess;
let h: Harness;
let proxy: RewritingProxy;
/** Each finished poll item the add-on was given, by request id (after any rewrite). */
const answered = new Map<string, Json>();
/** Rewrites a finished poll item (the second test); identity by default. */
let reshape: (item: Json, n: number) => Json = (item) => item;

function rewritePoll(body: string): string {
  const parsed = JSON.parse(body) as { data?: Json[] };
  if (!Array.isArray(parsed.data)) return body;
  parsed.data = parsed.data.map((item) => {
    if (!item.contact) return item;
    const out = reshape(item, answered.size);
    answered.set(String(item.requestId), out);
    return out;
  });
  return JSON.stringify(parsed);
}

beforeAll(async () => {
  sb = await startSandbox({ research: { queuedMs: 100, researchingMs: 300 } });
  proxy = await startRewritingProxy(sb.info.v1, (req, status, body) => (req.url.includes('/research/poll') && status === 200 ? rewritePoll(body) : body));
  h = addOnHarness({ user: 'mover@example.com' });
  await connect(h, sb, { baseUrlV1: proxy.via(sb.info.v1), baseUrlV2: proxy.via(sb.info.v2) });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await proxy?.close();
  await sb?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function table(name: string): Record<string, string>[] {
  const [head, ...rows] = h.workbook.mustSheet(name).values();
  return rows.map((r) => Object.fromEntries(head.map((c, i) => [String(c), String(r[i] ?? '')])));
}

/** Imports `n` leads (other filters per test: leads researched before answer `duplicate`) into `sheetName`, enriches them all, calls `during` once the rows were sent, polls to the end. */
async function enrich(sheetName: string, filters: string, n: number, during: () => void): Promise<Record<string, string>[]> {
  await h.run('importSearch', { kind: 'contacts', filters, limit: n, sheetName });
  h.workbook.setActiveRange(`${sheetName}!A2:A${n + 1}`);
  const preview = (await h.run('previewEnrichment')) as { items: number };
  let p = (await h.run('startEnrichment', preview.items)) as Progress;
  during();
  for (let step = 0; step < 60 && !p.complete; step++) {
    await sleep(400);
    p = (await h.run('pollEnrichment', p.jobId)) as Progress;
  }
  expect(p.complete).toBe(true);
  return table(sheetName);
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

test('a result column moved to the far left and another renamed during the run: every value under its own header', async () => {
  const rows = await enrich('Moved', 'seniority=Manager', 12, () => {
    const sheet = h.workbook.mustSheet('Moved');
    const head = () => sheet.values()[0].map(String);
    // A middle column of the block to the far left, another one renamed.
    sheet.moveColumns(head().indexOf('PDS title'), 1, 0);
    sheet.setCell(0, head().indexOf('PDS email'), { value: 'Work email (ours)' } as Cell);
  });
  expect(Object.keys(rows[0])[0]).toBe('PDS title');
  const done = rows.filter((r) => r['PDS status'] === 'done');
  expect(done.length).toBeGreaterThan(0);
  for (const r of done) {
    const contact = answered.get(r['PDS requestId'])?.contact as Json;
    expect(contact).toBeDefined();
    expect({
      title: r['PDS title'],
      email: r['Work email (ours)'],
      contactId: r['PDS contactId'],
      company: r['PDS company'],
      phone: r['PDS phone'],
      linkedIn: r['PDS LinkedIn'],
    }).toEqual({
      title: text(contact.title),
      email: text(contact.email),
      contactId: text(contact.contactId),
      company: text(contact.company),
      phone: text(contact.contactPhone1),
      linkedIn: text(contact.lIProfileUrl),
    });
  }
  // No column was added again: the renamed and the moved ones are the block's own.
  expect(Object.keys(rows[0]).filter((k) => k === 'PDS email' || k === 'PDS title')).toEqual(['PDS title']);
}, 120_000);

test("the poll item's searchResultId and additionalData have their own columns; a record sent as text or a list is shown, never blank", async () => {
  const extra = { source: 'test proxy', score: 7, tags: ['a', 'b'] };
  // Every third item comes as text, the next as a list; all carry the published extra fields.
  reshape = (item, n) => {
    const contact = n % 3 === 1 ? `${String((item.contact as Json).firstName)} (text answer)` : n % 3 === 2 ? [item.contact, 'second'] : item.contact;
    return { ...item, contact, searchResultId: `sr-${n}`, additionalData: extra };
  };
  const rows = await enrich('Extra', 'seniority=Director', 9, () => undefined);
  const done = rows.filter((r) => r['PDS status'] === 'done');
  expect(done.length).toBeGreaterThanOrEqual(6);
  let odd = 0;
  for (const r of done) {
    const item = answered.get(r['PDS requestId'])!;
    expect(r['PDS searchResultId']).toBe(item.searchResultId);
    expect(JSON.parse(r['PDS additionalData'])).toEqual(extra);
    const contact = item.contact;
    if (typeof contact === 'string' || Array.isArray(contact)) {
      odd++;
      expect(r['PDS contactId']).toBe(typeof contact === 'string' ? contact : JSON.stringify(contact));
    } else {
      expect(r['PDS contactId']).toBe(text((contact as Json).contactId));
    }
  }
  expect(odd).toBeGreaterThanOrEqual(4);
}, 120_000);

test('a field-picked enrichment keeps them too: searchResultId and additionalData are pickable fields; a record sent as text fills the first record field', async () => {
  const extra = { source: 'test proxy', picked: true };
  reshape = (item, n) => {
    const contact = n % 2 === 1 ? `${String((item.contact as Json).firstName)} (text answer)` : item.contact;
    return { ...item, contact, searchResultId: `sp-${n}`, additionalData: extra };
  };
  // A sheet of the user's own with the profile URLs of real leads (no columns from a search import), so the picked fields
  // get columns of their own.
  await h.run('importSearch', { kind: 'contacts', filters: 'seniority=VP', limit: 6, sheetName: 'Leads' });
  const leads = table('Leads').filter((r) => r.liUrl);
  const sheet = h.workbook.addSheet('Picked');
  const put = (r: number, values: string[]) => values.forEach((v, c) => sheet.setCell(r, c, { value: v } as Cell));
  put(0, ['LinkedIn']);
  leads.forEach((lead, i) => put(i + 1, [lead.liUrl]));
  h.workbook.setActiveRange('Picked!A1');
  const request = { scope: 'sheet', kind: 'contacts', fields: ['title', 'searchResultId', 'additionalData'], maxCredits: '' };
  const preview = (await h.run('previewSheetEnrichment', request)) as { items: number };
  let p = (await h.run('startSheetEnrichment', request, preview.items)) as Progress;
  for (let step = 0; step < 60 && !p.complete; step++) {
    await sleep(400);
    p = (await h.run('pollEnrichment', p.jobId)) as Progress;
  }
  expect(p.complete).toBe(true);
  const all = table('Picked');
  const done = all.filter((r) => r['PDS status'] === 'done');
  expect(done.length).toBeGreaterThanOrEqual(4);
  let odd = 0;
  for (const r of done) {
    const item = answered.get(r['PDS requestId'])!;
    const cell = (name: string) => r[name] ?? r[`PDS ${name}`];
    expect(cell('searchResultId')).toBe(item.searchResultId);
    expect(JSON.parse(cell('additionalData'))).toEqual(extra);
    if (typeof item.contact === 'string') {
      odd++;
      expect(cell('title')).toBe(item.contact);
    } else expect(cell('title')).toBe(text((item.contact as Json).title));
  }
  expect(odd).toBeGreaterThanOrEqual(2);
}, 120_000);
