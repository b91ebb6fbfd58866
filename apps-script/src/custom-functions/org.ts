import type { AnyOperation } from '../../../shared';
import { intArg } from '../args';
import type { CellValue } from '../cells';
import type { Answering } from './answer';
import { fieldsArg } from './columns';
import { pagedTable } from './read-table';

const DAY_MS = 86400000;

/** The org reads' lookback window: the last `days` days up to now. */
export function windowOf(days: number, now = Date.now()): { startDate: string; endDate: string } {
  return { startDate: new Date(now - days * DAY_MS).toISOString(), endDate: new Date(now).toISOString() };
}

/** PDS_ORG_CONTACTS / PDS_ORG_COMPANIES: saved records changed in the lookback window (a free read). */
export function orgTable(a: Answering, op: AnyOperation, known: readonly string[], days: unknown, limit: unknown, fields: unknown): CellValue[][] {
  const window = windowOf(intArg(days, 'days', a.client.addOn.lookbackDays, 1, 3650));
  const max = intArg(limit, 'limit', 1000, 1, 20000);
  return pagedTable(a, op, window, fieldsArg(fields, known, known), max);
}
