import type { ResearchItem } from '../../../shared';
import { safeCell, type CellValue } from '../cells';
import { appendToLog } from '../sheet-io';
import { STATUS_HEADERS } from '../enrichment/fields';
import { statusText } from './columns';

/**
 * A paid result whose row was deleted during the run is never dropped: it is appended here, where the user sees it
 * (with what was asked, so it can be put back by hand), and the run's summary and run log say how many.
 */
export const RECOVERY_SHEET = 'PDS recovered results';
const COLUMNS = ['time', 'sheet', 'row', 'asked for', ...STATUS_HEADERS, 'result'];

export function keepResultsOfDeletedRows(sheetName: string, items: readonly ResearchItem[]): number {
  if (items.length === 0) return 0;
  const at = new Date().toISOString();
  const rows: CellValue[][] = items.map((item) =>
    [at, sheetName, item.ref ?? '', item.target, statusText(item), item.message ?? '', item.requestId ?? '', item.record ?? ''].map(safeCell),
  );
  appendToLog(RECOVERY_SHEET, COLUMNS, rows);
  return items.length;
}
