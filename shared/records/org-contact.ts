import * as z from '../validation/zod';
import { fieldsOf, looseBoolean, looseDate, looseDateTime, looseInt, looseLink, looseList, looseNested, looseText, looseTextList } from './lenient';
import { contactPublishedNames, readPublishedNames } from './published-names';
import { lazySchema, lazyLooseObject } from '../validation/lazy-schema';

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
  ...fieldsOf(text, 'city state postCode county country stateAbbr countryAbbr countryAlpha2 countryAlpha3'),
  countryNumeric: looseInt,
  fullString: text,
};

/** Spec 2.8 contactLocation. */
export const contactLocationSchema = /* @__PURE__ */ lazyLooseObject({
  ...placeFields,
  timezone: text,
  timezoneRawOffset: text,
  timezoneAbbr: text,
});
export type ContactLocation = z.output<typeof contactLocationSchema>;

/** Spec 2.8 companyLocation (also the `location` of an org company). */
export const companyLocationSchema = /* @__PURE__ */ lazyLooseObject({
  street1: text,
  street2: text,
  street3: text,
  ...placeFields,
});
export type CompanyLocation = z.output<typeof companyLocationSchema>;

/** A company location field as records read it: a non-object is kept as sent. */
export const companyLocationField = /* @__PURE__ */ lazySchema(() => looseNested(companyLocationSchema));

/** Item of jobHistory; the current job has no end, sent as null or left out (both are read). */
export const jobHistoryItemSchema = /* @__PURE__ */ lazyLooseObject({
  companyName: text,
  title: text,
  startedAt: looseDateTime,
  endedAt: looseDateTime,
});
export type JobHistoryItem = z.output<typeof jobHistoryItemSchema>;

/** Item of newsAndEvents. */
export const newsAndEventsItemSchema = /* @__PURE__ */ lazyLooseObject({
  title: text,
  url: text,
  date: looseDateTime,
  type: text,
});
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
  ...fieldsOf(text, 'firstName middleName lastName fullName name nameOriginal'),
};

// TotalAI fields are percentage text, EmailAI a validity label (allowed values not shown, spec 2.10).
const email = {
  ...fieldsOf(text, 'email personalEmail emailDomain email1 email2 email3'),
  email1Selected: looseBoolean,
  ...fieldsOf(text, 'email1TotalAI email2TotalAI email3TotalAI email1EmailAI email2EmailAI email3EmailAI'),
};

// Exactly the spec's list: contactPhone2 has no TotalAI field there.
const phones = fieldsOf(
  text,
  'contactPhone1 contactPhone2 contactPhone1TotalAI contactPhone1DataType contactPhone2DataType',
  'companyPhone1 companyPhone2 companyPhone3 companyPhone1TotalAI companyPhone1DataType companyPhone2TotalAI companyPhone2DataType',
  'companyPhone3TotalAI companyPhone3DataType',
);

// Founded, revenue and funding are text in the spec (year / numeric text); only staff count is an integer.
// companyNetworkId is the spec's neutral name; the published `companyLinkedInId` is read into it.
const company = {
  ...fieldsOf(text, 'company companyOriginal companyDescription companyFounded companyIndustry'),
  companyStaffCount: looseInt,
  ...fieldsOf(
    text,
    'companyStaffCountRange companyAnnualRevenue companyRevenueRange companyDomain companyLIProfileUrl companyNetworkId companyType',
    'stockTicker companyFundingTotal',
  ),
  companyLatestFundingDate: date,
  companyLatestFundingClassifications: looseTextList,
};

const person = fieldsOf(text, 'title department seniority lIProfileUrl lISalesNavUrl lIRecruiterUrl website image');

const location = {
  contactLocation: lazySchema(() => looseNested(contactLocationSchema)),
  companyLocation: companyLocationField,
};

// apiResearchId: the request id of the research that produced this record (public reference).
const history = {
  formerCompany: text,
  formerTitle: text,
  ...fieldsOf(date, 'formerStartedAt formerEndedAt titleStartedAt startedAtCurrentCompany'),
  ...fieldsOf(text, 'timeAtRole timeAtCompany jobChangeAlert apiResearchId'),
  jobHistory: lazySchema(() => looseList(jobHistoryItemSchema)),
  newsAndEvents: newsAndEventsList,
};

// Research links: "each a URL string". The last five are the spec's neutral names for branded fields; their
// published names (alexaScore, googleFinance, googleResearch, yahooFinance, wikipedia) are read into them.
const links = fieldsOf(
  link,
  'advertisingIntelligence companyNews employeeReviews jobPostings localSportsTeams localWeather paidSearchIntelligence',
  'paidSearchKeywordsIntelligence searchMarketingIntelligence secFilings seoResearch similarWebsites socialMediaMentions',
  'socialMediaPosts socialPosts websiteAudit websiteAudit2 websiteGrader webTechnologies whois trafficRankScore',
  'financeLookup webResearch financeLookup2 encyclopediaUrl',
);

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

const orgContactFields = /* @__PURE__ */ lazyLooseObject({
  ...identity,
  ...email,
  ...phones,
  ...company,
  ...person,
  ...location,
  ...history,
  ...links,
});

export const orgContactSchema = /* @__PURE__ */ lazySchema(() =>
  orgContactFields.check(z.overwrite(readPublishedNames(orgContactFields, contactPublishedNames))),
);
export type OrgContact = z.output<typeof orgContactSchema>;
