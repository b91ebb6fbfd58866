import { documentId } from '../budget';
import { readJson, userProps, writeJson } from '../property-stores';

/**
 * Where the incremental org-contacts refresh of this document stands. Kept in user properties (the
 * trigger runs with this user's credential), keyed by document, small (no record, no secret).
 * While a pass is open, `from`, `windowEnd` and `page` are the core's ChangeCursor (shared/flow/incremental-read.ts:
 * keyset paging by updatedAt, so records changing during the pass cannot shift pages and be skipped); between
 * passes `from` is where the next one starts and `windowEnd` is null.
 */
export interface OrgRefreshState {
  sheetName: string;
  days: number;
  from: string | null;
  /** Fixed when a pass starts; null between passes. */
  windowEnd: string | null;
  /** Page within `from`, above 1 only when a whole page shares one updatedAt. */
  page: number;
  /**
   * The slices of the window still open while a pass reads them side by side (splitWindow), each its own keyset
   * cursor; absent or null: the pass is read as the one cursor above (a state saved before slices).
   */
  slices?: { from: string; windowEnd: string; page: number }[] | null;
  lastRunAt: number | null;
  totals: { appended: number; updated: number; requests: number };
}

function key(): string {
  return `pds.refresh.${documentId()}`;
}

export function loadRefresh(): OrgRefreshState | null {
  return readJson<OrgRefreshState>(userProps(), key());
}

export function saveRefresh(state: OrgRefreshState): void {
  writeJson(userProps(), key(), state);
}

export function clearRefresh(): void {
  userProps().deleteProperty(key());
}
