import type { Flow } from '../../../shared';
import { deadlineAfter, timeLeft } from '../budget';
import { makeClient, run } from '../client';
import { userMessage } from '../errors';
import { gasHost, rethrowTimeUp, sleepUntil } from '../host';
import { noteRunning } from '../doc-lock';
import type { ImportReport } from '../imports/types';
import { logLine, logRuns, type RunLogEntry } from '../imports/run-log';
import { armFallbackRun, armNextRun } from './continuation';
import { scheduledJobs, type ResearchReport } from './jobs';
import type { RefreshReport } from './refresh-org';

export interface ScheduleReport {
  research: ResearchReport[];
  refresh: (RefreshReport & { error?: string }) | null;
  imports: ImportReport[];
  [job: string]: unknown;
}

/** What each job does, in the words a busy answer gives a user (doc-lock.ts). */
const DOING: Record<string, string> = {
  research: 'finishing an enrichment',
  refresh: 'refreshing the org contacts sheet',
  imports: 'running saved imports',
  autoEnrichment: 'queueing new rows for enrichment',
  searchJob: 'running a search job',
};

/**
 * The dispatcher: runs every registered job in turn (finishing research, the org-contacts refresh, due saved
 * imports, …) while time remains; each stops before the deadline and leaves a cursor for the next run.
 * What ran goes to the run log sheet when the user opted in. Then the next run is set: when research is due, else
 * hourly while work is left (continuation.ts).
 */
export function runSchedule(): ScheduleReport {
  const report: ScheduleReport = { research: [], refresh: null, imports: [] };
  const client = makeClient();
  const deadline = deadlineAfter(client.addOn.runBudgetMs);
  // Every wait (a rate window, a retry's pause) is cut by the run's own deadline, never by Apps Script's 6 minutes.
  const host = gasHost({ sleep: sleepUntil(deadline) });
  const ctx = { client, run: <T>(flow: Flow<T>) => run(client, flow, host), deadline };
  const lines: RunLogEntry[] = [];
  armFallbackRun();
  for (const job of scheduledJobs) {
    if (!timeLeft(deadline)) break;
    noteRunning(DOING[job.name] ?? job.name, deadline);
    try {
      const result = job.run(ctx);
      if (result !== undefined) report[job.name] = result;
      if (job.log) lines.push(...job.log(result));
    } catch (error) {
      rethrowTimeUp(error);
      report[job.name] = { error: userMessage(error) };
      lines.push(logLine(job.name, userMessage(error)));
    }
  }
  noteRunning(null);
  logRuns(lines);
  const due = (Array.isArray(report.research) ? report.research : []).map((r) => r.dueAt).filter((t): t is number => t !== undefined);
  armNextRun(due.length > 0 ? Math.min(...due) : null, anyJobPending);
  return report;
}

/** Whether any registered job still has work (else the dispatcher trigger can go). */
export function anyJobPending(): boolean {
  return scheduledJobs.some((job) => job.pending());
}
