import { orgCompaniesOperation, orgContactsOperation, records, type AnyOperation } from '../../../shared';
import { readPagesSideBySide } from '../../../shared/flow/paginate-parallel';
import { boolArg, intArg, keysOf } from '../args';
import { cacheGet, cacheKey, cachePut } from '../cache';
import { customFunctionCell, type CellValue } from '../cells';
import { recordRow } from '../sheet-io';
import type { Answering } from './answer';
import { fieldsArg } from './columns';
import { windowOf } from './org';

export const NOT_FOUND = '(not found)';

const contactFields = ['contactId', 'fullName', 'email', 'title', 'company', 'companyDomain', 'contactPhone1', 'updatedAt'];
const companyFields = ['companyId', 'name', 'domain', 'industry', 'staffCountRange', 'revenueRange', 'location.country', 'updatedAt'];

/** Domains compare without scheme, www. and path, case-insensitively. */
export function normalDomain(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/.*$/, '');
}

export interface LookupKind {
  op: AnyOperation;
  known: readonly string[];
  defaults: readonly string[];
  /** The index keys one record answers to. */
  keysOf(record: Record<string, unknown>): string[];
  normalize(key: string): string;
}

export const contactKind: LookupKind = {
  op: orgContactsOperation,
  known: records.orgContactColumns,
  defaults: contactFields,
  keysOf: (r) => [r.contactId, r.email, r.personalEmail].filter((v): v is string => typeof v === 'string' && v !== '').map((k) => k.trim().toLowerCase()),
  normalize: (k) => k.trim().toLowerCase(),
};

export const companyKind: LookupKind = {
  op: orgCompaniesOperation,
  known: records.orgCompanyColumns,
  defaults: companyFields,
  keysOf: (r) => (typeof r.domain === 'string' && r.domain ? [normalDomain(r.domain)] : []),
  normalize: normalDomain,
};

/**
 * key -> row of the asked fields, built from one pass over the org read (free) of the lookback window and
 * cached, so a whole range (and the next recalculation) is answered from it without a request per key. The pages
 * go out side by side (one fetchAll), as many at first as can hold the keys asked.
 */
function index(kind: LookupKind, a: Answering, days: number, columns: string[], keys: number): Record<string, CellValue[]> {
  const key = cacheKey(`${a.fn}.index`, [a.client.identity, days, columns]);
  const cached = cacheGet<Record<string, CellValue[]>>(key);
  if (cached) return cached;
  const pages = a.run(readPagesSideBySide<Record<string, unknown>>(a.client, kind.op, windowOf(days), { expectedItems: keys }));
  const built: Record<string, CellValue[]> = {};
  // Records come oldest change first: a later record of the same key wins.
  for (const record of pages.items) for (const k of kind.keysOf(record)) built[k] = recordRow(record, columns, customFunctionCell);
  cachePut(key, built, a.client.addOn.cacheTtlS);
  return built;
}

/** PDS_LOOKUP_CONTACT / PDS_LOOKUP_COMPANY: one row per key, from the cached index of the org read. */
export function lookupTable(a: Answering, kind: LookupKind, keys: unknown, fields: unknown, days: unknown, header: unknown): CellValue[][] {
  const columns = fieldsArg(fields, kind.known, kind.defaults);
  const asked = keysOf(keys);
  const lookback = intArg(days, 'days', a.client.addOn.lookbackDays, 1, 3650);
  const distinct = new Set(asked.filter((k) => k !== '').map((k) => kind.normalize(k))).size;
  const found = distinct > 0 ? index(kind, a, lookback, columns, distinct) : {};
  const blank = columns.map(() => '' as CellValue);
  const rows = asked.map((k) => (k === '' ? blank : (found[kind.normalize(k)] ?? [NOT_FOUND, ...blank.slice(1)])));
  return boolArg(header, true) ? [columns, ...rows] : rows;
}
