import { z } from 'zod';
import { digitString, isoDate, isoDateTime, urlString } from './primitives';

/**
 * Org contact (spec 2.8): items of `GET /v1/contacts`, research results and webhook bodies.
 * The spec does not promise every field on every record, so all but the identity keys are optional.
 * Fields are grouped in spec order; that order is the column order of spreadsheets and n8n docs.
 */

const text = z.string().nullish();
const date = isoDate.nullish();
// An empty link is how a record says "none"; read it as such rather than failing the whole page.
const link = urlString.or(z.literal('')).nullish();

/** The address fields both location objects of spec 2.8 share, in the spec's order. */
const placeFields = {
  city: text,
  state: text,
  postCode: text,
  county: text,
  country: text,
  stateAbbr: text,
  countryAbbr: text,
  countryAlpha2: text,
  countryAlpha3: text,
  countryNumeric: z.int().nullish(),
  fullString: text,
};

/** Spec 2.8 contactLocation. */
export const contactLocationSchema = z.looseObject({
  ...placeFields,
  timezone: text,
  timezoneRawOffset: text,
  timezoneAbbr: text,
});
export type ContactLocation = z.infer<typeof contactLocationSchema>;

/** Spec 2.8 companyLocation (also the `location` of an org company). */
export const companyLocationSchema = z.looseObject({
  street1: text,
  street2: text,
  street3: text,
  ...placeFields,
});
export type CompanyLocation = z.infer<typeof companyLocationSchema>;

/** Item of jobHistory; the current job has no end, sent as null or left out (both are read). */
export const jobHistoryItemSchema = z.looseObject({
  companyName: text,
  title: text,
  startedAt: isoDateTime.nullish(),
  endedAt: isoDateTime.nullish(),
});
export type JobHistoryItem = z.infer<typeof jobHistoryItemSchema>;

/** Item of newsAndEvents. */
export const newsAndEventsItemSchema = z.looseObject({
  title: text,
  url: text,
  date: isoDateTime.nullish(),
  type: text,
});
export type NewsAndEventsItem = z.infer<typeof newsAndEventsItemSchema>;

// contactId is a digit string (DECISIONS) because campaign and email bodies take it as an integer.
const identity = {
  contactId: digitString,
  username: text,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  firstName: text,
  middleName: text,
  lastName: text,
  fullName: text,
  name: text,
  nameOriginal: text,
};

// TotalAI fields are percentage text, EmailAI a validity label (allowed values not shown, spec 2.10).
const email = {
  email: text,
  personalEmail: text,
  emailDomain: text,
  email1: text,
  email2: text,
  email3: text,
  email1Selected: z.boolean().nullish(),
  email1TotalAI: text,
  email2TotalAI: text,
  email3TotalAI: text,
  email1EmailAI: text,
  email2EmailAI: text,
  email3EmailAI: text,
};

// Exactly the spec's list: contactPhone2 has no TotalAI field there.
const phones = {
  contactPhone1: text,
  contactPhone2: text,
  contactPhone1TotalAI: text,
  contactPhone1DataType: text,
  contactPhone2DataType: text,
  companyPhone1: text,
  companyPhone2: text,
  companyPhone3: text,
  companyPhone1TotalAI: text,
  companyPhone1DataType: text,
  companyPhone2TotalAI: text,
  companyPhone2DataType: text,
  companyPhone3TotalAI: text,
  companyPhone3DataType: text,
};

// Founded, revenue and funding are text in the spec (year / numeric text); only staff count is an integer.
const company = {
  company: text,
  companyOriginal: text,
  companyDescription: text,
  companyFounded: text,
  companyIndustry: text,
  companyStaffCount: z.int().nullish(),
  companyStaffCountRange: text,
  companyAnnualRevenue: text,
  companyRevenueRange: text,
  companyDomain: text,
  companyLIProfileUrl: text,
  companyNetworkId: text,
  companyType: text,
  stockTicker: text,
  companyFundingTotal: text,
  companyLatestFundingDate: date,
  companyLatestFundingClassifications: z.array(z.string()).nullish(),
};

const person = {
  title: text,
  department: text,
  seniority: text,
  lIProfileUrl: text,
  lISalesNavUrl: text,
  lIRecruiterUrl: text,
  website: text,
  image: text,
};

const location = {
  contactLocation: contactLocationSchema.nullish(),
  companyLocation: companyLocationSchema.nullish(),
};

const history = {
  formerCompany: text,
  formerTitle: text,
  formerStartedAt: date,
  formerEndedAt: date,
  titleStartedAt: date,
  startedAtCurrentCompany: date,
  timeAtRole: text,
  timeAtCompany: text,
  jobChangeAlert: text,
  /** Request id of the research that produced this record (public reference). */
  apiResearchId: text,
  jobHistory: z.array(jobHistoryItemSchema).nullish(),
  newsAndEvents: z.array(newsAndEventsItemSchema).nullish(),
};

// Research links: "each a URL string". The last five are the spec's neutral names for branded fields.
const links = {
  advertisingIntelligence: link,
  companyNews: link,
  employeeReviews: link,
  jobPostings: link,
  localSportsTeams: link,
  localWeather: link,
  paidSearchIntelligence: link,
  paidSearchKeywordsIntelligence: link,
  searchMarketingIntelligence: link,
  secFilings: link,
  seoResearch: link,
  similarWebsites: link,
  socialMediaMentions: link,
  socialMediaPosts: link,
  socialPosts: link,
  websiteAudit: link,
  websiteAudit2: link,
  websiteGrader: link,
  webTechnologies: link,
  whois: link,
  trafficRankScore: link,
  financeLookup: link,
  webResearch: link,
  financeLookup2: link,
  encyclopediaUrl: link,
};

/** Field names per spec group, in order (for grouped docs; columns come from describeRecordFields). */
export const orgContactFieldGroups = {
  identity: Object.keys(identity),
  email: Object.keys(email),
  phones: Object.keys(phones),
  company: Object.keys(company),
  person: Object.keys(person),
  location: Object.keys(location),
  history: Object.keys(history),
  links: Object.keys(links),
} as const;

export const orgContactSchema = z.looseObject({
  ...identity,
  ...email,
  ...phones,
  ...company,
  ...person,
  ...location,
  ...history,
  ...links,
});
export type OrgContact = z.infer<typeof orgContactSchema>;
