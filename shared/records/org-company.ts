import * as z from '../validation/zod';
import { looseDate, looseDateTime, looseLink, looseText, looseTextList } from './lenient';
import { companyLocationField, newsAndEventsList } from './org-contact';
import { companyPublishedNames, readPublishedNames } from './published-names';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Org company: items of `GET /v1/companies`, company research results and webhook bodies.
 * The spec does not show its fields; the published v1 description does, so the record holds every published
 * field. Fields named in DECISIONS keep their names (industry, founded, type, phone, liProfileUrl) and the
 * published names are read into them; branded links take the spec's neutral names (published-names.ts).
 * Read tolerantly (issue 15): nothing is required (the published record has no companyId) and odd values are kept.
 */
const text = looseText;
const link = looseLink;

const identity = {
  /** Not in the published record; some answers carry it (the published poll example does). */
  companyId: text,
  name: text,
  domain: text,
  description: text,
  /** Published `industries` (text). */
  industry: text,
  /** Text, as published ("750"); a number is read as its text. */
  staffCount: text,
  staffCountRange: text,
  annualRevenue: text,
  revenueRange: text,
  /** Published `foundedOn`: a date there, a year in older answers, so text. */
  founded: text,
  /** Published `companyType`: Public, Private or null. */
  type: text,
  stockTicker: text,
  /** Published `phones`. */
  phone: text,
  phonesAiScores: text,
  /** Published `linkedInProfileUrl`. */
  liProfileUrl: text,
  /** Spec neutral name (as companyNetworkId of 2.8); the published `linkedInId` is read into it. */
  companyNetworkId: text,
  sicCode: text,
  topTechnologies: text,
  location: companyLocationField,
};

const funding = {
  fundingTotal: text,
  latestFundingDate: looseDate,
  latestFundingClassifications: looseTextList,
  newsAndEvents: newsAndEventsList,
};

const meta = {
  /** Request id of the research that produced this record. */
  apiResearchId: text,
  createdAt: looseDateTime,
  updatedAt: looseDateTime,
};

// The published intelligence links, by their published names; the five branded ones under the spec's neutral names.
const links = {
  advertisingIntelligenceUrl: link,
  employeeReviewsUrl: link,
  intelUrl: link,
  jobPostingsUrl: link,
  localSportsTeamsUrl: link,
  localWeatherUrl: link,
  newsUrl: link,
  paidSearchIntelligenceUrl: link,
  paidSearchKeywordsIntelligenceUrl: link,
  searchMarketingIntelligenceUrl: link,
  secFilingsUrl: link,
  seoResearchUrl: link,
  similarWebsitesUrl: link,
  socialMediaMentionsUrl: link,
  socialMediaPostsUrl: link,
  socialPostsUrl: link,
  webTechnologiesUrl: link,
  websiteAuditUrl: link,
  websiteAudit2Url: link,
  websiteGraderUrl: link,
  whoisUrl: link,
  trafficRankScore: link,
  financeLookup: link,
  webResearch: link,
  financeLookup2: link,
  encyclopediaUrl: link,
};

const orgCompanyFields = /* @__PURE__ */ lazySchema(() => z.looseObject({ ...identity, ...funding, ...meta, ...links }));

export const orgCompanySchema = /* @__PURE__ */ lazySchema(() =>
  orgCompanyFields.check(z.overwrite(readPublishedNames(orgCompanyFields, companyPublishedNames))),
);
export type OrgCompany = z.output<typeof orgCompanySchema>;
