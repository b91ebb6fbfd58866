import { describeRecordFields } from './describe';
import { orgCompanySchema } from './org-company';
import { orgContactSchema } from './org-contact';
import { companySearchRowSchema, contactSearchRowSchema } from './search';

/**
 * Flattened column lists of the records that are written to sheets / documented as n8n output.
 * Org contact order: identity, email, phones, company, person, location (flattened), history, links.
 */
export const orgContactColumns: readonly string[] = describeRecordFields(orgContactSchema, { flatten: true });
export const orgCompanyColumns: readonly string[] = describeRecordFields(orgCompanySchema, { flatten: true });
export const contactSearchColumns: readonly string[] = describeRecordFields(contactSearchRowSchema, { flatten: true });
export const companySearchColumns: readonly string[] = describeRecordFields(companySearchRowSchema, { flatten: true });
