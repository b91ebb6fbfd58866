import { userKey } from '../budget';
import { makeClient } from '../client';
import { userMessage } from '../errors';
import { isTimeUp } from '../host';
import { createLayoutJob } from './job-factory';
import { scanSheet } from './scan';
import { enrichedSheetIds, loadEnrichment, saveEnrichment } from './sheet-settings';

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
 * The hourly trigger's part: for every sheet whose automatic enrichment is yours, rows added below the last
 * row looked at become one enrichment job (the saved fields, run conditions and per-run cap). The job is saved
 * before the mark moves, so a run cut in between finds those rows under way and never sends them twice; the
 * trigger's research loop then submits and polls the job like any other.
 */
export function startAutoEnrichments(): AutoReport[] {
  const reports: AutoReport[] = [];
  const me = userKey();
  const sheets = SpreadsheetApp.getActiveSpreadsheet().getSheets();
  for (const sheetId of enrichedSheetIds()) {
    const settings = loadEnrichment(sheetId);
    if (!settings || !settings.auto || settings.autoOwner !== me) continue;
    const sheet = sheets.find((s) => s.getSheetId() === sheetId);
    if (!sheet) continue;
    const report: AutoReport = { sheetName: sheet.getName(), cap: settings.maxCredits, rows: 0, items: 0 };
    const lock = LockService.getDocumentLock();
    lock.waitLock(30000);
    try {
      const last = sheet.getLastRow();
      const rows: number[] = [];
      for (let r = Math.max(2, settings.watermark + 1); r <= last; r++) rows.push(r);
      report.rows = rows.length;
      if (rows.length === 0) continue;
      const scan = scanSheet(sheet, rows, settings.kind, settings);
      report.items = scan.targets.length;
      if (scan.targets.length > 0) {
        const batch = makeClient().settings.researchBatchLimit;
        report.jobId = createLayoutJob(sheet, scan, settings.kind, {
          fields: settings.fields,
          overwrite: settings.overwrite,
          batch,
        }).id;
      }
      saveEnrichment(sheetId, { ...settings, watermark: scan.lastExamined || last });
    } catch (error) {
      if (isTimeUp(error)) throw error;
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
