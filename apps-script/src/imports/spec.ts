import { searchCompaniesOperation, searchContactsOperation } from '../../../shared';
import { validate } from '../../../shared/validation/format';
import { countArg, flagArg, optionalText, refuse, requestArg, sheetNameArg } from '../sidebar/inputs';
import { filtersArg, isBlank } from '../args';
import { scheduleArg } from './schedule-times';
import { columnsOf, defaultKey } from './sources';
import { IMPORT_SOURCES, OUTPUT_MODES, type ImportQuery, type ImportSchedule, type ImportTarget, type OutputMode } from './types';
import { activeBook } from '../sheet-io';

export interface ImportSpec {
  name: string;
  query: ImportQuery;
  target: ImportTarget;
  schedule: ImportSchedule;
}

/** search filters as the form or the advanced text gives them, checked against the catalogue's input schema. */
function filtersOf(kind: 'contacts' | 'companies', raw: unknown): Record<string, unknown> {
  const filters =
    raw === undefined || raw === null ? {} : typeof raw === 'string' ? filtersArg(raw) : { ...requestArg<Record<string, unknown>>(raw, 'filters') };
  for (const [name, value] of Object.entries(filters)) {
    if (isBlank(value) || (Array.isArray(value) && value.length === 0)) delete filters[name];
  }
  const op = kind === 'companies' ? searchCompaniesOperation : searchContactsOperation;
  // The schema's own message names the filter and its rule (e.g. "department: at most 5 values"); nothing is sent.
  validate(op.input, { ...filters, limit: 1 }, op.title);
  return filters;
}

export function queryArg(raw: unknown): ImportQuery {
  const q = requestArg<Record<string, unknown>>(raw, 'query');
  const source = q.source as ImportQuery['source'];
  if (!IMPORT_SOURCES.includes(source)) refuse('query.source', `must be one of ${IMPORT_SOURCES.join(', ')}`);
  const limit = () => countArg(q.limit, 'query.limit', 1000, 1, 5000);
  switch (source) {
    case 'search': {
      const kind =
        q.kind === 'companies'
          ? 'companies'
          : q.kind === 'contacts' || q.kind === undefined
            ? 'contacts'
            : refuse('query.kind', 'must be contacts or companies');
      const filters = { ...filtersOf(kind, q.filters) };
      // The form's values and the advanced filter text together; a filter given in both is ambiguous.
      if (typeof q.filterText === 'string' && q.filterText.trim()) {
        for (const [name, value] of Object.entries(filtersArg(q.filterText))) {
          if (name in filters) refuse(name, 'given both in the form and in the filter text; keep one');
          filters[name] = value;
        }
      }
      return { source, kind, filters: filtersOf(kind, filters), limit: limit() };
    }
    case 'savedSearch': {
      const savedSearchId = optionalText(q.savedSearchId, 'query.savedSearchId') ?? refuse('query.savedSearchId', 'pick a saved search');
      const kind = q.kind === 'companies' || q.kind === 'contacts' ? q.kind : undefined;
      return { source, savedSearchId, kind, limit: limit() };
    }
    case 'orgContacts':
    case 'orgCompanies':
      return { source, days: countArg(q.days === 0 ? undefined : q.days, 'query.days', 365, 1, 3650) };
    default:
      return { source };
  }
}

const SHEET_DEFAULTS: Record<ImportQuery['source'], string> = {
  search: 'Search import',
  savedSearch: 'Saved search import',
  orgContacts: 'Org contacts',
  orgCompanies: 'Org companies',
  lists: 'Lists',
};

export function targetArg(raw: unknown, query: ImportQuery): ImportTarget {
  const t = raw === undefined || raw === null ? {} : requestArg<Record<string, unknown>>(raw, 'target');
  const mode = (t.mode ?? 'overwrite') as OutputMode;
  if (!OUTPUT_MODES.includes(mode)) refuse('target.mode', 'must be overwrite, append or merge');
  const key = optionalText(t.key, 'target.key')?.trim() ?? defaultKey(query);
  // savedSearch columns depend on the saved search's type; both kinds are checked when it is not known yet.
  const columns =
    query.source === 'savedSearch' && !query.kind
      ? [...columnsOf({ ...query, kind: 'contacts' }), ...columnsOf({ ...query, kind: 'companies' })]
      : columnsOf(query);
  if (!columns.includes(key)) refuse('target.key', `"${key}" is not a column of this import (e.g. ${defaultKey(query)})`);
  const sheetName = sheetNameArg(t.sheetName, SHEET_DEFAULTS[query.source], 'target.sheetName');
  return { sheetName, mode, key, ...(flagArg(t.appendWithoutKey, 'target.appendWithoutKey', false) ? { appendWithoutKey: true } : {}) };
}

export function specArg(raw: unknown): ImportSpec {
  const s = requestArg<Record<string, unknown>>(raw, 'spec');
  const query = queryArg(s.query);
  const target = targetArg(s.target, query);
  // Hours are on the spreadsheet's clock: the zone its users set (File > Settings), kept with the schedule.
  const schedule = s.schedule === undefined ? ({ every: 'never' } as const) : scheduleArg(s.schedule, activeBook().getSpreadsheetTimeZone());
  const name = optionalText(s.name, 'name')?.trim() || `${query.source} → ${target.sheetName}`;
  if (name.length > 100) refuse('name', 'must be at most 100 characters');
  return { name, query, target, schedule };
}
