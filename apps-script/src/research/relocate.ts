import { STATUS_HEADERS } from '../enrichment/fields';
import { rowsById, rowsByIdFor } from '../rows/row-identity';
import { columnTags, roleColumn } from '../rows/tagged-columns';
import { resultColumns } from './columns';
import type { EnrichmentJob } from './job-store';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Column roles of a field-picked job: the three status columns and one per picked field. */
export const STATUS_ROLES = ['status', 'message', 'requestId'] as const;
export const fieldRole = (path: string) => `field:${path}`;

/**
 * Brings a job's row and column numbers up to date just before it writes: rows from their ids (0 when the row was
 * deleted), columns from their tags (a column deleted during the run is added again at the end). Rows inserted since
 * carry no id of this job, so nothing is ever written to them. A job saved before row ids keeps its numbers.
 * `writing`: the items about to be written; their rows are checked against this execution's last reading of the id
 * column (row-identity.ts rowsByIdFor) instead of reading it whole again. Without it, the column is read whole.
 * Returns the rows carrying each id, as read.
 */
export function relocate(sheet: Sheet, job: EnrichmentJob, writing?: readonly number[]): Map<string, number[]> {
  if (!job.rowIds) return new Map();
  // Every row carrying each id; the first gets the results. Returned for markCopiedRows: Google charges each cell
  // read, and the id column of 100,000 rows read twice per write was most of a run's reads.
  const rowIds = job.rowIds;
  const idsOf = (i: number) => [rowIds[i], ...(job.copyIds?.[i] ?? [])];
  const byId = writing ? rowsByIdFor(sheet, writing.flatMap(idsOf)) : rowsById(sheet);
  const rowOf = (id: string) => byId.get(id)?.[0] ?? 0;
  const copiesOf = (ids: string[] = []) => ids.map(rowOf).filter((r) => r > 0);
  if (writing) {
    // Only the rows about to be written: the others are found again before their own write. Copies only where the
    // job has copy ids: an empty list set here and there made the saved copies column ragged (53 more characters per
    // row written to the job sheet at 2,000 rows).
    for (const i of writing) {
      job.rows[i] = rowOf(rowIds[i]);
      const copyIds = job.copyIds?.[i];
      if (copyIds) (job.copies ??= [])[i] = copiesOf(copyIds);
    }
  } else {
    job.rows = rowIds.map(rowOf);
    job.copies = (job.copyIds ?? []).map(copiesOf);
    if (job.held?.rowIds) Object.assign(job.held, { rows: job.held.rowIds.map(rowOf), copies: (job.held.copyIds ?? []).map(copiesOf) });
  }
  if (job.layout) {
    // The sheet's column tags read once for every column of the job.
    const tags = columnTags(sheet);
    job.layout.status = STATUS_ROLES.map((role, i) => roleColumn(sheet, role, STATUS_HEADERS[i], false, tags)) as [number, number, number];
    job.layout.fields = job.layout.fields.map((f) => ({ ...f, column: roleColumn(sheet, fieldRole(f.path), f.path, false, tags) }));
    job.outColumn = job.layout.status[0];
  } else {
    job.outColumns = resultColumns(sheet);
    job.outColumn = job.outColumns[0];
  }
  return byId;
}
