import { z } from 'zod';
import { nonNegativeInt } from './primitives';
import { v2Envelope } from './envelope';

/**
 * Search rows (DECISIONS "Search (v2)"; the spec does not show them). Searches never reveal emails or phones.
 * Only searchResultId is required: it is what research takes; the rest may be missing for a sparse row.
 */
const text = z.string().nullish();

/** The short location of a search row. */
export const searchLocationSchema = z.looseObject({
  city: text,
  state: text,
  country: text,
  fullString: text,
});
export type SearchLocation = z.infer<typeof searchLocationSchema>;

export const contactSearchRowSchema = z.looseObject({
  searchResultId: z.string(),
  firstName: text,
  lastName: text,
  fullName: text,
  title: text,
  department: text,
  seniority: text,
  company: text,
  companyDomain: text,
  contactLocation: searchLocationSchema.nullish(),
});
export type ContactSearchRow = z.infer<typeof contactSearchRowSchema>;

export const companySearchRowSchema = z.looseObject({
  searchResultId: z.string(),
  name: text,
  domain: text,
  industry: text,
  staffCountRange: text,
  revenueRange: text,
  location: searchLocationSchema.nullish(),
});
export type CompanySearchRow = z.infer<typeof companySearchRowSchema>;

/** Paging beside `data`; nextToken is the opaque cursor of the next page, or null when there is none. */
export const supplementalDataSchema = z.looseObject({
  isMore: z.boolean(),
  total: nonNegativeInt,
  perPage: nonNegativeInt,
  nextToken: z.string().nullable(),
});
export type SupplementalData = z.infer<typeof supplementalDataSchema>;

/** Whole search answers: `{success, data: [row], supplementalData}`. */
export const contactSearchResponseSchema = v2Envelope(z.array(contactSearchRowSchema)).extend({
  supplementalData: supplementalDataSchema,
});
export type ContactSearchResponse = z.infer<typeof contactSearchResponseSchema>;

export const companySearchResponseSchema = v2Envelope(z.array(companySearchRowSchema)).extend({
  supplementalData: supplementalDataSchema,
});
export type CompanySearchResponse = z.infer<typeof companySearchResponseSchema>;
