import type { AnyOperation } from '../../../shared';
import { filtersArg, intArg } from '../args';
import type { CellValue } from '../cells';
import type { Answering } from './answer';
import { pagedTable } from './read-table';
import { BEYOND_RATE_BUDGET, isBeyondBudget, CELL_WAIT_MS } from './search-budget';
import { isSearchColumn, searchColumn } from './search-column';

/**
 * PDS_SEARCH_CONTACTS / PDS_SEARCH_COMPANIES: a free search, up to `limit` rows under a header; a one-column range
 * of filter texts is a column of searches (search-column.ts). A cell past the rate budget shows BEYOND_RATE_BUDGET
 * as its value (not cached, so a later recalculation asks again).
 */
export function searchTable(a: Answering, op: AnyOperation, columns: readonly string[], filters: unknown, limit: unknown): CellValue[][] {
  if (isSearchColumn(filters)) return searchColumn(a, op, columns, filters, limit);
  const max = intArg(limit, 'limit', 50, 1, 2000);
  const input = filtersArg(filters);
  try {
    return pagedTable(a, op, input, columns, max, Math.min(max, 500), Date.now() + CELL_WAIT_MS);
  } catch (error) {
    if (!isBeyondBudget(error)) throw error;
    a.incomplete();
    return [[BEYOND_RATE_BUDGET]];
  }
}
