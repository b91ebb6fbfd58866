/**
 * What an import reads (its query), where it writes and how (output mode), and when it runs again.
 * Plain JSON: saved imports are kept in user properties and read again by the scheduled trigger.
 */
export type ImportSource = 'search' | 'savedSearch' | 'orgContacts' | 'orgCompanies' | 'lists';
export const IMPORT_SOURCES: readonly ImportSource[] = ['search', 'savedSearch', 'orgContacts', 'orgCompanies', 'lists'];

export type OutputMode = 'overwrite' | 'append' | 'merge';
export const OUTPUT_MODES: readonly OutputMode[] = ['overwrite', 'append', 'merge'];

export interface ImportQuery {
  source: ImportSource;
  /** search: contacts or companies; savedSearch: resolved from the saved search when it first runs. */
  kind?: 'contacts' | 'companies';
  /** search: filter name -> value(s), as the catalogue's input schema takes them. */
  filters?: Record<string, unknown>;
  savedSearchId?: string;
  /** orgContacts / orgCompanies: how far back the first read goes. */
  days?: number;
  /** search / savedSearch: the most rows one run reads. */
  limit?: number;
}

export interface ImportTarget {
  sheetName: string;
  mode: OutputMode;
  /** The column whose value identifies a row (contactId, email, domain, …): no two rows share it. */
  key: string;
  /** Records with an empty key are appended (never matched again) instead of only counted. */
  appendWithoutKey?: boolean;
}

/** `timeZone`: the spreadsheet's IANA zone when the schedule was saved; the hour is on its clock (UTC when absent). */
export type ImportSchedule =
  | { every: 'hour' }
  | { every: 'day'; hour: number; timeZone?: string }
  | { every: 'week'; weekday: number; hour: number; timeZone?: string }
  | { every: 'never' };

/** Where an unfinished run stands: read up to `cursor`, rows already written. Saved after each page is written. */
export interface RunState {
  startedAt: number;
  /** Next page: a page number, a search token, or an org keyset cursor; null = the first page. */
  cursor: { page: number } | { nextToken: string } | { from: string; windowEnd: string; page: number } | null;
  /** overwrite: the sheet was already cleared by this run. */
  cleared: boolean;
  rowsRead: number;
  appended: number;
  updated: number;
  /** Records read with an empty key (absent in runs saved by earlier versions). */
  withoutKey?: number;
  requests: number;
}

export interface SavedImport extends ImportTarget {
  id: string;
  name: string;
  query: ImportQuery;
  schedule: ImportSchedule;
  paused: boolean;
  createdAt: number;
  lastRunAt: number | null;
  /** Rows written (appended + updated) by the last finished run. */
  lastRows: number | null;
  lastError: string | null;
  nextRunAt: number | null;
  /** Non-null while a run is unfinished (cut by the time limit): the next dispatch resumes it. */
  run: RunState | null;
  /** org sources: where the next run's window starts (just after the last finished one). */
  orgFrom?: string | null;
  /** Set by the sidebar's Stop: a run started before this moment stops after the page it is writing. */
  cancelRequestedAt?: number | null;
}

/** Counts of one run (or one part of a run, when it was cut). */
export interface ImportReport {
  id?: string;
  name: string;
  sheetName: string;
  rowsRead: number;
  appended: number;
  updated: number;
  /** Records with an empty key: appended or not written, as the import says (`keylessAppended`). */
  withoutKey?: number;
  keylessAppended?: boolean;
  requests: number;
  complete: boolean;
  /** Stopped from the sidebar: the rows already written stay, the rest is not read. */
  cancelled?: boolean;
  error?: string;
}
