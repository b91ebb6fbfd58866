import type * as z from '../validation/zod';
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
function columnsOf(schema: z.ZodMiniObject): readonly string[] {
  return lazyList(() => describeRecordFields(schema, { flatten: true }));
}

export const orgContactColumns = /* @__PURE__ */ columnsOf(orgContactSchema);
export const orgCompanyColumns = /* @__PURE__ */ columnsOf(orgCompanySchema);
export const contactSearchColumns = /* @__PURE__ */ columnsOf(contactSearchRowSchema);
export const companySearchColumns = /* @__PURE__ */ columnsOf(companySearchRowSchema);
