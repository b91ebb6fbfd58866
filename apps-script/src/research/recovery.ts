import type { ResearchItem } from '../../../shared';
import { safeCell, type CellValue } from '../cells';
import { sheetNamed, writeBlock } from '../sheet-io';
import { statusText } from './columns';

/**
 * A paid result whose row was deleted during the run is never dropped: it is appended here, where the user sees it
 * (with what was asked, so it can be put back by hand), and the run's summary and run log say how many.
 */
export const RECOVERY_SHEET = 'PDS recovered results';
const COLUMNS = ['time', 'sheet', 'row when read', 'asked for', 'PDS status', 'PDS message', 'PDS requestId', 'result'];

export function keepResultsOfDeletedRows(sheetName: string, items: readonly ResearchItem[]): number {
  if (items.length === 0) return 0;
  const sheet = sheetNamed(RECOVERY_SHEET);
  if (sheet.getLastRow() === 0) {
    writeBlock(sheet, 1, 1, [COLUMNS]);
    sheet.setFrozenRows(1);
  }
  const at = new Date().toISOString();
  const rows: CellValue[][] = items.map((item) =>
    [at, sheetName, item.ref ?? '', item.target, statusText(item), item.message ?? '', item.requestId ?? '', item.record ?? ''].map(safeCell),
  );
  writeBlock(sheet, sheet.getLastRow() + 1, 1, rows);
  return items.length;
}
