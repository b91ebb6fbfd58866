import { safeCell } from '../cells';
import { appendToLog, sheetByName } from '../sheet-io';
import { docProps, readJson, writeJson } from '../property-stores';

/** One line of the run log: what ran and what it cost. `credits` is null when the run cannot know it. */
export interface RunLogEntry {
  at: number;
  what: string;
  rowsRead: number;
  rowsWritten: number;
  credits: number | null;
  requests: number;
  error: string;
}

/** A line of the run log written now: no rows, no credits known and no requests, unless `counts` says otherwise. */
export function logLine(what: string, error = '', counts?: Partial<RunLogEntry>): RunLogEntry {
  return { at: Date.now(), what, rowsRead: 0, rowsWritten: 0, credits: null, requests: 0, ...counts, error };
}

export interface RunLogSettings {
  enabled: boolean;
  sheetName: string;
  /** The most runs kept: older ones are dropped first. */
  maxRows: number;
}

export const RUN_LOG_COLUMNS = ['time', 'what ran', 'rows read', 'rows written', 'credits spent', 'requests', 'errors'];
const KEY = 'pds.runLog';
const DEFAULTS: RunLogSettings = { enabled: false, sheetName: 'PDS run log', maxRows: 500 };

/** Document properties: the log is a property of the spreadsheet, whoever's trigger runs. */
export function runLogSettings(): RunLogSettings {
  return { ...DEFAULTS, ...readJson<Partial<RunLogSettings>>(docProps(), KEY) };
}

export function saveRunLogSettings(settings: RunLogSettings): void {
  writeJson(docProps(), KEY, settings);
}

/** Appends runs to the log sheet (when opted in), then drops the oldest rows past `maxRows`. */
export function logRuns(entries: readonly RunLogEntry[]): void {
  const settings = runLogSettings();
  if (!settings.enabled || entries.length === 0) return;
  const rows = entries.map((e) => [
    new Date(e.at).toISOString(),
    safeCell(e.what),
    e.rowsRead,
    e.rowsWritten,
    e.credits === null ? '' : e.credits,
    e.requests,
    safeCell(e.error),
  ]);
  const sheet = appendToLog(settings.sheetName, RUN_LOG_COLUMNS, rows);
  const excess = sheet.getLastRow() - 1 - settings.maxRows;
  if (excess > 0) sheet.deleteRows(2, excess);
}

/** The newest runs, for the sidebar (newest first). */
export function recentRuns(count: number): unknown[][] {
  const settings = runLogSettings();
  const sheet = sheetByName(settings.sheetName);
  if (!sheet || sheet.getLastRow() < 2) return [];
  const last = sheet.getLastRow();
  const first = Math.max(2, last - count + 1);
  return sheet
    .getRange(first, 1, last - first + 1, RUN_LOG_COLUMNS.length)
    .getDisplayValues()
    .reverse();
}
