import { safeCell } from '../cells';
import type { EnrichmentJob } from '../research/job-store';
import { statusText } from '../research/columns';
import { fieldValue, POLL_ITEM_FIELDS } from './fields';
import { putCell, writeCells, type CellWrites } from './write-cells';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Every sheet row an item's result goes to: its own, and the rows with the same target (paid once). */
export function rowsOfItem(job: EnrichmentJob, index: number): number[] {
  // 0: the row was deleted during the run (relocate.ts).
  return [job.rows[index], ...(job.copies?.[index] ?? [])].filter((row) => row > 0);
}

/**
 * Writes items of a field-picked job: status, message and request id always; the picked fields only when
 * `withFields` (a finished item), each into its column, filling only empty cells unless the job overwrites.
 */
export function writeLayoutItems(sheet: Sheet, job: EnrichmentJob, indexes: number[], withFields: boolean): number {
  const {
    status: [status, message, requestId],
    fields,
    overwrite,
  } = job.layout!;
  // A paid record that came as text or a list is kept as it came, in the first picked column (never blank).
  const first = fields.find((f) => !(POLL_ITEM_FIELDS as readonly string[]).includes(f.path));
  const writes: CellWrites = new Map();
  for (const i of indexes) {
    const item = job.research.items[i];
    const asSent = !item.record && item.recordAsSent ? item.recordAsSent : undefined;
    for (const row of rowsOfItem(job, i)) {
      putCell(writes, status, row, safeCell(statusText(item)));
      putCell(writes, message, row, safeCell(item.message ?? ''));
      putCell(writes, requestId, row, safeCell(item.requestId ?? ''));
      if (!withFields) continue;
      for (const f of fields) {
        const value = safeCell(f === first && asSent !== undefined ? asSent : fieldValue(item, f.path));
        // An empty answer never clears what the row holds.
        if (value !== '') putCell(writes, f.column, row, value);
      }
    }
  }
  return writeCells(sheet, writes, new Set(overwrite ? [] : fields.map((f) => f.column)));
}
