/**
 * One hourly time-driven trigger per user and document runs every scheduled task (finishing research,
 * refreshing the org-contacts sheet): an add-on may own only one trigger of each type per document,
 * and may not run time-driven triggers more often than hourly.
 */
export const SCHEDULE_HANDLER = 'scheduledRun';

export function ensureSchedule(): boolean {
  const exists = ScriptApp.getProjectTriggers().some((t) => t.getHandlerFunction() === SCHEDULE_HANDLER);
  if (!exists) ScriptApp.newTrigger(SCHEDULE_HANDLER).timeBased().everyHours(1).create();
  return !exists;
}

export function removeSchedule(): number {
  const mine = ScriptApp.getProjectTriggers().filter((t) => t.getHandlerFunction() === SCHEDULE_HANDLER);
  for (const t of mine) ScriptApp.deleteTrigger(t);
  return mine.length;
}
