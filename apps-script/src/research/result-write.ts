import type { CellValue } from '../cells';
import { putCell, writeCells, type CellWrites } from '../enrichment/write-cells';
import type { EnrichmentJob } from './job-store';

/** The block a job saved before each result column had its own tag wrote: 9 columns from its first. */
const UNTAGGED_WIDTH = 9;

/**
 * Writes each row's results (resultRow order), every value into its own column wherever that column is now
 * (job.outColumns, set by relocate), so a column moved away from the block or renamed still gets its own values.
 * Adjacent columns share their setValues calls. `only`: the indexes of the columns to write (the others untouched).
 */
export function writeResultRows(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  job: EnrichmentJob,
  rows: ReadonlyMap<number, CellValue[]>,
  only?: readonly number[],
): number {
  const columns = job.outColumns ?? Array.from({ length: UNTAGGED_WIDTH }, (_, k) => job.outColumn + k);
  const picked = (only ?? columns.map((_, k) => k)).filter((k) => k < columns.length);
  const writes: CellWrites = new Map();
  for (const [row, values] of rows) for (const k of picked) putCell(writes, columns[k], row, values[k] ?? '');
  return writeCells(sheet, writes, new Set());
}
