import type { Flow } from '../../../shared';
import { deadlineAfter, userKey } from '../budget';
import { makeClient, run } from '../client';
import { userMessage } from '../errors';
import { isTimeUp } from '../host';
import { startAutoEnrichments } from '../enrichment/auto';
import { advanceExclusive } from '../research/advance';
import { deleteJob, jobsOf } from '../research/job-store';
import { loadRefresh } from './org-cursor';
import { refreshOrgContacts, type RefreshReport } from './refresh-org';

export interface ScheduleReport {
  research: { jobId: string; complete: boolean; pending: number; error?: string }[];
  refresh: (RefreshReport & { error?: string }) | null;
}

/**
 * Finishes this user's unfinished research from the stored request ids (polling every interval while time
 * remains), then continues the org-contacts refresh. Each stops before the deadline and leaves a cursor.
 */
export function runSchedule(): ScheduleReport {
  const report: ScheduleReport = { research: [], refresh: null };
  const client = makeClient();
  const deadline = deadlineAfter(client.addOn.runBudgetMs);
  const runner = { run: <T>(flow: Flow<T>) => run(client, flow), deadline };
  console.log(JSON.stringify({ autoEnrichment: startAutoEnrichments() })); // new rows of auto-enriched sheets become jobs the loop below runs
  for (const job of jobsOf(userKey())) {
    try {
      // Each step holds the document lock; a busy lock means the sidebar is advancing this job right now.
      let step = advanceExclusive(client, job.id, runner);
      while (step && !step.busy && !step.progress.complete && Date.now() + client.settings.pollIntervalMs < deadline) {
        Utilities.sleep(client.settings.pollIntervalMs);
        step = advanceExclusive(client, job.id, runner);
      }
      if (!step) continue;
      const progress = step.progress;
      if (progress.complete && !step.busy) deleteJob(job.id);
      report.research.push({ jobId: job.id, complete: progress.complete, pending: progress.pending + progress.unsubmitted });
    } catch (error) {
      if (isTimeUp(error)) throw error;
      report.research.push({ jobId: job.id, complete: false, pending: -1, error: userMessage(error) });
    }
  }
  const refresh = loadRefresh();
  if (refresh && Date.now() < deadline) {
    try {
      report.refresh = refreshOrgContacts(client, refresh, runner.run, deadline);
    } catch (error) {
      if (isTimeUp(error)) throw error;
      // The cursor stays where the last written rows left it; the next run starts there.
      report.refresh = { appended: 0, updated: 0, requests: 0, setValuesCalls: 0, passComplete: false, error: userMessage(error) };
    }
  }
  return report;
}
