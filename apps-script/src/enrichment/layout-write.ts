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
  const layout = job.layout!;
  const writes: CellWrites = new Map();
  for (const i of indexes) {
    const item = job.research.items[i];
    for (const row of rowsOfItem(job, i)) {
      putCell(writes, layout.status[0], row, safeCell(statusText(item)));
      putCell(writes, layout.status[1], row, safeCell(item.message ?? ''));
      putCell(writes, layout.status[2], row, safeCell(item.requestId ?? ''));
      if (!withFields) continue;
      // A paid record that came as text or a list is kept as it came, in the first picked column (never blank).
      const asSent = !item.record && item.recordAsSent ? item.recordAsSent : undefined;
      const first = layout.fields.find((f) => !(POLL_ITEM_FIELDS as readonly string[]).includes(f.path));
      for (const f of layout.fields) {
        const value = safeCell(f === first && asSent !== undefined ? asSent : fieldValue(item, f.path));
        // An empty answer never clears what the row holds.
        if (value !== '') putCell(writes, f.column, row, value);
      }
    }
  }
  const keep = new Set(layout.overwrite ? [] : layout.fields.map((f) => f.column));
  return writeCells(sheet, writes, keep);
}
