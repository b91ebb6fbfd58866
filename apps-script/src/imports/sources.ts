import {
  getSavedSearchOperation,
  listListsOperation,
  orgCompaniesOperation,
  orgContactsOperation,
  paginate,
  searchCompaniesOperation,
  searchContactsOperation,
  call,
  type Client,
  type Flow,
} from '../../../shared';
import * as records from '../../../shared/records';
import { openWindow, readChangedPage, type ChangeCursor } from '../../../shared/flow/incremental-read';
import type { ImportQuery, RunState } from './types';

type Run = <T>(flow: Flow<T>) => T;
type Row = Record<string, unknown>;

export interface SourcePage {
  rows: Row[];
  /** Where the next page is, or null at the end of what this run reads. */
  next: RunState['cursor'];
  requests: number;
  /** org reads: the window position this page was read at (its windowEnd ends the run's window). */
  at?: ChangeCursor;
}

const DAY_MS = 86_400_000;

/** The columns an import of this query writes, from the record schemas. */
export function columnsOf(query: ImportQuery): readonly string[] {
  const { source } = query;
  if (source === 'lists') return records.describeRecordFields(records.listSchema);
  if (source === 'orgContacts') return records.orgContactColumns;
  if (source === 'orgCompanies') return records.orgCompanyColumns;
  // A search or a saved search.
  return query.kind === 'companies' ? records.companySearchColumns : records.contactSearchColumns;
}

/** The key column an import uses when none is chosen: the record's own id (a company's is its domain). */
export function defaultKey(query: ImportQuery): string {
  const { source } = query;
  if (source === 'lists') return 'listId';
  if (source === 'orgContacts') return 'contactId';
  return source === 'orgCompanies' || query.kind === 'companies' ? 'domain' : 'searchResultId';
}

/** A saved search's type, asked once (then kept in the query). */
export function resolveSavedSearchKind(client: Client, run: Run, id: string): 'contacts' | 'companies' {
  const saved = run(call(client, getSavedSearchOperation, { id })) as { type?: string };
  return saved.type === 'companies' ? 'companies' : 'contacts';
}

/**
 * One page of the query at `cursor` (null: the first). Searches page by token up to `limit` rows per run;
 * org reads use the core's keyset read over a window fixed when the run started (nothing skipped when records
 * change meanwhile); lists are one page. `orgFrom` is where an org window starts (the last run's end).
 */
export function readPage(client: Client, run: Run, query: ImportQuery, cursor: RunState['cursor'], readSoFar: number, orgFrom: string | null): SourcePage {
  if (query.source === 'lists') return { rows: run(call(client, listListsOperation, {})) as Row[], next: null, requests: 1 };
  if (query.source === 'orgContacts' || query.source === 'orgCompanies') {
    const op = query.source === 'orgContacts' ? orgContactsOperation : orgCompaniesOperation;
    const at: ChangeCursor = cursor && 'windowEnd' in cursor ? cursor : run(openWindow(orgFrom, (query.days ?? 365) * DAY_MS));
    const page = run(readChangedPage<Row>(client, op, at, query.source === 'orgContacts' ? 'contactId' : 'companyId', new Map()));
    return { rows: page.records, next: page.next, requests: 1, at };
  }
  const limit = query.limit ?? 1000;
  const left = limit - readSoFar;
  if (left <= 0) return { rows: [], next: null, requests: 0 };
  const op = query.kind === 'companies' ? searchCompaniesOperation : searchContactsOperation;
  const input: Row = query.source === 'savedSearch' ? { savedSearchId: query.savedSearchId } : { ...(query.filters ?? {}) };
  if (cursor && 'nextToken' in cursor) input.nextToken = cursor.nextToken;
  const read = run(paginate<Row>(client, op, input, { maxRequests: 1, limit: Math.min(left, 500) }));
  const rows = read.items.slice(0, left);
  const next = read.next && 'nextToken' in read.next && readSoFar + rows.length < limit ? read.next : null;
  return { rows, next, requests: read.requests };
}
