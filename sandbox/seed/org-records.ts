/**
 * Builds the records research writes to an organization: the org contact of spec 2.8 (every field, values in
 * the published forms) and the org company of the published v1 description (DECISIONS: published shapes).
 * Derived deterministically from the universe entry.
 */
import { hash32, Rng } from '../rng';
import type { UniverseCompany, UniversePerson } from '../state/types';
import { linkedInUrls } from './universe';
import { EMAIL_LABELS, PHONE_TYPES } from './words';

/** The address fields both location objects of spec 2.8 share. */
function placeOf(l: UniverseCompany['location']) {
  return {
    city: l.city,
    state: l.state,
    postCode: l.postCode,
    county: l.county,
    country: l.country,
    stateAbbr: l.stateAbbr,
    countryAbbr: l.countryAbbr,
    countryAlpha2: l.countryAlpha2,
    countryAlpha3: l.countryAlpha3,
    countryNumeric: l.countryNumeric,
  };
}

function companyLocation(c: UniverseCompany) {
  const l = c.location;
  return { street1: c.street, street2: '', street3: '', ...placeOf(l), fullString: `${c.street}, ${l.city}, ${l.state} ${l.postCode}, ${l.country}` };
}

export function duration(fromYmd: string, now: number): string {
  const months = Math.max(0, Math.floor((now - Date.parse(fromYmd)) / (30.44 * 86_400_000)));
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return years > 0 ? `${years} yr${years > 1 ? 's' : ''} ${rest} mo` : `${rest} mo`;
}

function researchLinks(company: UniverseCompany, person: UniversePerson): Record<string, string> {
  const d = encodeURIComponent(company.domain);
  const n = encodeURIComponent(company.name);
  const city = encodeURIComponent(person.location.city);
  const base = 'https://research.example';
  return {
    advertisingIntelligence: `${base}/ads/${d}`,
    companyNews: `${base}/news?q=${n}`,
    employeeReviews: `${base}/reviews/${d}`,
    jobPostings: `${base}/jobs?company=${n}`,
    localSportsTeams: `${base}/sports?city=${city}`,
    localWeather: `${base}/weather?city=${city}`,
    paidSearchIntelligence: `${base}/ppc/${d}`,
    paidSearchKeywordsIntelligence: `${base}/ppc-keywords/${d}`,
    searchMarketingIntelligence: `${base}/sem/${d}`,
    secFilings: `${base}/filings?company=${n}`,
    seoResearch: `${base}/seo/${d}`,
    similarWebsites: `${base}/similar/${d}`,
    socialMediaMentions: `${base}/mentions?q=${n}`,
    socialMediaPosts: `${base}/posts?q=${n}`,
    socialPosts: `${base}/social?q=${encodeURIComponent(person.fullName)}`,
    websiteAudit: `${base}/audit/${d}`,
    websiteAudit2: `${base}/audit2/${d}`,
    websiteGrader: `${base}/grade/${d}`,
    webTechnologies: `${base}/tech/${d}`,
    whois: `${base}/whois/${d}`,
    trafficRankScore: `${base}/traffic/${d}`,
    financeLookup: `${base}/finance?q=${n}`,
    webResearch: `${base}/web?q=${encodeURIComponent(`${person.fullName} ${company.name}`)}`,
    financeLookup2: `${base}/finance2?q=${n}`,
    encyclopediaUrl: `${base}/wiki/${n}`,
  };
}

export interface ContactMeta {
  contactId: string;
  username: string;
  createdAt: number;
  updatedAt: number;
  apiResearchId: string;
}

