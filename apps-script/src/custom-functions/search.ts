import { paginate, type AnyOperation } from '../../../shared';
import { filtersArg, intArg } from '../args';
import { customFunctionCell, type CellValue } from '../cells';
import { table } from '../sheet-io';
import type { Answering } from './answer';

/** PDS_SEARCH_CONTACTS / PDS_SEARCH_COMPANIES: a free search, up to `limit` rows under a header. */
export function searchTable({ client, run }: Answering, op: AnyOperation, columns: readonly string[], filters: unknown, limit: unknown): CellValue[][] {
  const max = intArg(limit, 'limit', 50, 1, 2000);
  const input = filtersArg(filters);
  const pages = run(paginate<Record<string, unknown>>(client, op, input, { maxItems: max, limit: Math.min(max, 500) }));
  return table(pages.items.slice(0, max), columns, customFunctionCell);
}
