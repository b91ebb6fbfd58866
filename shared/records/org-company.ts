import * as z from '../validation/zod';
import { fieldsOf, looseDate, looseDateTime, looseLink, looseText, looseTextList } from './lenient';
import { companyLocationField, newsAndEventsList } from './org-contact';
import { companyPublishedNames, readPublishedNames } from './published-names';
import { lazySchema, lazyLooseObject } from '../validation/lazy-schema';

/**
 * Org company: items of `GET /v1/companies`, company research results and webhook bodies.
 * The spec does not show its fields; the published v1 description does, so the record holds every published
 * field. Fields named in DECISIONS keep their names (industry, founded, type, phone, liProfileUrl) and the
 * published names are read into them; branded links take the spec's neutral names (published-names.ts).
 * Read tolerantly (issue 15): nothing is required (the published record has no companyId) and odd values are kept.
 */
const text = looseText;
const link = looseLink;

// companyId is not in the published record; some answers carry it (the published poll example does). staffCount is
// text, as published ("750"); a number is read as its text. Published names read into the DECISIONS names:
// industries (text) into industry, foundedOn (a date there, a year in older answers, so text) into founded,
// companyType (Public, Private or null) into type, phones into phone, linkedInProfileUrl into liProfileUrl, and
// linkedInId into companyNetworkId, the spec's neutral name (as in 2.8).
const identity = {
  ...fieldsOf(
    text,
    'companyId name domain description industry staffCount staffCountRange annualRevenue revenueRange founded type',
    'stockTicker phone phonesAiScores liProfileUrl companyNetworkId sicCode topTechnologies',
  ),
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
const links = fieldsOf(
  link,
  'advertisingIntelligenceUrl employeeReviewsUrl intelUrl jobPostingsUrl localSportsTeamsUrl localWeatherUrl newsUrl',
  'paidSearchIntelligenceUrl paidSearchKeywordsIntelligenceUrl searchMarketingIntelligenceUrl secFilingsUrl seoResearchUrl',
  'similarWebsitesUrl socialMediaMentionsUrl socialMediaPostsUrl socialPostsUrl webTechnologiesUrl websiteAuditUrl',
  'websiteAudit2Url websiteGraderUrl whoisUrl trafficRankScore financeLookup webResearch financeLookup2 encyclopediaUrl',
);

const orgCompanyFields = /* @__PURE__ */ lazyLooseObject({ ...identity, ...funding, ...meta, ...links });

export const orgCompanySchema = /* @__PURE__ */ lazySchema(() =>
  orgCompanyFields.check(z.overwrite(readPublishedNames(orgCompanyFields, companyPublishedNames))),
);
export type OrgCompany = z.output<typeof orgCompanySchema>;
