import { call, paginate, type AnyOperation } from '../../../shared';
import { customFunctionCell, type CellValue } from '../cells';
import { table } from '../sheet-io';
import type { Answering } from './answer';
import type { CustomFunction } from './define';

/** A free read that answers a list of records (`one`: a single record), as a table with a header row (one record a row). */
export function readTable(a: Answering, op: AnyOperation, input: unknown, columns: readonly string[], one?: boolean): CellValue[][] {
  const read = a.run(call(a.client, op, input));
  return table(one ? [read] : (read as unknown[]), columns, customFunctionCell);
}

/**
 * The first `max` records of a paged read, as a table with a header row: pages of `pageSize` where given (else the
 * largest the read takes), waits for the rate budget up to `waitUntil` where given (else the cell's deadline).
 */
export function pagedTable(
  a: Answering,
  op: AnyOperation,
  input: Record<string, unknown>,
  columns: readonly string[],
  max: number,
  pageSize?: number,
  waitUntil?: number,
): CellValue[][] {
  const pages = a.run(paginate<Record<string, unknown>>(a.client, op, input, { maxItems: max, limit: pageSize }), waitUntil);
  return table(pages.items.slice(0, max), columns, customFunctionCell);
}

/** A custom function that takes no argument and answers what the list read `op` answers, as a table with a header row. */
export function listFunction(doc: Pick<CustomFunction, 'summary' | 'returns'>, op: AnyOperation, columns: readonly string[]): CustomFunction {
  return { ...doc, params: [], operations: [op], body: (a) => readTable(a, op, {}, columns) };
}
