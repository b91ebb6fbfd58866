import { getSavedSearchOperation, paginate, searchCompaniesOperation, searchContactsOperation, type AnyOperation } from '../../../shared';
import * as records from '../../../shared/records';
import { filtersArg } from '../args';
import { callOnce, makeClient, run } from '../client';
import { countArg, optionalText, refuse, requestArg, sheetNameArg } from './inputs';
import { replaceWithTable, sheetNamed, table } from '../sheet-io';
import { writeRecords } from '../imports/output';
import { targetArg } from '../imports/spec';
import type { OutputMode } from '../imports/types';
import { searchFilterFields, type FilterField } from '../imports/filter-form';
import { fail } from '../errors';

export type SearchKind = 'contacts' | 'companies';

const kinds: Record<SearchKind, { op: AnyOperation; columns: readonly string[] }> = {
  contacts: { op: searchContactsOperation, columns: records.contactSearchColumns },
  companies: { op: searchCompaniesOperation, columns: records.companySearchColumns },
};

export interface SearchRequest {
  kind: SearchKind;
  /** Same forms as the custom functions: "jobTitle=CTO; seniority=VP" or a JSON object text. */
  filters: string | Record<string, unknown>;
  /** Values picked in the form's pickers (filters whose values come from a published set): name -> value(s). */
  picks?: Record<string, unknown>;
  limit?: number;
  sheetName?: string;
  savedSearchId?: string;
  /** Output mode (default overwrite) and, for append and merge, the key column (default the record's own id). */
  mode?: OutputMode;
  key?: string;
  /** Records with an empty key: appended when true, else only counted (`withoutKey` in the answer). */
  appendWithoutKey?: boolean;
}

export function kindOf(kind: unknown): SearchKind {
  if (kind !== 'contacts' && kind !== 'companies') fail('kind: must be contacts or companies.');
  return kind;
}

/** The filters as the sidebar sends them: the filter text, or an object of name -> value(s). */
function filtersOf(filters: unknown): Record<string, unknown> {
  if (filters === undefined || filters === null) return {};
  if (typeof filters === 'string') return filtersArg(filters);
  if (typeof filters === 'object' && !Array.isArray(filters)) return { ...(filters as Record<string, unknown>) };
  refuse('filters', 'must be filter text ("jobTitle=CTO; seniority=VP") or an object of filter name -> values');
}

/** `previewCap`: a preview shows at most that many rows, whatever limit the form holds. */
function runSearch(raw: SearchRequest, previewCap?: number): { rows: Record<string, unknown>[]; columns: readonly string[] } {
  const req = requestArg<SearchRequest>(raw);
  const kind = kinds[kindOf(req.kind)];
  const asked = countArg(req.limit, 'limit', previewCap ? 10 : 50, 1, 5000);
  const limit = previewCap ? Math.min(asked, previewCap) : asked;
  const input = filtersOf(req.filters);
  addPicks(input, req.picks);
  const savedSearchId = optionalText(req.savedSearchId, 'savedSearchId');
  if (savedSearchId) input.savedSearchId = savedSearchId;
  const client = makeClient();
  const pages = run(client, paginate<Record<string, unknown>>(client, kind.op, input, { maxItems: limit, limit: Math.min(limit, 500) }));
  return { rows: pages.items.slice(0, limit), columns: kind.columns };
}

/** A picker left alone means the filter is absent; a filter both picked and typed is ambiguous, so refused. */
function addPicks(input: Record<string, unknown>, picks: unknown): void {
  if (picks === undefined || picks === null) return;
  if (typeof picks !== 'object' || Array.isArray(picks)) refuse('picks', 'must be an object of filter name -> values');
  for (const [name, value] of Object.entries(picks as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    if (name in input) refuse(name, 'given both in the pickers and in the filter text; keep one. Nothing was sent');
    input[name] = value;
  }
}

/** A first page for the sidebar's preview table (free: searches spend no credits). */
export function searchPreview(req: SearchRequest): { columns: string[]; rows: unknown[][]; count: number } {
  const found = runSearch(req, 25);
  const preview = ['fullName', 'name', 'title', 'company', 'domain', 'companyDomain', 'industry', 'contactLocation.city', 'location.city'].filter((c) =>
    found.columns.includes(c),
  );
  return { columns: preview, rows: found.rows.map((r) => preview.map((c) => records.valueAtPath(r, c) ?? '')), count: found.rows.length };
}

/** Imports up to `limit` results into a sheet (one setValues), header row first. */
export function importSearch(req: SearchRequest): { sheetName: string; rows: number } {
  const found = runSearch(req);
  const name = sheetNameArg(req.sheetName, `${req.kind === 'companies' ? 'Companies' : 'Contacts'} search`);
  const query = { source: 'search' as const, kind: req.kind };
  const target = targetArg({ sheetName: name, mode: req.mode, key: req.key, appendWithoutKey: req.appendWithoutKey }, query);
  if (target.mode === 'overwrite') {
    replaceWithTable(sheetNamed(name), table(found.rows, found.columns));
    return { sheetName: name, rows: found.rows.length };
  }
  const written = writeRecords(sheetNamed(name), found.columns, found.rows, target.mode, target.key, target.appendWithoutKey);
  return { sheetName: name, rows: written.appended + written.updated, ...written };
}

/** Runs one of the user's saved searches (its own filters, type and sort) and imports the results. */
export function importSavedSearch(
  savedSearchId: string,
  limit?: number,
  sheetName?: string,
  mode?: OutputMode,
  key?: string,
): { sheetName: string; rows: number } {
  const saved = callOnce(getSavedSearchOperation, { id: savedSearchId });
  const kind: SearchKind = saved.type === 'companies' ? 'companies' : 'contacts';
  return importSearch({ kind, filters: {}, savedSearchId, limit, sheetName: sheetName || saved.name, mode, key });
}

/** The search form's fields, generated from the catalogue's filter facts (the same facts its input schema is built from). */
export function searchFilterForm(): Record<SearchKind, FilterField[]> {
  return { contacts: searchFilterFields('contacts'), companies: searchFilterFields('companies') };
}