/** The org contact of spec 2.8, every field filled. */
export function buildOrgContact(person: UniversePerson, company: UniverseCompany, meta: ContactMeta): Record<string, unknown> {
  const rng = new Rng(hash32(person.searchResultId));
  const pct = () => `${rng.int(55, 99)}%`;
  const links = linkedInUrls(person);
  const l = person.location;
  const emails = [
    person.email,
    `${person.firstName[0].toLowerCase()}${person.lastName.toLowerCase()}@${company.domain}`,
    `${person.firstName.toLowerCase()}@${company.domain}`,
  ];
  const now = meta.updatedAt;
  return {
    contactId: meta.contactId,
    username: meta.username,
    createdAt: new Date(meta.createdAt).toISOString(),
    updatedAt: new Date(meta.updatedAt).toISOString(),
    firstName: person.firstName,
    middleName: person.middleName,
    lastName: person.lastName,
    fullName: person.fullName,
    name: person.fullName,
    nameOriginal: [person.firstName, person.middleName, person.lastName].filter(Boolean).join(' '),
    email: person.email,
    personalEmail: person.personalEmail,
    emailDomain: company.domain,
    email1: emails[0],
    email2: emails[1],
    email3: emails[2],
    email1Selected: true,
    email1TotalAI: pct(),
    email2TotalAI: pct(),
    email3TotalAI: pct(),
    email1EmailAI: EMAIL_LABELS[0],
    email2EmailAI: rng.pick(EMAIL_LABELS),
    email3EmailAI: rng.pick(EMAIL_LABELS),
    contactPhone1: person.phones[0],
    contactPhone2: person.phones[1],
    contactPhone1TotalAI: pct(),
    contactPhone1DataType: 'Mobile',
    contactPhone2DataType: rng.pick(PHONE_TYPES),
    companyPhone1: company.phones[0],
    companyPhone2: company.phones[1],
    companyPhone3: company.phones[2],
    companyPhone1TotalAI: pct(),
    companyPhone2TotalAI: pct(),
    companyPhone3TotalAI: pct(),
    companyPhone1DataType: 'Landline',
    companyPhone2DataType: rng.pick(PHONE_TYPES),
    companyPhone3DataType: rng.pick(PHONE_TYPES),
    company: company.name,
    companyOriginal: company.name,
    companyDescription: company.description,
    companyFounded: company.foundedOn.slice(0, 4),
    companyIndustry: company.industries.join(', '),
    companyStaffCount: company.staffCount,
    companyStaffCountRange: company.staffCountRange,
    companyAnnualRevenue: String(company.annualRevenue),
    companyRevenueRange: company.revenueRange,
    companyDomain: company.domain,
    companyLIProfileUrl: `https://www.linkedin.com/company/${company.domain.split('.')[0]}`,
    companyNetworkId: company.networkId,
    companyType: company.type,
    stockTicker: company.stockTicker,
    companyFundingTotal: String(company.fundingTotal),
    companyLatestFundingDate: company.latestFundingDate,
    companyLatestFundingClassifications: company.fundingClassifications,
    title: person.title,
    department: person.department,
    seniority: person.seniority,
    lIProfileUrl: links.profile,
    lISalesNavUrl: links.salesNav,
    lIRecruiterUrl: links.recruiter,
    website: `https://www.${company.domain}`,
    image: `https://images.example/avatars/${person.liSlug}.png`,
    contactLocation: {
      ...placeOf(l),
      fullString: `${l.city}, ${l.state}, ${l.country}`,
      timezone: l.timezone,
      timezoneRawOffset: l.timezoneRawOffset,
      timezoneAbbr: l.timezoneAbbr,
    },
    companyLocation: companyLocation(company),
    formerCompany: person.formerCompany,
    formerTitle: person.formerTitle,
    formerStartedAt: person.formerStartedAt,
    formerEndedAt: person.formerEndedAt,
    titleStartedAt: person.titleStartedAt,
    startedAtCurrentCompany: person.startedAtCurrentCompany,
    timeAtRole: duration(person.titleStartedAt, now),
    timeAtCompany: duration(person.startedAtCurrentCompany, now),
    // Published: New Hire, New Promotion or null.
    jobChangeAlert: person.jobChangeAlert,
    apiResearchId: meta.apiResearchId,
    jobHistory: [
      // The current job has no end: the key is left out (published endedAt is a date-time, not nullable).
      { companyName: company.name, title: person.title, startedAt: `${person.titleStartedAt}T00:00:00.000Z` },
      ...(person.formerCompany
        ? [
            {
              companyName: person.formerCompany,
              title: person.formerTitle,
              startedAt: `${person.formerStartedAt}T00:00:00.000Z`,
              endedAt: `${person.formerEndedAt}T00:00:00.000Z`,
            },
          ]
        : []),
    ],
    newsAndEvents: company.news.map((n) => ({ ...n })),
    ...researchLinks(company, person),
  };
}

export interface CompanyMeta {
  companyId: string;
  createdAt: number;
  updatedAt: number;
  apiResearchId: string;
}

