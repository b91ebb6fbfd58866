import * as records from '../../../shared/records';
import { lazyList } from '../../../shared/validation/lazy-schema';
import { isBlank } from '../args';

/** A record schema's columns (its field paths), derived on first use. */
export function columnsOf(schema: Parameters<typeof records.describeRecordFields>[0]): readonly string[] {
  return lazyList(() => records.describeRecordFields(schema));
}

/** The columns of the reference tables (PDS_LISTS, PDS_SAVED_SEARCHES, PDS_CONTACT_STATUSES). */
export const listColumns = /* @__PURE__ */ columnsOf(records.listSchema);
export const savedSearchColumns = /* @__PURE__ */ columnsOf(records.savedSearchSchema);
export const statusColumns = /* @__PURE__ */ columnsOf(records.contactStatusSchema);

/** PDS_SAVED_SEARCHES' optional type: blank for all, else contacts or companies (the service checks the value). */
export function savedSearchesInput(type: unknown): { type?: 'contacts' | 'companies' } {
  return isBlank(type) ? {} : { type: String(type).trim().toLowerCase() as 'contacts' | 'companies' };
}
