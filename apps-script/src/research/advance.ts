import { pollSweep, runResearch, summarize, type Client, type Flow, type ResearchJob, type ResearchSummary } from '../../../shared';
import { isTimeUp } from '../host';
import { writeSpan } from '../sheet-io';
import { RESULT_HEADERS, resultRow } from './columns';
import { loadJob, saveJob, type EnrichmentJob } from './job-store';

export interface Progress extends ResearchSummary {
  jobId: string;
  sheetName: string;
  written: number;
  /** Research credits the service reported last (X-PublicAPI-Credits). */
  credits: number | null;
  setValuesCalls: number;
}

export interface StepRunner {
  run<T>(flow: Flow<T>): T;
  /** Epoch ms after which no new request is started. */
  deadline: number;
}

/**
 * Submits what was never submitted, one request (up to the batch limit) at a time with a checkpoint before
 * and after each. Before sending, the slice is saved as `submitting`: if Apps Script cuts the run mid-request,
 * the next run's runResearch settles those items as `unknown` (settleInterruptedSubmits) and never sends them
 * again, so no row is paid for twice. Right after each answer, `queued` and the request id are written beside
 * the rows (one setValues), so the sheet itself shows they are under way.
 */
function submitSome(client: Client, job: EnrichmentJob, r: StepRunner): void {
  const limit = client.settings.researchBatchLimit;
  for (;;) {
    const open = job.research.items.map((item, i) => (item.outcome === 'unsubmitted' ? i : -1)).filter((i) => i >= 0);
    if (open.length === 0 || Date.now() >= r.deadline) return;
    const slice = open.slice(0, limit);
    // The copy keeps each item's status as it was: an item already `submitting` (a cut run) is settled by the core.
    const part: ResearchJob = { ...job.research, items: slice.map((i) => ({ ...job.research.items[i] })) };
    for (const i of slice) job.research.items[i] = { ...job.research.items[i], status: 'submitting' };
    saveJob(job);
    const done = r.run(runResearch(client, part, { waitForResults: false }));
    slice.forEach((itemIndex, k) => (job.research.items[itemIndex] = done.items[k]));
    failRestWhenOutOfCredits(client, job, done);
    saveJob(job);
    writeQueued(job, slice);
    // Auth or rate limit: nothing was accepted; stop here rather than asking again at once.
    if (done.lastError) throw new ResearchStoppedError(done.lastError.message);
  }
}

/**
 * The credits ran out within a slice (the core submitted what the balance covered): with no balance left the
 * later slices would only be refused, so their rows fail now with the same credits message, nothing sent.
 */
function failRestWhenOutOfCredits(client: Client, job: EnrichmentJob, done: ResearchJob): void {
  const outOfCredits = done.items.find((item) => item.errorCode === 'insufficientCredits');
  if (!outOfCredits || (client.state.credits.balance ?? 0) > 0) return;
  job.research.items.forEach((item, i) => {
    if (item.outcome === 'unsubmitted') {
      job.research.items[i] = { ...item, status: 'submit-failed', outcome: 'error', message: outOfCredits.message, errorCode: 'insufficientCredits' };
    }
  });
}

/** `queued` and the request id beside the rows of a slice the service just accepted (one setValues over their span). */
function writeQueued(job: EnrichmentJob, slice: number[]): number {
  const rows = new Map<number, ReturnType<typeof resultRow>>();
  for (const i of slice) {
    const item = job.research.items[i];
    if (item.outcome === 'pending' && item.requestId) rows.set(job.rows[i], resultRow(item));
  }
  if (rows.size === 0) return 0;
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(job.sheetName);
  // A deleted sheet is reported when the results are written; the job itself is saved.
  if (!sheet) return 0;
  return writeSpan(sheet, job.outColumn, RESULT_HEADERS.length, rows);
}

/** One poll sweep over every pending id (the core's step), unless the last sweep was under the interval ago. */
function pollOnce(client: Client, job: EnrichmentJob, r: StepRunner): void {
  if (summarize(job.research).pendingRequestIds.length === 0) return;
  if (job.lastPollAt !== null && Date.now() - job.lastPollAt < client.settings.pollIntervalMs) return;
  job.research = r.run(pollSweep(client, job.research, r.deadline));
  job.lastPollAt = Date.now();
  if (job.research.lastError) throw new ResearchStoppedError(job.research.lastError.message);
}

/** A failure the research step kept on its job; the job is saved, so a later run resumes it. */
class ResearchStoppedError extends Error {}

/** Writes every finished, not yet written item beside its row (one setValues for them all), then forgets its record. */
function writeFinished(job: EnrichmentJob): number {
  const rows = new Map<number, ReturnType<typeof resultRow>>();
  const marks = job.written.split('');
  job.research.items.forEach((item, i) => {
    const final = item.outcome !== 'pending' && item.outcome !== 'unsubmitted';
    if (!final || marks[i] === '1') return;
    rows.set(job.rows[i], resultRow(item));
    marks[i] = '1';
  });
  if (rows.size === 0) return 0;
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(job.sheetName);
  if (!sheet) throw new Error(`The sheet "${job.sheetName}" of this enrichment was deleted or renamed.`);
  const writes = writeSpan(sheet, job.outColumn, RESULT_HEADERS.length, rows);
  job.written = marks.join('');
  // The sheet now holds the result: the job keeps only the status, so it stays small.
  job.research.items.forEach((item, i) => {
    if (marks[i] === '1') job.research.items[i] = { ...item, record: null };
  });
  return writes;
}

/** One step: submit, poll once, write what finished, checkpoint. Safe to repeat; never spends a credit twice. */
export function advance(client: Client, job: EnrichmentJob, r: StepRunner): Progress {
  let writes = 0;
  try {
    submitSome(client, job, r);
    writes += writeFinished(job);
    pollOnce(client, job, r);
  } catch (error) {
    if (isTimeUp(error)) throw error;
    // Keep what was learned before the failure, then report it.
    writes += writeFinished(job);
    saveJob(job);
    throw error;
  }
  writes += writeFinished(job);
  saveJob(job);
  return progressOf(job, client, writes);
}

export function progressOf(job: EnrichmentJob, client: Client, setValuesCalls = 0): Progress {
  return {
    ...summarize(job.research),
    jobId: job.id,
    sheetName: job.sheetName,
    written: job.written.split('').filter((c) => c === '1').length,
    credits: client.state.credits.balance,
    setValuesCalls,
  };
}

/**
 * One step of a saved job while holding the document lock, so the sidebar's polling and the hourly
 * trigger never advance the same job at once (both could otherwise submit the same rows and pay twice).
 * The job is re-read under the lock, since the other run may have just saved it. When the lock is busy
 * nothing is sent: `busy` tells the caller to show the saved progress and try again later.
 */
export function advanceExclusive(client: Client, jobId: string, r: StepRunner): { job: EnrichmentJob; progress: Progress; busy: boolean } | null {
  const lock = LockService.getDocumentLock();
  if (!lock.tryLock(1000)) {
    const saved = loadJob(jobId);
    return saved ? { job: saved, progress: progressOf(saved, client), busy: true } : null;
  }
  try {
    const job = loadJob(jobId);
    if (!job) return null;
    return { job, progress: advance(client, job, r), busy: false };
  } finally {
    lock.releaseLock();
  }
}
