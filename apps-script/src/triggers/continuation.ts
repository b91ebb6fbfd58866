import type { Client } from '../../../shared';
import type { Progress } from '../research/advance';
import type { EnrichmentJob } from '../research/job-store';
import { ensureSchedule, removeSchedule, scheduleOnce } from './schedule';

/**
 * When a research job's next step can do something: now while rows wait to be sent (or no sweep ran yet, or a sweep is
 * part way), else one poll interval after its last sweep. Null once the job is complete.
 */
export function researchDueAt(job: EnrichmentJob, progress: Progress, client: Client): number | null {
  if (progress.complete) return null;
  // Rows wait to be sent, no sweep ran yet, or a sweep is part way through its slices.
  if (progress.unsubmitted > 0 || job.lastPollAt === null || job.pollFrom !== undefined) return Date.now();
  return job.lastPollAt + client.settings.pollIntervalMs;
}

/**
 * Set before work that the time limit may cut: if this execution never reaches armNextRun, the next one starts at the
 * add-on's next allowed time, an hour on (a one-off trigger runs only once, so nothing else would continue the job).
 */
export function armFallbackRun(): void {
  scheduleOnce(Date.now());
}

/**
 * The dispatcher's next run (docs/DECISIONS.md, "Trigger continuation"): once, when research is next due but not
 * sooner than the add-on's hour (the run before it slept to each due step until its deadline), else hourly while any
 * scheduled work is left, else none.
 */
export function armNextRun(dueAt: number | null, pending: () => boolean): void {
  if (dueAt !== null) return scheduleOnce(dueAt);
  removeSchedule();
  if (pending()) ensureSchedule();
}
