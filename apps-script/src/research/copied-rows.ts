import { keyOf, safeCell } from '../cells';
import { writeSpan } from '../sheet-io';
import { clearRowIds } from '../rows/row-identity';
import { COPY_LABEL } from './columns';
import type { EnrichmentJob } from './job-store';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * A row copied while it was under way carries its id and status (`queued`), but its result goes to one row only.
 * When the results of `items` are written, every later row carrying one of their ids AND a status is told so in its
 * status and message, and loses the id: it is researched only when the user clears that status (never paid for
 * silently). A copy without a status (made before its row was sent) says nothing and is a row like any other.
 * Call after `relocate`, with the rows by id it read (nothing wrote ids since), so the job's columns are where they
 * are now. Returns how many rows were marked.
 */
export function markCopiedRows(sheet: Sheet, job: EnrichmentJob, items: readonly number[], byId: ReadonlyMap<string, number[]>): number {
  if (!job.rowIds || items.length === 0) return 0;
  const statusColumn = job.layout ? job.layout.status[0] : job.outColumn;
  const said = (row: number) => keyOf(sheet.getRange(row, statusColumn).getValue()) !== '';
  const status = new Map<number, [string]>();
  const message = new Map<number, [ReturnType<typeof safeCell>]>();
  for (const i of items) {
    for (const id of [job.rowIds[i], ...(job.copyIds?.[i] ?? [])]) {
      const [original, ...copies] = byId.get(id) ?? [];
      for (const row of copies.filter(said)) {
        status.set(row, [COPY_LABEL]);
        message.set(row, [
          safeCell(`Copy of row ${original}, made while it was researched: its result went to row ${original}. Clear the status to research this row.`),
        ]);
      }
    }
  }
  if (status.size === 0) return 0;
  const messageColumn = job.layout ? job.layout.status[1] : (job.outColumns?.[1] ?? job.outColumn + 1);
  writeSpan(sheet, statusColumn, 1, status);
  writeSpan(sheet, messageColumn, 1, message);
  clearRowIds(sheet, [...status.keys()]);
  return status.size;
}
