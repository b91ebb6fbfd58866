import * as records from '../../../shared/records';
import { lazyList } from '../../../shared/validation/lazy-schema';
import { isBlank } from '../args';

/** The columns of the reference tables (PDS_LISTS, PDS_SAVED_SEARCHES, PDS_CONTACT_STATUSES). */
export const listColumns = /* @__PURE__ */ lazyList(() => records.describeRecordFields(records.listSchema));
export const savedSearchColumns = /* @__PURE__ */ lazyList(() => records.describeRecordFields(records.savedSearchSchema));
export const statusColumns = /* @__PURE__ */ lazyList(() => records.describeRecordFields(records.contactStatusSchema));

/** PDS_SAVED_SEARCHES' optional type: blank for all, else contacts or companies (the service checks the value). */
export function savedSearchesInput(type: unknown): { type?: 'contacts' | 'companies' } {
  return isBlank(type) ? {} : { type: String(type).trim().toLowerCase() as 'contacts' | 'companies' };
}
