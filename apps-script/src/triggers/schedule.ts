/**
 * The dispatcher's time-driven trigger, one per user and document (an add-on may own one trigger of each type per
 * document, and its repeating time triggers run at most hourly): hourly while only slow work is scheduled (refreshes,
 * saved imports), or one-off at the moment research is due (continuation.ts), never both.
 */
export const SCHEDULE_HANDLER = 'scheduledRun';

export function ensureSchedule(): boolean {
  const exists = ScriptApp.getProjectTriggers().some((t) => t.getHandlerFunction() === SCHEDULE_HANDLER);
  if (!exists) ScriptApp.newTrigger(SCHEDULE_HANDLER).timeBased().everyHours(1).create();
  return !exists;
}

/** Replaces the dispatcher's trigger (hourly, or a one-off one, spent or not) with one that fires once at `dueAt`. */
export function scheduleOnce(dueAt: number): void {
  removeSchedule();
  ScriptApp.newTrigger(SCHEDULE_HANDLER)
    .timeBased()
    .after(Math.max(0, dueAt - Date.now()))
    .create();
}

export function removeSchedule(): number {
  const mine = ScriptApp.getProjectTriggers().filter((t) => t.getHandlerFunction() === SCHEDULE_HANDLER);
  for (const t of mine) ScriptApp.deleteTrigger(t);
  return mine.length;
}
