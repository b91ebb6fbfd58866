import { userKey } from '../budget';
import { openRunsOn } from '../enrichment/busy-rows';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** "12 minutes ago": how long a run has been going, in the words a preview uses. */
export function agoText(since: number, now: number): string {
  const minutes = Math.floor((now - since) / 60_000);
  if (minutes < 1) return 'less than a minute ago';
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  return `${Math.floor(minutes / 60)} hours ago`;
}

/**
 * Another person's open enrichment of this sheet, named in the preview before anyone presses Start ("ann@example.com
 * started an enrichment of this sheet 12 minutes ago"): its rows are skipped, and the user should know by whom.
 * The newest such run; undefined when only the user's own runs (or none) are open.
 */
export function othersRunText(sheet: Sheet, now = Date.now()): string | undefined {
  const me = userKey();
  const job = openRunsOn(sheet).find((j) => j.owner !== me);
  if (!job) return undefined;
  return `${job.ownerName || 'Another person'} started an enrichment of this sheet ${agoText(job.createdAt, now)}: the rows it has are skipped.`;
}
