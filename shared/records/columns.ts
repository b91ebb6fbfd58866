import { describeRecordFields } from './describe';
import { orgCompanySchema } from './org-company';
import { orgContactSchema } from './org-contact';
import { companySearchRowSchema, contactSearchRowSchema } from './search';
import { lazyList } from '../validation/lazy-schema';

/**
 * Flattened column lists of the records that are written to sheets / documented as n8n output.
 * Derived on first use: the schemas they walk are built then (lazy-schema.ts).
 * Org contact order: identity, email, phones, company, person, location (flattened), history, links.
 */
export const orgContactColumns: readonly string[] = /* @__PURE__ */ lazyList(() => describeRecordFields(orgContactSchema, { flatten: true }));
export const orgCompanyColumns: readonly string[] = /* @__PURE__ */ lazyList(() => describeRecordFields(orgCompanySchema, { flatten: true }));
export const contactSearchColumns: readonly string[] = /* @__PURE__ */ lazyList(() => describeRecordFields(contactSearchRowSchema, { flatten: true }));
export const companySearchColumns: readonly string[] = /* @__PURE__ */ lazyList(() => describeRecordFields(companySearchRowSchema, { flatten: true }));
