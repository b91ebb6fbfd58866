import { call, type AnyOperation } from '../../../shared';
import { customFunctionCell, type CellValue } from '../cells';
import { table } from '../sheet-io';
import type { Answering } from './answer';

/** A free read that answers a list of records (`one`: a single record), as a table with a header row (one record a row). */
export function readTable(a: Answering, op: AnyOperation, input: unknown, columns: readonly string[], one?: boolean): CellValue[][] {
  const read = a.run(call(a.client, op, input));
  return table(one ? [read] : (read as unknown[]), columns, customFunctionCell);
}