/** The company's research links under the published company record's names (`...Url`). */
function companyLinks(company: UniverseCompany): Record<string, string> {
  const d = encodeURIComponent(company.domain || company.name);
  const n = encodeURIComponent(company.name);
  const city = encodeURIComponent(company.location.city);
  const base = 'https://research.example';
  return {
    advertisingIntelligenceUrl: `${base}/ads/${d}`,
    alexaScoreUrl: `${base}/traffic/${d}`,
    employeeReviewsUrl: `${base}/reviews/${d}`,
    googleFinanceUrl: `${base}/finance?q=${n}`,
    googleResearchUrl: `${base}/web?q=${n}`,
    intelUrl: `${base}/intel/${d}`,
    jobPostingsUrl: `${base}/jobs?company=${n}`,
    localSportsTeamsUrl: `${base}/sports?city=${city}`,
    localWeatherUrl: `${base}/weather?city=${city}`,
    newsUrl: `${base}/news?q=${n}`,
    paidSearchIntelligenceUrl: `${base}/ppc/${d}`,
    paidSearchKeywordsIntelligenceUrl: `${base}/ppc-keywords/${d}`,
    searchMarketingIntelligenceUrl: `${base}/sem/${d}`,
    secFilingsUrl: `${base}/filings?company=${n}`,
    seoResearchUrl: `${base}/seo/${d}`,
    similarWebsitesUrl: `${base}/similar/${d}`,
    socialMediaMentionsUrl: `${base}/mentions?q=${n}`,
    socialMediaPostsUrl: `${base}/posts?q=${n}`,
    socialPostsUrl: `${base}/social?q=${n}`,
    webTechnologiesUrl: `${base}/tech/${d}`,
    websiteAuditUrl: `${base}/audit/${d}`,
    websiteAudit2Url: `${base}/audit2/${d}`,
    websiteGraderUrl: `${base}/grade/${d}`,
    whoisUrl: `${base}/whois/${d}`,
    wikipediaUrl: `${base}/wiki/${n}`,
    yahooFinanceUrl: `${base}/finance2?q=${n}`,
  };
}

/**
 * The org company with the published record's fields and types (`GET /companies 200`): staffCount, fundingTotal
 * and annualRevenue as text, industries, phones and topTechnologies as comma-separated text, companyType Public /
 * Private / null. `companyId` is not in the published record schema but is in its published poll example: kept.
 */
export function buildOrgCompany(company: UniverseCompany, meta: CompanyMeta): Record<string, unknown> {
  const rng = new Rng(hash32(company.searchResultId));
  const l = company.location;
  const li = `https://www.linkedin.com/company/${(company.domain || company.name)
    .split('.')[0]
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}`;
  return {
    companyId: meta.companyId,
    name: company.name,
    ...(company.domain ? { domain: company.domain } : {}),
    description: company.description,
    industries: company.industries.join(', '),
    sicCode: company.sicCode,
    foundedOn: company.foundedOn,
    staffCount: String(company.staffCount),
    staffCountRange: company.staffCountRange,
    annualRevenue: String(company.annualRevenue),
    revenueRange: company.revenueRange,
    companyType: company.type,
    stockTicker: company.stockTicker,
    phones: company.phones.join(', '),
    phonesAiScores: company.phones.map(() => `${rng.int(55, 99)}%`).join(', '),
    linkedInProfileUrl: li,
    linkedInId: company.networkId,
    topTechnologies: company.technologies.join(', '),
    fundingTotal: String(company.fundingTotal),
    latestFundingDate: company.latestFundingDate,
    latestFundingClassifications: [...company.fundingClassifications],
    newsAndEvents: company.news.map((n) => ({ ...n })),
    location: {
      street1: company.street,
      city: l.city,
      state: l.state,
      postCode: l.postCode,
      country: l.country,
      countryAbbr: l.countryAbbr,
      countryAlpha2: l.countryAlpha2,
      countryAlpha3: l.countryAlpha3,
      fullString: `${company.street}, ${l.city}, ${l.state} ${l.postCode}, ${l.country}`,
    },
    ...companyLinks(company),
    apiResearchId: meta.apiResearchId,
    createdAt: new Date(meta.createdAt).toISOString(),
    updatedAt: new Date(meta.updatedAt).toISOString(),
  };
}
