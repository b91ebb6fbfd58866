import { ensureSchedule, removeSchedule, scheduleOnce } from './schedule';

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
