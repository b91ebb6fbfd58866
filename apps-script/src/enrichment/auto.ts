import { userKey } from '../budget';
import { makeClient } from '../client';
import { userMessage } from '../errors';
import { rethrowTimeUp } from '../host';
import { createLayoutJob } from './job-factory';
import { assignRowIds } from '../rows/row-identity';
import { markDataRowsSeen, newRows } from './new-rows';
import { scanSheet } from './scan';
import { enrichedSheetIds, loadEnrichment, saveEnrichment } from './sheet-settings';
import { activeBook } from '../sheet-io';

export interface AutoReport {
  sheetName: string;
  /** The per-run credit cap this run kept to (null: no cap). */
  cap: number | null;
  rows: number;
  items: number;
  jobId?: string;
  error?: string;
}

/**
 * The hourly trigger's part: for every sheet whose automatic enrichment is yours, the new rows (new-rows.ts: by
 * row id, wherever rows were inserted or deleted) become one enrichment job (the saved fields, run conditions and
 * per-run cap). The job gives the rows it takes their ids as it is saved; the other rows looked at get theirs
 * after, so a run cut in between leaves them new, never sent twice. Rows the cap left over stay new for next hour.
 * The trigger's research loop then submits and polls the job like any other.
 */
export function startAutoEnrichments(): AutoReport[] {
  const reports: AutoReport[] = [];
  const me = userKey();
  const sheets = activeBook().getSheets();
  for (const sheetId of enrichedSheetIds()) {
    const settings = loadEnrichment(sheetId);
    if (!settings || !settings.auto || settings.autoOwner !== me) continue;
    const sheet = sheets.find((s) => s.getSheetId() === sheetId);
    if (!sheet) continue;
    const report: AutoReport = { sheetName: sheet.getName(), cap: settings.maxCredits, rows: 0, items: 0 };
    const lock = LockService.getDocumentLock();
    lock.waitLock(30000);
    try {
      // Settings saved by a version that kept a row number: the rows up to it were looked at.
      if (settings.watermark > 1) markDataRowsSeen(sheet, Math.min(settings.watermark, sheet.getLastRow()));
      const rows = newRows(sheet);
      report.rows = rows.length;
      if (settings.watermark !== 0) saveEnrichment(sheetId, { ...settings, watermark: 0 });
      if (rows.length === 0) continue;
      const scan = scanSheet(sheet, rows, settings.kind, settings);
      report.items = scan.targets.length;
      if (scan.targets.length > 0)
        report.jobId = createLayoutJob(sheet, scan, settings.kind, { ...settings, batch: makeClient().settings.researchBatchLimit }).id;
      // Invalid rows and rows the run conditions skip are looked at once, as before; the cap's leftovers wait.
      assignRowIds(
        sheet,
        rows.filter((row) => row <= scan.lastExamined),
      );
    } catch (error) {
      rethrowTimeUp(error);
      report.error = userMessage(error);
    } finally {
      lock.releaseLock();
      reports.push(report);
    }
  }
  return reports;
}

/**
 * Whether any sheet of this document is enriched automatically by `owner`'s trigger: whoever removes the shared
 * hourly trigger (stopping the org refresh, pausing saved imports) must keep it while this is true.
 */
export function autoEnrichmentIsOn(owner: string = userKey()): boolean {
  return enrichedSheetIds().some((id) => {
    const s = loadEnrichment(id);
    return Boolean(s && s.auto && s.autoOwner === owner);
  });
}
