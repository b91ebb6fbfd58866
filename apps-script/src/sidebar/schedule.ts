import { userKey } from '../budget';
import { budgeted } from './budgeted';
import { withDocumentLock } from '../doc-lock';
import { jobsOf } from '../research/job-store';
import { clearRefresh, loadRefresh, saveRefresh, type OrgRefreshState } from '../triggers/org-cursor';
import { refreshOrgContacts, type RefreshReport } from '../triggers/refresh-org';
import { anyJobPending, runSchedule, type ScheduleReport } from '../triggers/run-schedule';
import { ensureSchedule, removeSchedule } from '../triggers/schedule';
import { countArg, requestArg, sheetNameArg } from './inputs';
import { fail } from '../errors';

/**
 * Turns on the hourly refresh of an org-contacts sheet and imports the first part now (the rest follows on
 * the schedule, or with refreshOrgContactsNow).
 */
export function enableOrgRefresh(options: { sheetName?: string; days?: number }): RefreshReport & { sheetName: string } {
  const given = options === undefined || options === null ? {} : requestArg<{ sheetName?: unknown; days?: unknown }>(options, 'options');
  // The sidebar sends Number('') = 0 for an emptied field: the default, as before.
  const days = countArg(given.days === 0 ? undefined : given.days, 'days', 365, 1, 3650);
  const sheetName = sheetNameArg(given.sheetName, 'Org contacts');
  const state: OrgRefreshState = { sheetName, days, from: null, windowEnd: null, page: 1, lastRunAt: null, totals: { appended: 0, updated: 0, requests: 0 } };
  // Set up under the lock too: a busy answer ("nothing was done") leaves no refresh half enabled.
  return withDocumentLock(() => {
    saveRefresh(state);
    ensureSchedule();
    return { ...refreshUnlocked(state), sheetName };
  });
}

/** Call under the document lock: two refreshes at once (a press and the hourly run) would each append the same new contacts. */
function refreshUnlocked(state: OrgRefreshState): RefreshReport {
  const { client, run, deadline } = budgeted();
  return refreshOrgContacts(client, state, run, deadline);
}

export function refreshOrgContactsNow(): RefreshReport {
  // The cursor read under the lock: the refresh that held it has saved where it stopped.
  return withDocumentLock(() => {
    const state = loadRefresh();
    if (!state) fail('The org-contacts refresh is not set up for this document: enable it first.');
    return refreshUnlocked(state);
  });
}

export function scheduleStatus(): { refresh: OrgRefreshState | null; unfinishedJobs: number; scheduled: boolean } {
  return {
    refresh: loadRefresh(),
    unfinishedJobs: jobsOf(userKey()).length,
    scheduled: ScriptApp.getProjectTriggers().some((t) => t.getHandlerFunction() === 'scheduledRun'),
  };
}

/** Stops the refresh of this document and, when no scheduled job is left (research, saved imports, …), the hourly trigger. */
export function disableOrgRefresh(): { removedTriggers: number } {
  clearRefresh();
  return { removedTriggers: anyJobPending() ? 0 : removeSchedule() };
}

/** The time-driven trigger's handler. */
export function scheduledRun(): ScheduleReport {
  const report = runSchedule();
  // Trigger runs have no UI: leave a trace in the execution log (counts and messages only, never a secret).
  console.log(JSON.stringify(report));
  return report;
}
