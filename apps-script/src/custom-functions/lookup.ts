import { orgCompaniesOperation, orgContactsOperation } from '../../../shared';
import * as records from '../../../shared/records';
import { boolArg, intArg, keysOf } from '../args';
import type { CellValue } from '../cells';
import type { Answering } from './answer';
import { fieldsArg } from './columns';
import { lookupRows, STILL_BUILDING } from './lookup-index';
import type { LookupKind } from './lookup-kind';

export type { LookupKind } from './lookup-kind';

export const NOT_FOUND = '(not found)';

const contactFields = ['contactId', 'fullName', 'email', 'title', 'company', 'companyDomain', 'contactPhone1', 'updatedAt'];
const companyFields = ['companyId', 'name', 'domain', 'industry', 'staffCountRange', 'revenueRange', 'location.country', 'updatedAt'];

/** Ids and emails compare trimmed, case-insensitively. */
function normalKey(text: string): string {
  return text.trim().toLowerCase();
}

/** Domains compare without scheme, www. and path, case-insensitively. */
export function normalDomain(text: string): string {
  return normalKey(text)
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/.*$/, '');
}

export const contactKind: LookupKind = {
  op: orgContactsOperation,
  idField: 'contactId',
  known: records.orgContactColumns,
  defaults: contactFields,
  keysOf: (r) => [r.contactId, r.email, r.personalEmail].filter((v): v is string => typeof v === 'string' && v !== '').map(normalKey),
  normalize: normalKey,
};

export const companyKind: LookupKind = {
  op: orgCompaniesOperation,
  idField: 'companyId',
  known: records.orgCompanyColumns,
  defaults: companyFields,
  keysOf: (r) => (typeof r.domain === 'string' && r.domain ? [normalDomain(r.domain)] : []),
  normalize: normalDomain,
};

/**
 * A cell stops waiting for the index this long before its budget ends (answer.ts: 25 s after its script loaded), so
 * 12 s after: Sheets counts 30 s from the execution's start, and on a busy host the script starts up to 10 s after it
 * (the harness on a loaded 2-core machine: a fresh worker); the answer must be back within what is left.
 */
const ANSWER_MARGIN_MS = 13000;

/**
 * PDS_LOOKUP_CONTACT / PDS_LOOKUP_COMPANY: one row per key, from the org read's index shared by every cell of the
 * user (lookup-index.ts), so a whole range, a whole column of cells and the next recalculation cost one org read.
 */
export function lookupTable(a: Answering, kind: LookupKind, keys: unknown, fields: unknown, days: unknown, header: unknown): CellValue[][] {
  const columns = fieldsArg(fields, kind.known, kind.defaults);
  const asked = keysOf(keys);
  const lookback = intArg(days, 'days', a.client.addOn.lookbackDays, 1, 3650);
  const distinct = [...new Set(asked.filter((k) => k !== '').map((k) => kind.normalize(k)))];
  const found = distinct.length > 0 ? lookupRows(kind, a, lookback, columns, distinct, a.deadline - ANSWER_MARGIN_MS) : { rows: {}, done: true };
  // A key the unfinished index has not read yet says so (not cached: the next recalculation answers it).
  if (!found.done && distinct.some((k) => !(k in found.rows))) a.incomplete();
  const blank = columns.map(() => '' as CellValue);
  const rows = asked.map((k) => (k === '' ? blank : (found.rows[kind.normalize(k)] ?? [found.done ? NOT_FOUND : STILL_BUILDING, ...blank.slice(1)])));
  return boolArg(header, true) ? [columns, ...rows] : rows;
}
