/**
 * Issue 20 point 1 for per-row outcomes: tasks created for the selected rows while a collaborator inserts rows
 * above them and sorts the sheet. Each "task N" lands on the row of the contact it was made for (checked against
 * the service's own record of the task), and the inserted rows get nothing.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import type { Cell } from '../apps-script-harness/fakes/spreadsheet-model';
import { admin, connectedWithOrgContacts } from './setup';

let sb: SandboxProcess;
let h: Harness;
const SHEET = 'Org contacts';

beforeAll(async () => {
  ({ sb, h } = await connectedWithOrgContacts(SHEET, { sheets: ['Leads'] }));
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("rows inserted above and the sheet sorted while tasks are created: every task id is on its contact's row", async () => {
  const sheet = h.workbook.mustSheet(SHEET);
  h.workbook.setActiveRange(`'${SHEET}'!A2:A7`);
  // Each create takes 400 ms, so the sheet changes while the run is under way.
  await admin(sb, 'POST', '/faults', { endpoint: 'POST /v2/tasks', kind: 'latency', latencyMs: 400, count: 6 });
  const running = h.execute({ kind: 'run', fn: 'createTasksForSelection', args: [{ name: 'Moved rows', taskType: 'call', priority: 1 }] });
  await sleep(700);
  sheet.insertRows(1, 2);
  sheet.setCell(1, 0, { value: 'inserted' } as Cell);
  sheet.setCell(2, 0, { value: 'inserted' } as Cell);
  await sleep(600);
  const [head] = sheet.values();
  const contactCol = head.indexOf('contactId');
  sheet.sortRows(1, sheet.lastRow() - 1, (a, b) => String(b[contactCol]?.value ?? '').localeCompare(String(a[contactCol]?.value ?? '')));
  const result = await running;
  expect(result.ok).toBe(true);
  expect(result.value).toMatchObject({ done: 6 });

  const values = sheet.values();
  const task = values[0].indexOf('PDS task');
  const withTask = values.slice(1).filter((r) => /^task \d+$/.test(String(r[task])));
  expect(withTask).toHaveLength(6);
  for (const row of withTask) {
    const id = String(row[task]).slice(5);
    const made = (await (await fetch(`${sb.info.v2}/tasks/${id}`, { headers: { token: sb.info.apiKey } })).json()) as {
      contactId?: unknown;
      data?: { contactId?: unknown };
    };
    expect(String(made.data?.contactId ?? made.contactId)).toBe(String(row[contactCol]));
  }
  expect(
    values
      .slice(1)
      .filter((r) => r[0] === 'inserted')
      .every((r) => String(r[task]) === ''),
  ).toBe(true);
}, 60_000);
