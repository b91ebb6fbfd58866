import { withDocumentLock } from '../doc-lock';
import { makeClient } from '../client';
import { userKey } from '../budget';
import { safeCell } from '../cells';
import { progressOf, type Progress } from '../research/advance';
import { CANCELLED_LABEL } from '../research/columns';
import { deleteJob, loadJob, saveJob, type EnrichmentJob } from '../research/job-store';
import { relocate } from '../research/relocate';
import { putCell, writeCells, type CellWrites } from './write-cells';
import { sheetByName } from '../sheet-io';
import { fail } from '../errors';

/**
 * Cancels a running enrichment: every row not yet sent (held, or waiting in the research job) leaves the job and
 * its status says `cancelled (not sent)`, so nothing is spent on it and a later enrichment may send it. Rows
 * already sent stay in the job: they are paid for, and the next polls still write their results.
 * Under the document lock, so no step is sending while rows are taken out.
 */
export function cancelJob(jobId: string): Progress & { cancelledNow: number } {
  return withDocumentLock(() => {
    // Whole: taking rows out numbers the rest again.
    const job = loadJob(jobId, true);
    if (!job || job.owner !== userKey()) fail('jobId: this enrichment is finished or unknown (its results are in the sheet).');
    const sheet = sheetByName(job.sheetName);
    // The rows where they are now (rows moved since they were read); a deleted row (0) is not written.
    if (sheet) relocate(sheet, job);
    const out = takeOutUnsent(job).filter((row) => row > 0);
    if (sheet && out.length && job.layout) {
      const writes: CellWrites = new Map();
      const [status, message, requestId] = job.layout.status;
      for (const row of out) {
        putCell(writes, status, row, safeCell(CANCELLED_LABEL));
        putCell(writes, message, row, '');
        putCell(writes, requestId, row, '');
      }
      writeCells(sheet, writes, new Set());
    }
    job.cancelled = (job.cancelled ?? 0) + out.length;
    const client = makeClient();
    const left = job.research.items.length;
    if (left === 0) deleteJob(job.id);
    else saveJob(job);
    const progress = progressOf(job, client);
    return { ...progress, complete: left === 0 || progress.complete, cancelledNow: out.length };
  });
}

/** Removes the held targets and the never-sent items (with their rows); returns every sheet row taken out. */
function takeOutUnsent(job: EnrichmentJob): number[] {
  if (!job.layout) fail('This enrichment of selected rows cannot be cancelled; it sends all its rows at once.');
  const out: number[] = [];
  for (const [i, row] of (job.held?.rows ?? []).entries()) out.push(row, ...(job.held?.copies[i] ?? []));
  if (job.held) job.held = Object.fromEntries(Object.keys(job.held).map((key) => [key, []])) as unknown as typeof job.held;
  const keep: number[] = [];
  job.research.items.forEach((item, i) => {
    if (item.phase === 'unsubmitted') out.push(job.rows[i], ...(job.copies?.[i] ?? []));
    else keep.push(i);
  });
  job.research = { ...job.research, items: keep.map((i) => job.research.items[i]) };
  // Each item's row, copies and their ids go with it.
  const lists = job as unknown as Record<string, unknown[] | undefined>;
  for (const key of ['rows', 'copies', 'rowIds', 'copyIds']) if (lists[key] || key === 'copies') lists[key] = keep.map((i) => lists[key]?.[i] ?? []);
  job.written = keep.map((i) => job.written[i]).join('');
  return out;
}
