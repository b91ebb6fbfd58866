import { orgCompaniesOperation, orgContactsOperation, paginate, records, type AnyOperation } from '../../../shared';
import { intArg } from '../args';
import { customFunctionCell, type CellValue } from '../cells';
import { table } from '../sheet-io';
import { answer } from './answer';
import { fieldsArg } from './columns';

const DAY_MS = 86400000;

/** The org reads' lookback window: the last `days` days up to now. */
export function windowOf(days: number, now = Date.now()): { startDate: string; endDate: string } {
  return { startDate: new Date(now - days * DAY_MS).toISOString(), endDate: new Date(now).toISOString() };
}

function orgRead(fn: string, op: AnyOperation, known: readonly string[], days: unknown, limit: unknown, fields: unknown): CellValue[][] {
  return answer(fn, [days, limit, fields], ({ client, run }) => {
    const window = windowOf(intArg(days, 'days', client.addOn.lookbackDays, 1, 3650));
    const max = intArg(limit, 'limit', 1000, 1, 20000);
    const columns = fieldsArg(fields, known, known);
    const pages = run(paginate<Record<string, unknown>>(client, op, window, { maxItems: max }));
    return table(pages.items.slice(0, max), columns, customFunctionCell);
  });
}

export function PDS_ORG_CONTACTS(days?: unknown, limit?: unknown, fields?: unknown): CellValue[][] {
  return orgRead('PDS_ORG_CONTACTS', orgContactsOperation, records.orgContactColumns, days, limit, fields);
}

export function PDS_ORG_COMPANIES(days?: unknown, limit?: unknown, fields?: unknown): CellValue[][] {
  return orgRead('PDS_ORG_COMPANIES', orgCompaniesOperation, records.orgCompanyColumns, days, limit, fields);
}
