import { paginate, records, searchCompaniesOperation, searchContactsOperation, type AnyOperation } from '../../../shared';
import { filtersArg, intArg } from '../args';
import { customFunctionCell, type CellValue } from '../cells';
import { table } from '../sheet-io';
import { answer } from './answer';

function search(fn: string, op: AnyOperation, columns: readonly string[], filters: unknown, limit: unknown): CellValue[][] {
  return answer(fn, [filters, limit], ({ client, run }) => {
    const max = intArg(limit, 'limit', 50, 1, 2000);
    const input = filtersArg(filters);
    const pages = run(paginate<Record<string, unknown>>(client, op, input, { maxItems: max, limit: Math.min(max, 500) }));
    return table(pages.items.slice(0, max), columns, customFunctionCell);
  });
}

export function PDS_SEARCH_CONTACTS(filters?: unknown, limit?: unknown): CellValue[][] {
  return search('PDS_SEARCH_CONTACTS', searchContactsOperation, records.contactSearchColumns, filters, limit);
}

export function PDS_SEARCH_COMPANIES(filters?: unknown, limit?: unknown): CellValue[][] {
  return search('PDS_SEARCH_COMPANIES', searchCompaniesOperation, records.companySearchColumns, filters, limit);
}
