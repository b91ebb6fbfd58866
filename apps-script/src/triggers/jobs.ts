import type { Client, Flow } from '../../../shared';
import { timeLeft, userKey } from '../budget';
import { ifDocumentLockFree } from '../doc-lock';
import { userMessage } from '../errors';
import { rethrowTimeUp } from '../host';
import { importLogEntries, importsPending, runDueImports } from '../imports/dispatch';
import { logLine, type RunLogEntry } from '../imports/run-log';
import { capText } from '../enrichment/cap';
import { autoEnrichmentIsOn, startAutoEnrichments, type AutoReport } from '../enrichment/auto';
import { advanceExclusive } from '../research/advance';
import { deleteJob, jobsOf } from '../research/job-store';
import { RECOVERY_SHEET } from '../research/recovery';
import { loadRefresh } from './org-cursor';
import { refreshOrgContacts, type RefreshReport } from './refresh-org';
import { searchJobSchedule } from '../search-job/run';

export interface JobContext {
  client: Client;
  run: <T>(flow: Flow<T>) => T;
  /** No new request after this moment (Apps Script cuts the run at 6 minutes). */
  deadline: number;
}

/**
 * One kind of scheduled work the single dispatcher trigger runs. An add-on has a budget of 20 triggers per user
 * and time triggers at most hourly, so every schedule shares ONE hourly trigger and each job decides what is due.
 */
export interface ScheduledJob {
  /** The job's key in the dispatcher's report. */
  name: string;
  run(ctx: JobContext): unknown;
  /** Whether the job still has work now or later (the trigger is removed when no job has). */
  pending(): boolean;
  /** The run log's lines for this job's report (optional). */
  log?(report: unknown): RunLogEntry[];
}

export interface ResearchReport {
  jobId: string;
  complete: boolean;
  pending: number;
  /** Paid results of rows deleted during the run, kept in the recovery sheet. */
  recovered?: number;
  /** When the job's next step is due (epoch ms); absent when complete or stopped by an error (then hourly). */
  dueAt?: number;
  error?: string;
}

/**
 * Finishes this user's unfinished research from the stored request ids. Each step runs when it is due
 * (advanceExclusive's `dueAt`); the run ends as soon as the next due step falls at or past its deadline, and reports that due time
 * so the dispatcher's next run starts then, or at the add-on's hour if that is later (continuation.ts).
 */
const research: ScheduledJob = {
  name: 'research',
  pending: () => jobsOf(userKey()).length > 0,
  run: ({ client, run, deadline }) => {
    const out: ResearchReport[] = [];
    const runner = { run, deadline };
    for (const job of jobsOf(userKey())) {
      try {
        // Each step holds the document lock; a busy lock means the sidebar is advancing this job right now.
        let step = advanceExclusive(client, job.id, runner);
        let due = step && step.dueAt;
        while (step && !step.busy && due !== null && due < deadline) {
          if (due > Date.now()) Utilities.sleep(due - Date.now());
          step = advanceExclusive(client, job.id, runner);
          due = step && step.dueAt;
        }
        if (!step) continue;
        const progress = step.progress;
        if (progress.complete && !step.busy) deleteJob(job.id);
        out.push({
          jobId: job.id,
          complete: progress.complete,
          pending: progress.pending + progress.unsubmitted,
          recovered: progress.recovered,
          // Busy: the sidebar holds the job now; look again one interval later.
          dueAt: step.busy ? Date.now() + client.settings.pollIntervalMs : (due ?? undefined),
        });
      } catch (error) {
        rethrowTimeUp(error);
        out.push({ jobId: job.id, complete: false, pending: -1, error: userMessage(error) });
      }
    }
    return out;
  },
  log: (report) =>
    (report as ResearchReport[]).map((r) =>
      logLine(
        `finish research ${r.jobId}${r.complete ? '' : ` (${r.pending} pending)`}` +
          (r.recovered ? `; ${r.recovered} result(s) of deleted rows in "${RECOVERY_SHEET}"` : ''),
        r.error,
      ),
    ),
};

/** A refresh run that read and wrote nothing, and why. */
function nothingRefreshed(error: string): RefreshReport & { error: string } {
  return { appended: 0, updated: 0, requests: 0, setValuesCalls: 0, passComplete: false, error };
}

/** Continues the org-contacts refresh from its cursor. */
const refresh: ScheduledJob = {
  name: 'refresh',
  pending: () => loadRefresh() !== null,
  run: ({ client, run, deadline }) => {
    if (!timeLeft(deadline)) return null;
    try {
      // Under the document lock, as a refresh from the sidebar is: one refresh at a time appends each contact once.
      // The cursor is read under it: a refresh that held the lock saved where it stopped.
      return ifDocumentLockFree<RefreshReport | null>(
        () => {
          const state = loadRefresh();
          return state ? refreshOrgContacts(client, state, run, deadline) : null;
        },
        () => nothingRefreshed('Another run held the spreadsheet; the refresh goes on at the next run.'),
      );
    } catch (error) {
      rethrowTimeUp(error);
      // The cursor stays where the last written rows left it; the next run starts there.
      return nothingRefreshed(userMessage(error));
    }
  },
  log: (report) => {
    const r = report as (RefreshReport & { error?: string }) | null;
    if (!r) return [];
    const rows = r.appended + r.updated;
    return [logLine('org contacts refresh', r.error, { rowsRead: rows, rowsWritten: rows, credits: 0, requests: r.requests })];
  },
};

/** Saved imports whose schedule is due, and runs cut by the time limit. */
const imports: ScheduledJob = {
  name: 'imports',
  pending: importsPending,
  run: ({ client, run, deadline }) => runDueImports(client, run, deadline),
  log: importLogEntries,
};

/** The registry the dispatcher runs, in this order. Another feature adds its job with one line here. */
/** Turns the new rows of auto-enriched sheets into research jobs (run first, so the research job below sends them). */
const autoEnrichment: ScheduledJob = {
  name: 'autoEnrichment',
  pending: autoEnrichmentIsOn,
  run: startAutoEnrichments,
  log: (report) =>
    (report as AutoReport[])
      .filter((r) => r.items > 0 || r.error)
      .map((r) => logLine(`auto-enrich ${r.sheetName}: ${r.items} new row(s) queued (${capText(r.cap)})`, r.error, { rowsRead: r.rows })),
};

export const scheduledJobs: ScheduledJob[] = [autoEnrichment, research, refresh, imports, searchJobSchedule];
