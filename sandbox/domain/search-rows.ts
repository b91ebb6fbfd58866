/**
 * Search result rows with the fields of the published v1 description (`POST /search/contacts 200`: 50 fields,
 * `POST /search/companies 200`: 29 fields). Searches never reveal emails or phones; research does.
 */
import { duration } from '../seed/org-records';
import { linkedInUrls } from '../seed/universe';
import type { State } from '../state/store';
import type { UniverseCompany, UniversePerson } from '../state/types';

const iso = (ms: number) => new Date(ms).toISOString();
const companyLi = (c: UniverseCompany) =>
  `https://www.linkedin.com/company/${(c.domain || c.name)
    .split('.')[0]
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}`;
const news = (c: UniverseCompany) => c.news.map((n) => ({ ...n }));
const handle = (c: UniverseCompany) => encodeURIComponent((c.domain || c.name).split('.')[0].toLowerCase());

/** People per company (the company row's `numContacts`), counted once per universe size. */
const contactCounts = new WeakMap<State['universe'], { size: number; counts: number[] }>();

function numContacts(state: State, company: UniverseCompany): number {
  const u = state.universe;
  let entry = contactCounts.get(u);
  if (!entry || entry.size !== u.companies.length) {
    const counts = new Array<number>(u.companies.length).fill(0);
    for (const p of u.people) counts[p.companyIndex]++;
    entry = { size: u.companies.length, counts };
    contactCounts.set(u, entry);
  }
  return entry.counts[company.index] ?? 0;
}

export function contactRow(state: State, p: UniversePerson): Record<string, unknown> {
  const co = state.universe.companies[p.companyIndex];
  const li = linkedInUrls(p);
  const now = state.clock.now();
  const hasFormer = p.formerCompany !== '';
  const years = Math.floor((now - Date.parse(p.startedAtCurrentCompany)) / (365.25 * 86_400_000));
  return {
    searchResultId: p.searchResultId,
    name: p.fullName,
    firstName: p.firstName,
    middleName: p.middleName,
    lastName: p.lastName,
    title: p.title,
    department: p.department,
    seniority: p.seniority,
    company: co.name,
    domain: co.domain,
    companyDomainAlias: co.domain,
    city: p.location.city,
    state: p.location.state,
    country: p.location.country,
    timezone: p.location.timezone,
    companyCity: co.location.city,
    companyState: co.location.state,
    companyCountry: co.location.country,
    liUrl: li.profile,
    contactLIRecruiterUrl: li.recruiter,
    contactLISalesNavUrl: li.salesNav,
    contactXUrl: `https://x.com/${encodeURIComponent(p.liSlug)}`,
    contactFBUrl: `https://www.facebook.com/${encodeURIComponent(p.liSlug)}`,
    contactGURL: `https://search.example/?q=${encodeURIComponent(`${p.fullName} ${co.name}`)}`,
    companyLIProfileUrl: companyLi(co),
    companyXUrl: `https://x.com/${handle(co)}`,
    companyFBUrl: `https://www.facebook.com/${handle(co)}`,
    companyGRURL: `https://reviews.example/${handle(co)}`,
    sicCode: co.sicCode,
    industries: [...co.industries],
    startedAtCurrentCompany: p.startedAtCurrentCompany,
    titleStartedAt: p.titleStartedAt,
    timeAtRole: duration(p.titleStartedAt, now),
    timeAtCompany: duration(p.startedAtCurrentCompany, now),
    contactCurrentCompanyYears: String(Math.max(0, years)),
    companyFoundedOn: co.foundedOn,
    lastModifiedAt: iso(p.updatedAt),
    companyRevenue: co.revenueRange,
    employeeSizeRange: co.staffCountRange,
    newsAndEvents: news(co),
    companyFundingTotal: String(co.fundingTotal),
    companyLatestFundingDate: co.latestFundingDate,
    companyLatestFundingClassifications: [...co.fundingClassifications],
    jobChangeAlert: p.jobChangeAlert,
    formerCompany: hasFormer ? p.formerCompany : null,
    formerTitle: hasFormer ? p.formerTitle : null,
    formerStartedAt: hasFormer ? p.formerStartedAt : null,
    formerEndedAt: hasFormer ? p.formerEndedAt : null,
    companyType: co.type,
    stockTicker: co.stockTicker,
  };
}

export function companyRow(state: State, c: UniverseCompany): Record<string, unknown> {
  const l = c.location;
  return {
    searchResultId: c.searchResultId,
    name: c.name,
    street1: c.street,
    street2: '',
    street3: '',
    city: l.city,
    state: l.state,
    postCode: l.postCode,
    country: l.country,
    domain: c.domain,
    description: c.description,
    liUrl: companyLi(c),
    companyLIURL: companyLi(c),
    linkedInId: c.networkId,
    sicCode: c.sicCode,
    industries: [...c.industries],
    revenueRange: c.revenueRange,
    annualRevenue: String(c.annualRevenue),
    staffCountRange: c.staffCountRange,
    employeeCount: String(c.staffCount),
    numContacts: String(numContacts(state, c)),
    technologies: [...c.technologies],
    foundedOn: c.foundedOn,
    newsAndEvents: news(c),
    fundingTotal: String(c.fundingTotal),
    latestFundingDate: c.latestFundingDate,
    latestFundingClassifications: [...c.fundingClassifications],
    companyType: c.type,
    stockTicker: c.stockTicker,
  };
}
