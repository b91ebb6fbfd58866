import { timeLeft } from '../budget';
import { listListsOperation, orgContactsOperation, searchContactsOperation, type Client, type Flow } from '../../../shared';
import { userMessage } from '../errors';
import { rethrowTimeUp } from '../host';
import { logLine, type RunLogEntry } from './run-log';
import { runImport, type ImportProgress } from './run-import';
import { nextRunAfter } from './schedule-times';
import { loadImport, loadImports, saveImport } from './store';
import type { ImportReport, SavedImport } from './types';

type Run = <T>(flow: Flow<T>) => T;

/** Imports read searches, org records and lists, which the catalogue marks free: a run spends no credit. */
const FREE = [searchContactsOperation, orgContactsOperation, listListsOperation].every((op) => op.credits === 'none');

/** Due: an unfinished run (resumed first), or a schedule whose time came. Paused imports never are. */
export function isDue(imp: SavedImport, now: number): boolean {
  if (imp.paused) return false;
  return imp.run !== null || (imp.nextRunAt !== null && imp.nextRunAt <= now);
}

/** Whether the dispatcher still has work for imports (else its trigger may go). */
export function importsPending(): boolean {
  return loadImports().some((i) => !i.paused && (i.run !== null || i.schedule.every !== 'never'));
}

/**
 * Runs one saved import (or resumes its cut run) until done or the deadline. Each page's cursor is saved
 * into the import's record after the page is written; the record is re-read first so an edit made in the
 * sidebar meanwhile (pause, rename, schedule) is kept.
 */
export function runSavedImport(client: Client, run: Run, imp: SavedImport, deadline: number): ImportReport {
  /** Saves the cursor after a page; answers false when the sidebar asked to stop this run (then the run is closed). */
  const save = (p: ImportProgress, finished: boolean, error: string | null): boolean => {
    const now = Date.now();
    const current = loadImport(imp.id);
    if (!current) return false; // deleted meanwhile: nothing to keep, nothing more to read
    const startedAt = p.state?.startedAt ?? imp.run?.startedAt ?? now;
    const cancelled = !finished && (current.cancelRequestedAt ?? 0) >= startedAt;
    current.run = cancelled ? null : p.state;
    current.query = p.query;
    current.orgFrom = p.orgFrom;
    if (finished || cancelled) {
      ended(current, cancelled ? 'Stopped from the sidebar: the rows already written stay.' : error, now);
      current.lastRows = p.report.appended + p.report.updated;
      current.cancelRequestedAt = null;
    }
    saveImport(current);
    return !cancelled;
  };
  try {
    const job = { name: imp.name, query: imp.query, target: imp, orgFrom: imp.orgFrom ?? null };
    const done = runImport(client, run, job, imp.run, deadline, (p) => save(p, p.state === null, null));
    if (!done.report.complete && !done.report.cancelled) save(done, false, null);
    return { ...done.report, id: imp.id };
  } catch (error) {
    rethrowTimeUp(error);
    const message = userMessage(error);
    const current = loadImport(imp.id);
    if (current) {
      ended(current, message);
      // A failed run starts over at its next time (its cursor stays for a cut run, not for a refused query).
      current.run = null;
      saveImport(current);
    }
    return { id: imp.id, name: imp.name, sheetName: imp.sheetName, rowsRead: 0, appended: 0, updated: 0, requests: 0, complete: false, error: message };
  }
}

/** A run of `imp` ended at `now` (`error`: why it failed, or null): its next one is due at its schedule's next time. */
function ended(imp: SavedImport, error: string | null, now = Date.now()): void {
  imp.lastRunAt = now;
  imp.lastError = error;
  imp.nextRunAt = nextRunAfter(imp.schedule, now);
}

/** The dispatcher's imports job: every due import, oldest first, while time remains. */
export function runDueImports(client: Client, run: Run, deadline: number): ImportReport[] {
  const reports: ImportReport[] = [];
  const now = Date.now();
  for (const imp of loadImports()) {
    if (!timeLeft(deadline)) break;
    if (isDue(imp, now)) reports.push(runSavedImport(client, run, imp, deadline));
  }
  return reports;
}

export function importLogEntries(reports: readonly ImportReport[]): RunLogEntry[] {
  return reports.map((r) =>
    logLine(
      `import "${r.name}" → ${r.sheetName}${r.complete ? '' : r.error ? '' : ' (continues next run)'}` +
        (r.withoutKey ? `; ${r.withoutKey} without a key (${r.keylessAppended ? 'appended' : 'not written'})` : ''),
      r.error,
      { rowsRead: r.rowsRead, rowsWritten: r.appended + r.updated, credits: FREE ? 0 : null, requests: r.requests },
    ),
  );
}
