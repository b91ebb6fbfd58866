import { fail } from './errors';
import { ifLockFree } from './host';
import { parsed } from './property-stores';

/**
 * The document lock, waited for at most a few seconds: a scheduled run may hold it for minutes (one research step
 * polls until its deadline), and a user's action that waits 30 s to get Apps Script's raw "Lock timeout" tells them
 * nothing. The scheduled run leaves a note of what it does and until when (document cache, as long as it may run),
 * so a user's action that finds the lock busy answers within 5 s with what is running and when to try again, and the
 * sidebar's poll shows it (advance.ts).
 */
const NOTE_KEY = 'pds.running';
/** Well under the 5 s a user's action may take to answer when the lock is busy (the execution's own start takes some). */
const USER_WAIT_MS = 2500;

interface RunningNote {
  what: string;
  since: number;
  until: number;
}

function docCache() {
  return CacheService.getDocumentCache();
}

/** The scheduled run says what it does now, until `until` (its deadline); `what` null: it ended. */
export function noteRunning(what: string | null, until = 0): void {
  try {
    if (what === null) docCache()?.remove(NOTE_KEY);
    else docCache()?.put(NOTE_KEY, JSON.stringify({ what, since: Date.now(), until }), Math.max(1, Math.ceil((until - Date.now()) / 1000) + 60));
  } catch {
    // A lost note costs the words of a busy answer only.
  }
}

/** What every busy answer of busyText matches (tests and callers tell it from other refusals by it). */
export const BUSY_ANSWER = /Try again .*nothing was done\.$/;

/** What holds the document now, in words, and when to try again. */
export function busyText(): string {
  let note: RunningNote | null = null;
  try {
    note = parsed<RunningNote>(docCache()?.get(NOTE_KEY));
  } catch {
    // No note: the generic answer.
  }
  if (!note) return 'Another run of the add-on is writing to this spreadsheet right now. Try again in a minute; nothing was done.';
  const minutes = Math.max(1, Math.ceil((note.until - Date.now()) / 60000));
  const ago = Math.max(0, Math.round((Date.now() - note.since) / 1000));
  return `The scheduled run is ${note.what} (for ${ago} s now; it stops within ${minutes} minute${minutes > 1 ? 's' : ''}). Try again then; nothing was done.`;
}

/** Runs `work` under the document lock when it is free within `waitMs`; else `busy()` (a scheduled job leaves it to its next run). */
export function ifDocumentLockFree<T>(work: () => T, busy: () => T, waitMs = USER_WAIT_MS): T {
  return ifLockFree(LockService.getDocumentLock(), waitMs, work, busy);
}

/** Runs `work` under the document lock, or says in words what holds it after at most USER_WAIT_MS. */
export function withDocumentLock<T>(work: () => T): T {
  return ifDocumentLockFree(work, () => fail(busyText()));
}
