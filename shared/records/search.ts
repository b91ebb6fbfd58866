import * as z from '../validation/zod';
import { fieldsOf, looseBoolean, looseDate, looseDateTime, looseInt, looseLink, looseNested, looseText, looseTextList } from './lenient';
import { newsAndEventsList } from './org-contact';
import { companySearchPublishedNames, contactSearchPublishedNames, readPublishedNames } from './published-names';
import { lazySchema, lazyLooseObject } from '../validation/lazy-schema';

/**
 * Search rows. The spec does not show them: DECISIONS "Search (v2)" named the first fields, the published v1
 * description shows the rest (50 contact fields, 29 company fields). DECISIONS names stay and the published
 * names of the same fields are read into them (published-names.ts); every other published field is a column
 * under its published name. Read tolerantly (issue 15): nothing is required in a row, odd values are kept.
 * Searches never reveal emails or phones.
 */
const text = looseText;
const link = looseLink;

/** The short location of a contact search row (published: flat city, state, country). */
export const searchLocationSchema = /* @__PURE__ */ lazyLooseObject({
  city: text,
  state: text,
  country: text,
  fullString: text,
});
export type SearchLocation = z.output<typeof searchLocationSchema>;

/** The address of a company search row (published: flat street1..3, city, state, postCode, country). */
export const companySearchLocationSchema = /* @__PURE__ */ lazyLooseObject(fieldsOf(text, 'street1 street2 street3 city state postCode country fullString'));
export type CompanySearchLocation = z.output<typeof companySearchLocationSchema>;

// searchResultId is what research takes; not required, so one row without it does not fail the page. fullName is
// the published `name`, companyDomain the published `domain`, contactLocation the published flat `city`, `state`,
// `country`. From middleName on: the published fields with no DECISIONS name, in published order.
const contactSearchRowFields = /* @__PURE__ */ lazyLooseObject(() => ({
  ...fieldsOf(text, 'searchResultId firstName lastName fullName title department seniority company companyDomain'),
  contactLocation: looseNested(searchLocationSchema),
  ...fieldsOf(text, 'middleName timezone companyCity companyState companyCountry'),
  liUrl: link,
  companyLIProfileUrl: link,
  sicCode: text,
  industries: looseTextList,
  startedAtCurrentCompany: looseDate,
  titleStartedAt: looseDate,
  timeAtRole: text,
  timeAtCompany: text,
  companyFoundedOn: looseDate,
  lastModifiedAt: looseDateTime,
  companyRevenue: text,
  employeeSizeRange: text,
  companyDomainAlias: text,
  contactLIRecruiterUrl: link,
  contactLISalesNavUrl: link,
  contactXUrl: link,
  companyGRURL: link,
  contactCurrentCompanyYears: text,
  contactFBUrl: link,
  contactGURL: link,
  companyXUrl: link,
  companyFBUrl: link,
  newsAndEvents: newsAndEventsList,
  companyFundingTotal: text,
  companyLatestFundingDate: looseDate,
  companyLatestFundingClassifications: looseTextList,
  /** Published: New Hire, New Promotion or null. */
  jobChangeAlert: text,
  formerCompany: text,
  formerTitle: text,
  formerStartedAt: looseDate,
  formerEndedAt: looseDate,
  /** Published: Public, Private or null. */
  companyType: text,
  stockTicker: text,
}));
export const contactSearchRowSchema = /* @__PURE__ */ lazySchema(() =>
  contactSearchRowFields.check(z.overwrite(readPublishedNames(contactSearchRowFields, contactSearchPublishedNames))),
);
export type ContactSearchRow = z.output<typeof contactSearchRowSchema>;

const companySearchRowFields = /* @__PURE__ */ lazyLooseObject(() => ({
  searchResultId: text,
  name: text,
  domain: text,
  /** Published `industries` (a list there). */
  industry: looseText,
  staffCountRange: text,
  revenueRange: text,
  /** Published flat address fields. */
  location: looseNested(companySearchLocationSchema),
  // Published fields with no DECISIONS name, in published order.
  description: text,
  liUrl: link,
  sicCode: text,
  annualRevenue: text,
  employeeCount: text,
  numContacts: text,
  technologies: looseTextList,
  /** Spec neutral name; the published `linkedInId` is read into it. */
  companyNetworkId: text,
  companyLIURL: link,
  foundedOn: looseDate,
  newsAndEvents: newsAndEventsList,
  fundingTotal: text,
  latestFundingDate: looseDate,
  latestFundingClassifications: looseTextList,
  companyType: text,
  stockTicker: text,
}));
export const companySearchRowSchema = /* @__PURE__ */ lazySchema(() =>
  companySearchRowFields.check(z.overwrite(readPublishedNames(companySearchRowFields, companySearchPublishedNames))),
);
export type CompanySearchRow = z.output<typeof companySearchRowSchema>;

/**
 * Paging beside `data`. nextToken is the cursor of the next page; the published answer leaves it out when there
 * is none, so it is optional; pagination follows it only while isMore is true.
 */
export const supplementalDataSchema = /* @__PURE__ */ lazyLooseObject({
  isMore: looseBoolean,
  total: looseInt,
  perPage: looseInt,
  nextToken: looseText,
});
export type SupplementalData = z.output<typeof supplementalDataSchema>;

/**
 * Whole search answers `{success?, data: [row], supplementalData}`. Every field is optional as published: an absent
 * `data` means no rows, an absent `supplementalData` means no further page (paging follows only an isMore true).
 */
function searchResponse<T extends z.ZodMiniType>(row: T) {
  return z.looseObject({ success: looseBoolean, data: z._default(z.array(row), []), supplementalData: z.optional(supplementalDataSchema) });
}

export const contactSearchResponseSchema = /* @__PURE__ */ lazySchema(() => searchResponse(contactSearchRowSchema));
export type ContactSearchResponse = z.output<typeof contactSearchResponseSchema>;

export const companySearchResponseSchema = /* @__PURE__ */ lazySchema(() => searchResponse(companySearchRowSchema));
export type CompanySearchResponse = z.output<typeof companySearchResponseSchema>;
