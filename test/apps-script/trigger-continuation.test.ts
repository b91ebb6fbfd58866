/**
 * Trigger continuation of an enrichment whose sidebar was closed (issue 24): the dispatcher's one clock trigger is a
 * one-off trigger for the job's next step, never sooner than the add-on's hour (the harness refuses a sooner one, as
 * Google's add-on rules say); each run sleeps to every step due before its deadline and ends at the first one past it;
 * when the research is done the trigger goes back to hourly (other work left) or away. The hour between runs is moved
 * on the harness clock, not waited.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { fireNextMovingClock, nextTriggerAt } from '../apps-script-harness/due-triggers';
import { addOnHarness, connect, creditsOf, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;
const HOUR = 3_600_000;
const POLL_MS = 2000;
const BUDGET_MS = 2500;

beforeAll(async () => {
  sb = await startSandbox({ seed: { orgContacts: 300 }, research: { queuedMs: 400, researchingMs: 5600 } });
  h = addOnHarness({ user: 'closer@example.com' });
  await connect(h, sb, { pollIntervalMs: POLL_MS, runBudgetMs: BUDGET_MS, researchBatchLimit: 100 });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

const schedule = () => h.triggers.filter((t) => t.handler === 'scheduledRun');

/** Starts an enrichment of `rows` imported rows and closes the sidebar (no poll follows). */
async function startAndClose(sheetName: string, filters: string, rows: number): Promise<void> {
  await h.run('importSearch', { kind: 'contacts', filters, limit: rows, sheetName });
  h.workbook.setActiveRange(`${sheetName}!A2:A${rows + 1}`);
  const preview = (await h.run('previewEnrichment')) as { items: number };
  expect(preview.items).toBe(rows);
  await h.run('startEnrichment', preview.items);
}

/** Fires the trigger each time it is due until the research is finished; the runs, each with the trigger armed after it. */
async function continueUntilDone(): Promise<{ durationMs: number; endedAt: number; nextAt: number | null; dueAt?: number }[]> {
  const runs: { durationMs: number; endedAt: number; nextAt: number | null; dueAt?: number }[] = [];
  for (let k = 0; k < 20 && ((await h.run('scheduleStatus')) as { unfinishedJobs: number }).unfinishedJobs > 0; k++) {
    const fired = await fireNextMovingClock(h);
    // The add-on's hour, never more: the job's step was due within a poll interval of the last run's end.
    expect(fired!.movedMs).toBeLessThanOrEqual(HOUR);
    expect(fired?.runs.map((r) => r.fn)).toEqual(['scheduledRun']);
    const run = fired!.runs[0];
    expect(run.ok).toBe(true);
    const research = (run.value as { research: { dueAt?: number }[] }).research;
    runs.push({ durationMs: run.durationMs, endedAt: h.clock.now(), nextAt: nextTriggerAt(h, 'scheduledRun'), dueAt: research[0]?.dueAt });
  }
  return runs;
}

function statuses(sheetName: string, rows: number): string[] {
  const values = h.workbook.mustSheet(sheetName).values();
  const col = values[0].indexOf('PDS status');
  return values.slice(1, rows + 1).map((r) => String(r[col]));
}

test('a job left by the closed sidebar is continued when its next step is due, in runs that end at their last useful step', async () => {
  const credits = await creditsOf(sb);
  await startAndClose('Leads', 'seniority=Manager,Director', 300);
  // The start submitted every row; the first poll is due one interval later: the trigger is set once, for the hour.
  const armed = schedule();
  expect(armed).toHaveLength(1);
  expect(armed[0].everyMs).toBeNull();
  expect(armed[0].nextRunAt! - h.clock.now()).toBeGreaterThan(HOUR - 60_000);
  expect(armed[0].nextRunAt! - h.clock.now()).toBeLessThanOrEqual(HOUR);

  const runs = await continueUntilDone();
  // Research takes 6 s and a run may start steps for 2.5 s: more than one run, each re-arming at its job's due time.
  expect(runs.length).toBeGreaterThanOrEqual(2);
  for (const run of runs.slice(0, -1)) {
    // The next step was due within a poll interval; the trigger waits for the add-on's hour, no longer.
    expect(run.dueAt! - run.endedAt).toBeLessThanOrEqual(POLL_MS);
    expect(run.nextAt! - run.endedAt).toBeLessThanOrEqual(HOUR);
    expect(run.nextAt! - run.endedAt).toBeGreaterThan(HOUR - 60_000);
    // It ended once its next step fell past its deadline, not after sleeping until then (a step takes well under 1 s).
    expect(run.durationMs).toBeLessThan(BUDGET_MS + POLL_MS);
  }
  // Done: every row written once, each unique contact paid once, and no trigger left (nothing else is scheduled).
  const all = statuses('Leads', 300);
  expect(all.every((s) => s === 'done' || s === 'not found' || s.startsWith('duplicate'))).toBe(true);
  expect(credits - (await creditsOf(sb))).toBe(all.filter((s) => s === 'done').length);
  expect(schedule()).toHaveLength(0);
}, 120_000);

test('with other scheduled work left, the trigger is one-off while research is due and hourly again once it is done', async () => {
  await h.run('enableOrgRefresh', { sheetName: 'Org', days: 365 });
  expect(schedule().map((t) => t.everyMs)).toEqual([HOUR]);
  await startAndClose('VPs', 'seniority=VP,C-Level', 200);
  expect(schedule().map((t) => t.everyMs)).toEqual([null]);
  await continueUntilDone();
  expect(statuses('VPs', 200).every((s) => s === 'done' || s === 'not found' || s.startsWith('duplicate'))).toBe(true);
  const hourly = schedule();
  expect(hourly.map((t) => t.everyMs)).toEqual([HOUR]);
  expect(hourly[0].nextRunAt! - h.clock.now()).toBeGreaterThan(HOUR - 60_000);
}, 120_000);
