import { paginate, type AnyOperation } from '../../../shared';
import { intArg } from '../args';
import { customFunctionCell, type CellValue } from '../cells';
import { table } from '../sheet-io';
import type { Answering } from './answer';
import { fieldsArg } from './columns';

const DAY_MS = 86400000;

/** The org reads' lookback window: the last `days` days up to now. */
export function windowOf(days: number, now = Date.now()): { startDate: string; endDate: string } {
  return { startDate: new Date(now - days * DAY_MS).toISOString(), endDate: new Date(now).toISOString() };
}

/** PDS_ORG_CONTACTS / PDS_ORG_COMPANIES: saved records changed in the lookback window (a free read). */
export function orgTable(a: Answering, op: AnyOperation, known: readonly string[], days: unknown, limit: unknown, fields: unknown): CellValue[][] {
  const { client, run } = a;
  const window = windowOf(intArg(days, 'days', client.addOn.lookbackDays, 1, 3650));
  const max = intArg(limit, 'limit', 1000, 1, 20000);
  const columns = fieldsArg(fields, known, known);
  const pages = run(paginate<Record<string, unknown>>(client, op, window, { maxItems: max }));
  return table(pages.items.slice(0, max), columns, customFunctionCell);
}
