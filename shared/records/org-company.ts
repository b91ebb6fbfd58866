import { z } from 'zod';
import { isoDateTime } from './primitives';
import { companyLocationSchema } from './org-contact';

/**
 * Org company: items of `GET /v1/companies`, company research results and webhook bodies.
 * Fields are our DECISIONS (the spec does not show them); like org contacts, only identity keys are required.
 * annualRevenue and founded are text, as their org contact counterparts (companyAnnualRevenue, companyFounded).
 */
const text = z.string().nullish();

export const orgCompanySchema = z.looseObject({
  companyId: z.string(),
  name: text,
  domain: text,
  description: text,
  industry: text,
  staffCount: z.int().nullish(),
  staffCountRange: text,
  annualRevenue: text,
  revenueRange: text,
  founded: text,
  type: text,
  stockTicker: text,
  phone: text,
  liProfileUrl: text,
  location: companyLocationSchema.nullish(),
  /** Request id of the research that produced this record. */
  apiResearchId: text,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type OrgCompany = z.infer<typeof orgCompanySchema>;
