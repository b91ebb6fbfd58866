import { userKey } from '../budget';
import { jobHeads, type EnrichmentJob } from '../research/job-store';
import { activeBook } from '../sheet-io';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * Why a Start finds no row to send when another enrichment has them: whose run (the name Google gives, when it does)
 * and since when, rather than "nothing qualifies". Undefined when no enrichment of this sheet is open.
 */
export function rowsTakenMessage(sheet: Sheet): string | undefined {
  const open = openRunsOn(sheet);
  const me = userKey();
  // Another person's run first: that is the one the user did not know about.
  const job = open.find((j) => j.owner !== me) ?? open[0];
  if (!job) return undefined;
  const whose = job.owner === me ? 'your own enrichment' : `the enrichment of ${job.ownerName || 'another person'}`;
  const since = Utilities.formatDate(new Date(job.createdAt), activeBook().getSpreadsheetTimeZone(), 'yyyy-MM-dd HH:mm');
  return `These rows are under way in ${whose}, started ${since}. Nothing was sent: wait for it to finish, or select other rows.`;
}

/** The open enrichments of this sheet, newest first, each as its head (who, since when: no part read). */
export function openRunsOn(sheet: Sheet): EnrichmentJob[] {
  return jobHeads()
    .filter((j) => j.sheetName === sheet.getName())
    .sort((a, b) => b.createdAt - a.createdAt);
}
