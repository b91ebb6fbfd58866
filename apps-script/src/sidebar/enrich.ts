import { withDocumentLock } from '../doc-lock';
import { getCreditsOperation, newResearchJob } from '../../../shared';
import { userKey } from '../budget';
import { callOnce } from '../client';
import { appendHeaders, headerColumns } from '../sheet-io';
import { advanceExclusive, type Progress } from '../research/advance';
import { RESULT_HEADERS, RESULTS_ROLE, resultColumns } from '../research/columns';
import { taggedColumn } from '../rows/tagged-columns';
import { deleteJob, forgetJobParts, loadJob, saveJob, type EnrichmentJob } from '../research/job-store';
import { selectedRows } from '../research/targets';
import { scanTargets } from '../enrichment/scan';
import { assignRowIds } from '../rows/row-identity';
import { armFallbackRun, armNextRun } from '../triggers/continuation';
import { anyJobPending } from '../triggers/run-schedule';
import { budgeted } from './budgeted';
import { optionalText, refuse } from './inputs';
import { fail } from '../errors';

export interface EnrichmentPreview {
  sheetName: string;
  firstRow: number;
  lastRow: number;
  /** Rows that will be submitted. */
  items: number;
  /** Every submitted row may cost one credit; duplicates are free but only known after submitting. */
  atMostCredits: number;
  alreadyDone: number;
  /** Rows skipped because an enrichment already submitted (or may have submitted) them. */
  inProgress: number;
  invalid: { row: number; reason: string }[];
  balance: number | null;
}

/** The cost preview the sidebar shows before the user confirms. Free: reads the sheet and the balance. */
export function previewEnrichment(): EnrichmentPreview {
  const selection = selectedRows();
  const scan = scanTargets(selection);
  const balance = creditBalance();
  return {
    sheetName: selection.sheet.getName(),
    firstRow: selection.rows[0],
    lastRow: selection.rows[selection.rows.length - 1],
    items: scan.targets.length,
    atMostCredits: scan.targets.length,
    alreadyDone: scan.alreadyDone,
    inProgress: scan.inProgress,
    invalid: scan.invalid.slice(0, 50),
    balance,
  };
}

/** The credit balance a preview shows (null when the service reports none). */
export function creditBalance(): number | null {
  const balance = callOnce(getCreditsOperation, {}).balance;
  return typeof balance === 'number' ? balance : null;
}

/**
 * Starts after the user confirmed the preview of `confirmedItems` rows: if the selection changed since,
 * nothing is sent. Writes the result headers, saves the job, submits within the time budget, and makes sure
 * the scheduled trigger will finish the job if the sidebar is closed.
 */
export function startEnrichment(confirmedItems: number): Progress {
  const b = budgeted();
  // Two starts over the same rows (two sidebars, two editors) must not both see them free: the scan and
  // the saved job happen under the document lock, so the second scan finds the first job's rows under way.
  // Only the id is kept: the step reads the job back a slice at a time, so this run does not hold every row twice.
  const jobId = withDocumentLock(() => createJob(confirmedItems).id);
  // The trigger continues the job if the sidebar closes: right after this run if it is cut, else when the next step is due.
  armFallbackRun();
  const step = advanceExclusive(b.client, jobId, b);
  armNextRun(step && step.dueAt, anyJobPending);
  if (step) return step.progress;
  // Gone already (cancelled from another sidebar between the save and the step).
  fail(`The enrichment ${jobId} was cancelled or finished before its first step; nothing more is sent from here.`);
}

/** The row count the user confirmed in the preview: it caps what is spent, so it must be a readable whole number. */
function confirmedCount(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1)
    fail(
      `confirmedItems: must be the whole number of rows confirmed in the preview (got ${JSON.stringify(value) ?? typeof value}). Nothing was sent: ` +
        `preview again.`,
    );
  return n;
}

function createJob(confirmed: unknown): EnrichmentJob {
  const confirmedItems = confirmedCount(confirmed);
  const selection = selectedRows();
  const scan = scanTargets(selection);
  if (scan.targets.length === 0)
    fail('Nothing to research in the selection (rows already done, under way in an enrichment, or without a name, email or LinkedIn URL).');
  if (scan.targets.length !== confirmedItems) {
    fail(
      `The selection changed since the preview (${scan.targets.length} rows to research now, ${confirmedItems} confirmed). Nothing was sent: preview again.`,
    );
  }
  const sheet = selection.sheet;
  // Row ids first: their column goes before the results block, so a new results block is the sheet's last columns.
  const rowIds = assignRowIds(sheet, scan.rows);
  // A new block goes after the last column; a block from an earlier enrichment is found by its tags (or headers).
  const earlier = taggedColumn(sheet, RESULTS_ROLE) ?? headerColumns(sheet).get(RESULT_HEADERS[0]);
  if (earlier === undefined) appendHeaders(sheet, RESULT_HEADERS);
  // Each column is found by its own tag and the rows by their ids when results come (relocate.ts).
  const outColumns = resultColumns(sheet);
  const job: EnrichmentJob = {
    id: Utilities.getUuid(),
    owner: userKey(),
    sheetName: sheet.getName(),
    rows: scan.rows,
    // No copyIds: the rows of a selection are each their own item (an empty list per row was 100,000 arrays).
    rowIds,
    outColumn: outColumns[0],
    outColumns,
    createdAt: Date.now(),
    lastPollAt: null,
    written: '0'.repeat(scan.rows.length),
    // Messages name the sheet row (`row 12`), not the item's place in the job.
    research: newResearchJob(
      'contacts',
      scan.targets,
      {},
      scan.rows.map((row) => `row ${row}`),
    ),
  };
  saveJob(job);
  // The parts are read back a slice at a time: this run keeps no copy of their text.
  forgetJobParts(job.id);
  return job;
}

/** Called by the sidebar every pollIntervalMs (2 s by default): one poll sweep, finished rows written, progress returned. */
export function pollEnrichment(jobId: string): Progress {
  const id = optionalText(jobId, 'jobId');
  // Job ids are short keys this add-on made; anything longer cannot be one (and is no property key).
  if (!id || id.length > 100) refuse('jobId', 'must be the id of an enrichment started from this sidebar');
  const gone = `jobId: the enrichment ${JSON.stringify(id.slice(0, 40))} is finished or unknown (its results are in the sheet).`;
  const job = loadJob(id);
  if (!job || job.owner !== userKey()) fail(gone);
  const b = budgeted();
  const step = advanceExclusive(b.client, job.id, b);
  if (!step) fail(gone);
  if (step.progress.complete && !step.busy) deleteJob(job.id);
  return step.progress;
}
