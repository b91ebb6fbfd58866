/**
 * What an enrichment costs against the Apps Script quotas and limits (consumer account, test/apps-script-harness/
 * limits.ts): URL Fetch calls against 20,000 a day, property stores against 500 KB each, the job state (the hidden
 * `_pds_jobs` sheet, one JSON row in 45,000-character cells) against 50,000 characters per cell, and the trigger
 * runtime against 90 minutes a day. Sampled after every call of a run; the peak is kept.
 */
import type { Harness } from '../test/apps-script-harness';

export interface StorageSample {
  /** Largest property store (script, document or the user's), keys + values in UTF-8 bytes. */
  propertyBytes: number;
  /** Characters of the job state (every cell of the hidden jobs sheet). */
  jobStateChars: number;
  /** Longest cell of the jobs sheet. */
  jobCellChars: number;
  /** Cells of the whole spreadsheet (every sheet's grid), against Sheets' 10,000,000. */
  workbookCells: number;
}

function storeBytes(all: Record<string, string>): number {
  return Object.entries(all).reduce((n, [k, v]) => n + Buffer.byteLength(k, 'utf8') + Buffer.byteLength(v, 'utf8'), 0);
}

export function storageNow(h: Harness, user: string): StorageSample {
  const propertyBytes = Math.max(...[h.properties.script, h.properties.document, h.properties.user(user)].map((s) => storeBytes(s.all())));
  const cells = (h.workbook.sheet('_pds_jobs')?.values() ?? []).flat().map((c) => (c === null || c === undefined ? '' : String(c)));
  return {
    propertyBytes,
    jobStateChars: cells.reduce((n, c) => n + c.length, 0),
    jobCellChars: cells.reduce((n, c) => Math.max(n, c.length), 0),
    workbookCells: h.workbook.totalCells(),
  };
}

export function peakOf(samples: readonly StorageSample[]): StorageSample {
  return {
    propertyBytes: Math.max(0, ...samples.map((s) => s.propertyBytes)),
    jobStateChars: Math.max(0, ...samples.map((s) => s.jobStateChars)),
    jobCellChars: Math.max(0, ...samples.map((s) => s.jobCellChars)),
    workbookCells: Math.max(0, ...samples.map((s) => s.workbookCells)),
  };
}

export function quotaLine(h: Harness, user: string, peak: StorageSample, fetchesBefore: number): string {
  const l = h.limits;
  const fetches = h.http.quotaUsed(user) - fetchesBefore;
  return (
    `UrlFetch calls ${fetches} of ${l.urlFetchCallsPerDay.toLocaleString('en')}/day; ` +
    `peak property store ${(peak.propertyBytes / 1024).toFixed(1)} KB of ${l.propertyStoreBytes / 1024} KB; ` +
    `job state ${(peak.jobStateChars / 1e6).toFixed(2)} M chars, longest cell ${peak.jobCellChars.toLocaleString('en')} of ${l.cellCharacters.toLocaleString('en')}; ` +
    `spreadsheet ${(peak.workbookCells / 1e6).toFixed(2)} M cells of ${(l.spreadsheetCells / 1e6).toFixed(0)} M; ` +
    `trigger runtime ${(h.triggerRuntime.usedMs(user) / 60000).toFixed(2)} of ${l.triggerRuntimeMsPerDay / 60000} min/day`
  );
}

/** One trigger execution of the continuation, and the due time its trigger was set for (bench clock, epoch ms). */
export interface ExecutionSpan {
  dueAt: number;
  /** End of the execution before it (the start call or the previous trigger run). */
  previousEnd: number;
  startedAt: number;
  endedAt: number;
}

/**
 * "Wastes no window" (docs/DECISIONS.md): the time between executions while a step was due (from the later of the
 * previous end and the due time to the next start), and the rate windows it spans; beside it, the time between
 * executions in all, and what the runs left unused of their limit (they end when no step is due before the deadline).
 */
export function idleFigures(spans: readonly ExecutionSpan[], executionMs: number): { betweenMs: number; dueMs: number; unusedMs: number } {
  return {
    betweenMs: spans.reduce((n, s) => n + Math.max(0, s.startedAt - s.previousEnd), 0),
    dueMs: spans.reduce((n, s) => n + Math.max(0, s.startedAt - Math.max(s.previousEnd, s.dueAt)), 0),
    unusedMs: spans.reduce((n, s) => n + Math.max(0, executionMs - (s.endedAt - s.startedAt)), 0),
  };
}

export function idleLine(spans: readonly ExecutionSpan[], executionMs: number, windowMs: number): string {
  const f = idleFigures(spans, executionMs);
  return (
    `between executions ${(f.betweenMs / 1000).toFixed(1)} s, of it with a step due ${(f.dueMs / 1000).toFixed(2)} s ` +
    `(${Math.floor(f.dueMs / windowMs)} idle windows); limit left unused by the runs ${(f.unusedMs / 1000).toFixed(1)} s`
  );
}
