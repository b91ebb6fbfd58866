import { budgeted } from './budgeted';
import { importLogEntries, runSavedImport } from '../imports/dispatch';
import { runImport } from '../imports/run-import';
import { logRuns, recentRuns, runLogSettings, RUN_LOG_COLUMNS, saveRunLogSettings, type RunLogSettings } from '../imports/run-log';
import { describeSchedule, nextRunAfter } from '../imports/schedule-times';
import { specArg } from '../imports/spec';
import { deleteImport as forget, loadImport, loadImports, saveImport } from '../imports/store';
import type { ImportReport, SavedImport } from '../imports/types';
import { anyJobPending } from '../triggers/run-schedule';
import { ensureSchedule, removeSchedule } from '../triggers/schedule';
import { countArg, optionalText, requestArg, sheetNameArg } from './inputs';
import { fail } from '../errors';

function mustFind(id: unknown): SavedImport {
  const text = optionalText(id, 'id');
  const imp = text ? loadImport(text) : null;
  if (!imp) fail(`id: no saved import "${String(id)}" in this document.`);
  return imp;
}

export interface ImportRow {
  id: string;
  name: string;
  source: string;
  sheetName: string;
  mode: string;
  key: string;
  /** Merge: records without a key are appended (true) or only counted. */
  appendWithoutKey: boolean;
  schedule: string;
  paused: boolean;
  lastRunAt: string | null;
  lastRows: number | null;
  nextRunAt: string | null;
  lastError: string | null;
  /** A run cut by the time limit (or under way), to be resumed. */
  unfinished: boolean;
  /** The unfinished run's counts so far (saved after each page). */
  progress: { rowsRead: number; written: number } | null;
  spec: unknown;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The saved imports of this document for the sidebar's list (dates as text: a Date would reach the page as null). */
export function listImports(): ImportRow[] {
  return loadImports().map((i) => ({
    id: i.id,
    name: i.name,
    source: i.query.source + (i.query.kind ? ` (${i.query.kind})` : ''),
    sheetName: i.sheetName,
    mode: i.mode,
    key: i.key,
    appendWithoutKey: i.appendWithoutKey === true,
    schedule: describeSchedule(i.schedule),
    paused: i.paused,
    lastRunAt: iso(i.lastRunAt),
    lastRows: i.lastRows,
    nextRunAt: i.paused ? null : iso(i.run ? Date.now() : i.nextRunAt),
    lastError: i.lastError,
    unfinished: i.run !== null,
    progress: i.run ? { rowsRead: i.run.rowsRead, written: i.run.appended + i.run.updated } : null,
    spec: {
      name: i.name,
      query: i.query,
      target: { sheetName: i.sheetName, mode: i.mode, key: i.key, appendWithoutKey: i.appendWithoutKey === true },
      schedule: i.schedule,
    },
  }));
}

/** Saves a new import, or changes one (`id` given): the query, target, output mode and schedule are checked first. */
export function saveImportSpec(raw: unknown, id?: string): ImportRow {
  const spec = specArg(raw);
  const old = id ? mustFind(id) : null;
  const now = Date.now();
  const sameQuery = old !== null && JSON.stringify(old.query) === JSON.stringify(spec.query) && old.sheetName === spec.target.sheetName;
  const imp: SavedImport = {
    id: old?.id ?? Utilities.getUuid(),
    name: spec.name,
    query: spec.query,
    ...spec.target,
    schedule: spec.schedule,
    paused: old?.paused ?? false,
    createdAt: old?.createdAt ?? now,
    lastRunAt: old?.lastRunAt ?? null,
    lastRows: old?.lastRows ?? null,
    lastError: old?.lastError ?? null,
    nextRunAt: nextRunAfter(spec.schedule, now),
    // A changed query or sheet starts afresh; otherwise an unfinished run goes on.
    run: sameQuery ? old.run : null,
    orgFrom: sameQuery ? (old.orgFrom ?? null) : null,
  };
  saveImport(imp);
  if (spec.schedule.every !== 'never') ensureSchedule();
  return listImports().find((r) => r.id === imp.id) as ImportRow;
}

/** Runs a saved import now (or resumes its cut run); what is left when time runs out follows on the schedule. */
export function runImportNow(id: string): ImportReport {
  const imp = mustFind(id);
  const { client, run, deadline } = budgeted();
  const report = runSavedImport(client, run, imp, deadline);
  if (!report.complete && !report.error && !report.cancelled) ensureSchedule();
  logRuns(importLogEntries([report]));
  return report;
}

/** Stops a running import after the page it is writing (rows already written stay); a later run is not affected. */
export function cancelImport(id: string): { requested: boolean } {
  const imp = mustFind(id);
  imp.cancelRequestedAt = Date.now();
  saveImport(imp);
  return { requested: true };
}

export function pauseImport(id: string, paused: boolean): ImportRow {
  const imp = mustFind(id);
  imp.paused = paused === true;
  if (!imp.paused) imp.nextRunAt = nextRunAfter(imp.schedule, Date.now());
  saveImport(imp);
  if (!anyJobPending()) removeSchedule();
  else if (!imp.paused) ensureSchedule();
  return listImports().find((r) => r.id === imp.id) as ImportRow;
}

/** Deletes a saved import (its sheet stays); the dispatcher trigger goes when nothing else is scheduled. */
export function deleteSavedImport(id: string): { deleted: boolean; removedTriggers: number } {
  const deleted = forget(mustFind(id).id);
  return { deleted, removedTriggers: anyJobPending() ? 0 : removeSchedule() };
}

/** An import run once, not saved: any source, any output mode. */
export function importOnce(raw: unknown): ImportReport {
  const spec = specArg(raw);
  const { client, run, deadline } = budgeted();
  const done = runImport(client, run, { name: spec.name, query: spec.query, target: spec.target, orgFrom: null }, null, deadline, () => true);
  logRuns(importLogEntries([done.report]));
  return done.report;
}

/** The run log's settings and its newest lines. */
export function runLogStatus(): { settings: RunLogSettings; columns: string[]; rows: unknown[][] } {
  return { settings: runLogSettings(), columns: RUN_LOG_COLUMNS, rows: recentRuns(20) };
}

/** Opts in or out of the run log sheet, with its name and size bound. */
export function setRunLog(raw: unknown): RunLogSettings {
  const given = requestArg<{ enabled?: unknown; sheetName?: unknown; maxRows?: unknown }>(raw, 'settings');
  const current = runLogSettings();
  const settings: RunLogSettings = {
    enabled: given.enabled === undefined ? current.enabled : given.enabled === true,
    sheetName: sheetNameArg(given.sheetName, current.sheetName),
    maxRows: countArg(given.maxRows === 0 ? undefined : given.maxRows, 'maxRows', current.maxRows, 10, 10000),
  };
  saveRunLogSettings(settings);
  return settings;
}
