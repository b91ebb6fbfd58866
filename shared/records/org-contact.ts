import * as z from '../validation/zod';
import { looseBoolean, looseDate, looseDateTime, looseInt, looseLink, looseList, looseNested, looseText, looseTextList } from './lenient';
import { contactPublishedNames, readPublishedNames } from './published-names';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Org contact (spec 2.8): items of `GET /v1/contacts`, research results and webhook bodies.
 * Read tolerantly (issue 15): no field is required and an odd value is coerced or kept as sent (lenient.ts),
 * so a real answer never fails; the published names of renamed fields are read as the spec's (published-names.ts).
 * Fields are grouped in spec order; that order is the column order of spreadsheets and n8n docs.
 */

const text = looseText;
const date = looseDate;
const link = looseLink;

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
  countryNumeric: looseInt,
  fullString: text,
};

/** Spec 2.8 contactLocation. */
export const contactLocationSchema = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    ...placeFields,
    timezone: text,
    timezoneRawOffset: text,
    timezoneAbbr: text,
  }),
);
export type ContactLocation = z.output<typeof contactLocationSchema>;

/** Spec 2.8 companyLocation (also the `location` of an org company). */
export const companyLocationSchema = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    street1: text,
    street2: text,
    street3: text,
    ...placeFields,
  }),
);
export type CompanyLocation = z.output<typeof companyLocationSchema>;

/** A company location field as records read it: a non-object is kept as sent. */
export const companyLocationField = /* @__PURE__ */ lazySchema(() => looseNested(companyLocationSchema));

/** Item of jobHistory; the current job has no end, sent as null or left out (both are read). */
export const jobHistoryItemSchema = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    companyName: text,
    title: text,
    startedAt: looseDateTime,
    endedAt: looseDateTime,
  }),
);
export type JobHistoryItem = z.output<typeof jobHistoryItemSchema>;

/** Item of newsAndEvents. */
export const newsAndEventsItemSchema = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    title: text,
    url: text,
    date: looseDateTime,
    type: text,
  }),
);
export type NewsAndEventsItem = z.output<typeof newsAndEventsItemSchema>;

/** The newsAndEvents list of every record that has one; an odd value is kept as sent. */
export const newsAndEventsList = /* @__PURE__ */ lazySchema(() => looseList(newsAndEventsItemSchema));

// contactId is a digit string (DECISIONS) because campaign and email bodies take it as an integer; a number is
// read as its text. Not required: a record without it is still a paid result worth keeping.
const identity = {
  contactId: text,
  username: text,
  createdAt: looseDateTime,
  updatedAt: looseDateTime,
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
  email1Selected: looseBoolean,
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
  companyStaffCount: looseInt,
  companyStaffCountRange: text,
  companyAnnualRevenue: text,
  companyRevenueRange: text,
  companyDomain: text,
  companyLIProfileUrl: text,
  /** Spec neutral name; the published `companyLinkedInId` is read into it. */
  companyNetworkId: text,
  companyType: text,
  stockTicker: text,
  companyFundingTotal: text,
  companyLatestFundingDate: date,
  companyLatestFundingClassifications: looseTextList,
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
  contactLocation: lazySchema(() => looseNested(contactLocationSchema)),
  companyLocation: companyLocationField,
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
  jobHistory: lazySchema(() => looseList(jobHistoryItemSchema)),
  newsAndEvents: newsAndEventsList,
};

// Research links: "each a URL string". The last five are the spec's neutral names for branded fields; their
// published names (alexaScore, googleFinance, googleResearch, yahooFinance, wikipedia) are read into them.
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
  identity: /* @__PURE__ */ Object.keys(identity),
  email: /* @__PURE__ */ Object.keys(email),
  phones: /* @__PURE__ */ Object.keys(phones),
  company: /* @__PURE__ */ Object.keys(company),
  person: /* @__PURE__ */ Object.keys(person),
  location: /* @__PURE__ */ Object.keys(location),
  history: /* @__PURE__ */ Object.keys(history),
  links: /* @__PURE__ */ Object.keys(links),
} as const;

const orgContactFields = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    ...identity,
    ...email,
    ...phones,
    ...company,
    ...person,
    ...location,
    ...history,
    ...links,
  }),
);

export const orgContactSchema = /* @__PURE__ */ lazySchema(() =>
  orgContactFields.check(z.overwrite(readPublishedNames(orgContactFields, contactPublishedNames))),
);
export type OrgContact = z.output<typeof orgContactSchema>;
