/**
 * The dispatcher's time-driven trigger, one per user and document (an add-on may own one trigger of each type per
 * document, and its time triggers run at most hourly): hourly while only slow work is scheduled (refreshes, saved
 * imports), or one-off when research is due but never sooner than an hour (continuation.ts), never both.
 */
export const SCHEDULE_HANDLER = 'scheduledRun';

/** This user's dispatcher triggers in this document. */
const mine = () => ScriptApp.getProjectTriggers().filter((t) => t.getHandlerFunction() === SCHEDULE_HANDLER);
const exists = () => mine().length > 0;
/** A new time-driven trigger of the dispatcher, to be given its time. */
const timed = () => ScriptApp.newTrigger(SCHEDULE_HANDLER).timeBased();

/**
 * Creates the dispatcher's trigger; false when Google refused it because another execution of this user (the
 * scheduled run firing during a sidebar's step, a second sidebar) created one between this one's look and its create.
 * A refusal with no trigger there is thrown.
 */
function created(create: () => unknown): boolean {
  try {
    create();
    return true;
  } catch (error) {
    if (exists()) return false;
    throw error;
  }
}

export function ensureSchedule(): boolean {
  return !exists() && created(() => timed().everyHours(1).create());
}

/**
 * An add-on's time-driven triggers run at most once an hour (Google's editor add-on restrictions, with no exception
 * documented for one-off triggers): a step due sooner waits for the hour; the run before it used its whole budget.
 */
export const ADD_ON_TRIGGER_MIN_MS = 3_600_000;

/** Replaces the dispatcher's trigger (hourly, or a one-off one, spent or not) with one that fires once at `dueAt`, or in an hour if that is later. */
export function scheduleOnce(dueAt: number): void {
  const create = () =>
    timed()
      .after(Math.max(ADD_ON_TRIGGER_MIN_MS, dueAt - Date.now()))
      .create();
  // The other execution's trigger is replaced once more; should that race too, the one there fires within the hour
  // and its run takes every step that is due.
  for (let tries = 0; tries < 2; tries++) {
    removeSchedule();
    if (created(create)) return;
  }
}

export function removeSchedule(): number {
  const triggers = mine();
  for (const t of triggers) ScriptApp.deleteTrigger(t);
  return triggers.length;
}
