import { safeCell } from '../cells';
import { writeSpan } from '../sheet-io';
import { assignRowIds, locateRows } from './row-identity';
import { roleColumn } from './tagged-columns';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * A per-row outcome (an email sent, a task created…) written beside its row after the requests, wherever the row
 * has gone meanwhile: rows are given ids when read (`track`), and the outcomes are written by id (`write`) into the
 * add-on's column of that role. A row deleted meanwhile gets nothing (its outcome is in the action's summary).
 */
export interface RowTracker {
  write(outcomes: ReadonlyMap<number, string>): number;
}

export function track(sheet: Sheet, rows: readonly number[], role: string, header: string): RowTracker {
  const ids = assignRowIds(sheet, rows);
  const idOfRow = new Map(rows.map((row, i) => [row, ids[i]]));
  return {
    write(outcomes) {
      if (outcomes.size === 0) return 0;
      const at = locateRows(sheet);
      const column = roleColumn(sheet, role, header);
      const cells = new Map<number, [ReturnType<typeof safeCell>]>();
      for (const [readRow, text] of outcomes) {
        const now = at.get(idOfRow.get(readRow) ?? '');
        if (now !== undefined) cells.set(now, [safeCell(text)]);
      }
      return writeSpan(sheet, column, 1, cells);
    },
  };
}
