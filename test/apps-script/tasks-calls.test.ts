/**
 * Issue 11 in Google Sheets: the custom functions PDS_TASKS, PDS_ACTIVITY, PDS_CALL_DISPOSITIONS and
 * PDS_CALL_SENTIMENTS (free reads), and the sidebar's "for the selected rows: create tasks / log calls", through
 * the harness against the sandbox. A create or a log whose answer was lost is never repeated.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { admin, countOf, requestCounts, connectedWithOrgContacts } from './setup';

let sb: SandboxProcess;
let h: Harness;
type Table = (string | number | boolean)[][];
type Outcome = { column: string; done: number; errors: number; unknown: number; skipped: number; remaining: number; messages: string[] };
const cell = (fn: string, ...args: unknown[]) => h.callCustomFunction(fn, ...args) as Promise<Table>;
const SHEET = 'Org contacts';

beforeAll(async () => {
  ({ sb, h } = await connectedWithOrgContacts(SHEET, { sheets: ['Leads'] }));
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

const sheetValues = () => h.workbook.mustSheet(SHEET).values();
const columnOf = (name: string) => sheetValues()[0].indexOf(name);

describe('sidebar: tasks and calls for the selected rows', () => {
  it('creates one task per selected contact, writes each id beside its row, and skips those rows when run again', async () => {
    h.workbook.setActiveRange(`'${SHEET}'!A2:A4`);
    const before = countOf(await requestCounts(sb), 'POST /v2/tasks');
    const out = (await h.run('createTasksForSelection', { name: 'Intro call', taskType: 'call', priority: 2, dueAt: '2026-12-01T09:00:00Z' })) as Outcome;
    expect(out).toMatchObject({ column: 'PDS task', done: 3, errors: 0, unknown: 0, skipped: 0, remaining: 0 });
    const values = sheetValues();
    const task = columnOf('PDS task');
    const ids = values.slice(1, 4).map((r) => String(r[task]));
    expect(ids.every((v) => /^task \d+$/.test(v))).toBe(true);
    const contactId = values[0].indexOf('contactId');
    const made = (await cell('PDS_TASKS', 'scheduled', 'call', 100)) as Table;
    const header = made[0];
    const rows = made.slice(1).filter((r) => r[header.indexOf('name')] === 'Intro call');
    expect(rows.map((r) => String(r[header.indexOf('contactId')])).sort()).toEqual(
      values
        .slice(1, 4)
        .map((r) => String(r[contactId]))
        .sort(),
    );
    expect(rows.every((r) => r[header.indexOf('priority')] === 2)).toBe(true);
    // Run again on the same rows: nothing is made twice.
    const again = (await h.run('createTasksForSelection', { name: 'Intro call', taskType: 'call', priority: 2 })) as Outcome;
    expect(again).toMatchObject({ done: 0, skipped: 3 });
    expect(countOf(await requestCounts(sb), 'POST /v2/tasks') - before).toBe(3);
  }, 60_000);

  it('a bad field is named before anything is sent', async () => {
    h.workbook.setActiveRange(`'${SHEET}'!A5:A6`);
    const before = countOf(await requestCounts(sb), 'POST /v2/tasks');
    await expect(h.run('createTasksForSelection', { name: 'x', taskType: 'meeting', priority: 1 })).rejects.toThrow(
      /taskType: must be one of manual-email, call, action-item, linkedin/,
    );
    await expect(h.run('createTasksForSelection', { name: 'x', taskType: 'call', priority: 7 })).rejects.toThrow(
      /priority: must be 0 \(normal\), 1 \(high\) or 2 \(urgent\)/,
    );
    await expect(h.run('logCallsForSelection', { durationMs: -5 })).rejects.toThrow(/durationMs: must be 0 or more/);
    expect(countOf(await requestCounts(sb), 'POST /v2/tasks') - before).toBe(0);
  }, 60_000);

  it('a lost answer: the row says "unknown", the run stops, and running again never repeats that row', async () => {
    h.workbook.setActiveRange(`'${SHEET}'!A5:A8`);
    await admin(sb, 'POST', '/faults', { endpoint: 'POST /v2/tasks', kind: 'lostAnswer', count: 1 });
    const before = countOf(await requestCounts(sb), 'POST /v2/tasks');
    const first = (await h.run('createTasksForSelection', { name: 'Follow-up', taskType: 'action-item', priority: 0 })) as Outcome;
    expect(first).toMatchObject({ done: 0, unknown: 1, remaining: 3 });
    expect(first.messages[0]).toMatch(/^Row 5: unknown: .*may have been carried out/);
    expect(String(sheetValues()[4][columnOf('PDS task')])).toMatch(/^unknown: /);
    const second = (await h.run('createTasksForSelection', { name: 'Follow-up', taskType: 'action-item', priority: 0 })) as Outcome;
    expect(second).toMatchObject({ done: 3, unknown: 0, skipped: 1, remaining: 0 });
    // 1 lost + 3: the lost one was carried out by the service once and never sent again.
    expect(countOf(await requestCounts(sb), 'POST /v2/tasks') - before).toBe(4);
    const followUps = (await cell('PDS_TASKS', '', 'action-item', 100)).slice(1);
    expect(followUps.length).toBe(4);
  }, 60_000);

  it('logs one call per selected contact with the chosen outcome; a refused row says why and the others go on', async () => {
    const choices = (await h.run('callChoices')) as { dispositions: { callDispositionId: number; name: string }[]; sentiments: unknown[] };
    expect(choices.dispositions.map((d) => d.name)).toContain('Meeting booked');
    h.workbook.setActiveRange(`'${SHEET}'!A2:A3`);
    const meeting = choices.dispositions.find((d) => d.name === 'Meeting booked')!.callDispositionId;
    const out = (await h.run('logCallsForSelection', {
      callDispositionId: meeting,
      callSentimentId: 1,
      durationMs: 120000,
      callScript: 'Demo booked',
    })) as Outcome;
    expect(out).toMatchObject({ column: 'PDS call', done: 2, errors: 0 });
    expect(
      sheetValues()
        .slice(1, 3)
        .every((r) => /^call \d+$/.test(String(r[columnOf('PDS call')]))),
    ).toBe(true);
    // An unknown disposition: the service refuses every row (nothing logged), each row says why, and may be retried.
    h.workbook.setActiveRange(`'${SHEET}'!A9:A10`);
    const refused = (await h.run('logCallsForSelection', { callDispositionId: 99 })) as Outcome;
    expect(refused).toMatchObject({ done: 0, errors: 2 });
    expect(String(sheetValues()[8][columnOf('PDS call')])).toMatch(/^error: .*callDispositionId: no call disposition 99/);
    const retried = (await h.run('logCallsForSelection', { callDispositionId: meeting })) as Outcome;
    expect(retried).toMatchObject({ done: 2, skipped: 0 });
    expect(h.workbook.mustSheet(SHEET).formulas().flat().filter(Boolean)).toEqual([]);
  }, 60_000);
});

describe('custom functions (free reads)', () => {
  it('PDS_CALL_DISPOSITIONS and PDS_CALL_SENTIMENTS list the choices with their ids', async () => {
    const dispositions = await cell('PDS_CALL_DISPOSITIONS');
    expect(dispositions[0]).toEqual(['callDispositionId', 'name']);
    expect(dispositions).toContainEqual([1, 'Connected']);
    expect(await cell('PDS_CALL_SENTIMENTS')).toEqual([
      ['callSentimentId', 'name'],
      [1, 'Positive'],
      [2, 'Neutral'],
      [3, 'Negative'],
    ]);
  }, 60_000);

  it('PDS_ACTIVITY: newest first, by contact, by text; PDS_TASKS by status; bad filters named in the cell', async () => {
    const contactId = sheetValues()[1][columnOf('contactId')];
    const feed = await cell('PDS_ACTIVITY', contactId, '', 50);
    const header = feed[0];
    expect(header).toEqual(expect.arrayContaining(['activityId', 'type', 'description', 'contactId', 'occurredAt']));
    const types = feed.slice(1).map((r) => r[header.indexOf('type')]);
    expect(types).toEqual(['call.logged', 'task.created']);
    expect(feed.slice(1).every((r) => String(r[header.indexOf('contactId')]) === String(contactId))).toBe(true);
    const booked = await cell('PDS_ACTIVITY', '', 'meeting booked', 100);
    expect(booked.length - 1).toBe(4);
    expect(await cell('PDS_TASKS', 'completed', '', 10)).toHaveLength(1);
    await expect(cell('PDS_TASKS', 'done')).rejects.toThrow(/status: must be one of scheduled, in-progress/);
    await expect(cell('PDS_ACTIVITY', 'abc')).rejects.toThrow(/contactId: must be a whole-number id/);
    await expect(cell('PDS_TASKS', '', '', 5000)).rejects.toThrow(/limit: must be a whole number from 1 to 2000/);
  }, 60_000);
});
