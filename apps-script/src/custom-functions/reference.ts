import { records } from '../../../shared';
import { isBlank } from '../args';

/** The columns of the reference tables (PDS_LISTS, PDS_SAVED_SEARCHES, PDS_CONTACT_STATUSES). */
export const listColumns = records.describeRecordFields(records.listSchema);
export const savedSearchColumns = records.describeRecordFields(records.savedSearchSchema);
export const statusColumns = records.describeRecordFields(records.contactStatusSchema);

/** PDS_SAVED_SEARCHES' optional type: blank for all, else contacts or companies (the service checks the value). */
export function savedSearchesInput(type: unknown): { type?: 'contacts' | 'companies' } {
  return isBlank(type) ? {} : { type: String(type).trim().toLowerCase() as 'contacts' | 'companies' };
}
