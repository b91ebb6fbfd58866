/**
 * The universe: the people and companies the service knows and searches. Generated from a seeded PRNG;
 * dates are anchored to the start of the current UTC day so the data is stable within a day and recent.
 */
import { hash32, Rng } from '../rng';
import type { Location, NewsItem, UniverseCompany, UniversePerson } from '../state/types';
import * as P from './published-values';
import * as W from './words';

export interface Universe {
  companies: UniverseCompany[];
  people: UniversePerson[];
  companyBySearchResultId: Map<string, UniverseCompany>;
  personBySearchResultId: Map<string, UniversePerson>;
  companyByDomain: Map<string, UniverseCompany>;
  companyByName: Map<string, UniverseCompany>;
  personByEmail: Map<string, UniversePerson>;
  personByLiSlug: Map<string, UniversePerson>;
}

const DAY = 86_400_000;

function ymd(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function location(place: W.Place): Location {
  const { phonePrefix: _phonePrefix, ...rest } = place;
  return { ...rest };
}

function phone(rng: Rng, place: W.Place): string {
  return `${place.phonePrefix} ${rng.int(200, 999)} ${rng.int(1000, 9999)}`;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A recent news item of a published type, dated within the last `maxDays`. */
function newsItem(rng: Rng, name: string, domain: string, anchor: number, maxDays: number): NewsItem {
  const type = rng.pick(P.NEWS_TYPES);
  const date = new Date(anchor - rng.int(1, maxDays) * DAY).toISOString();
  return { title: `${name}: ${type.toLowerCase()} news`, url: `https://news.example/${domain || 'company'}/${rng.hex(8)}`, date, type };
}

/** Company data drawn from `rng` around a given name and domain (the universe, and companies first researched by name). */
export function companyProfile(rng: Rng, index: number, name: string, domain: string, anchor: number): UniverseCompany {
  const sizeIdx = rng.int(0, P.COMPANY_SIZES.length - 1);
  const [minStaff, maxStaff] = P.COMPANY_SIZE_BOUNDS[sizeIdx];
  const revenueIdx = Math.max(0, Math.min(P.MONEY_RANGES.length - 1, sizeIdx + rng.int(-1, 1)));
  const [minRev, maxRev] = P.MONEY_BOUNDS[revenueIdx];
  const annualRevenue = Math.round(rng.int(Math.ceil(minRev / 1000), Math.floor(maxRev / 1000)) * 1000);
  const fundingTotal = rng.int(1, 5000) * 100_000;
  const place = rng.pick(W.PLACES);
  const industryIdx = rng.int(0, W.INDUSTRIES.length - 1);
  const industries = rng.chance(0.3) ? [W.INDUSTRIES[industryIdx], W.INDUSTRIES[(industryIdx + 1) % W.INDUSTRIES.length]] : [W.INDUSTRIES[industryIdx]];
  const roll = rng.next();
  const type = roll < 0.25 ? 'Public' : roll < 0.9 ? 'Private' : null;
  const technologies = new Set<string>();
  const techCount = rng.int(1, 4);
  while (technologies.size < techCount) technologies.add(rng.pick(W.TECHNOLOGIES));
  // Founding dates spread over every published founded range (a few within the last year).
  const foundedDaysAgo = rng.chance(0.15) ? rng.int(30, 4 * 365) : rng.int(4 * 365, 70 * 365);
  const latestClass = rng.int(0, P.FUNDING_CLASSIFICATIONS.length - 1);
  const news = Array.from({ length: rng.int(1, 3) }, () => newsItem(rng, name, domain, anchor, 400));
  news.sort((a, b) => b.date.localeCompare(a.date));
  const stem = name.split(' ')[0] ?? name;
  return {
    index,
    searchResultId: `cs_${rng.hex(16)}`,
    name,
    domain,
    industries,
    sicCode: W.SIC_CODES[industryIdx % W.SIC_CODES.length],
    description: `${name} builds ${industries[0].toLowerCase()} solutions for customers across ${place.country}.`,
    foundedOn: ymd(anchor - foundedDaysAgo * DAY),
    staffCount: rng.int(Math.max(1, minStaff), maxStaff),
    staffCountRange: P.COMPANY_SIZES[sizeIdx],
    annualRevenue,
    revenueRange: P.MONEY_RANGES[revenueIdx],
    type,
    stockTicker: type === 'Public' ? slug(stem).replace(/-/g, '').slice(0, 4).toUpperCase() || 'TICK' : null,
    fundingTotal,
    latestFundingDate: ymd(anchor - rng.int(10, 2000) * DAY),
    fundingClassifications: [P.FUNDING_CLASSIFICATIONS[latestClass], ...(latestClass > 0 ? [P.FUNDING_CLASSIFICATIONS[rng.int(0, latestClass - 1)]] : [])],
    technologies: [...technologies],
    networkId: String(rng.int(100000, 99999999)),
    phones: [phone(rng, place), phone(rng, place), phone(rng, place)],
    street: `${rng.int(1, 999)} ${rng.pick(W.STREETS)}`,
    location: location(place),
    news,
    updatedAt: anchor - rng.int(1, 365) * DAY,
  };
}

function makeCompany(rng: Rng, index: number, anchor: number, usedNames: Set<string>): UniverseCompany {
  let name = '';
  for (let attempt = 0; ; attempt++) {
    const base = `${rng.pick(W.COMPANY_PREFIXES)}${rng.pick(W.COMPANY_STEMS).toLowerCase()}`;
    name = attempt < 5 ? `${base} ${rng.pick(W.COMPANY_SUFFIXES)}` : `${base} ${index} ${rng.pick(W.COMPANY_SUFFIXES)}`;
    if (!usedNames.has(name.toLowerCase())) break;
  }
  usedNames.add(name.toLowerCase());
  const stem = name.split(' ').slice(0, -1).join('');
  const domain = `${slug(stem).replace(/-/g, '')}.${rng.pick(['com', 'io', 'co', 'net'])}`;
  return companyProfile(rng, index, name, domain, anchor);
}

/** The published jobChangeAlert of a person: a new company or a new title in the last 90 days. */
function jobChangeAlertOf(startedCompany: number, titleStarted: number, anchor: number): 'New Hire' | 'New Promotion' | null {
  if (anchor - startedCompany <= 90 * DAY) return 'New Hire';
  if (titleStarted > startedCompany && anchor - titleStarted <= 90 * DAY) return 'New Promotion';
  return null;
}

function makePerson(rng: Rng, index: number, company: UniverseCompany, anchor: number, companies: UniverseCompany[]): UniversePerson {
  const firstName = rng.pick(W.FIRST_NAMES);
  const middleName = rng.pick(W.MIDDLE_NAMES);
  const lastName = rng.pick(W.LAST_NAMES);
  const seniority = rng.pick(W.SENIORITIES);
  const department = rng.pick(W.DEPARTMENTS);
  const title = rng.pick(W.TITLES[seniority]).replace('{d}', department);
  const place = rng.chance(0.7) ? (W.PLACES.find((p) => p.city === company.location.city) ?? rng.pick(W.PLACES)) : rng.pick(W.PLACES);
  const local = `${slug(firstName)}.${slug(lastName)}`;
  // The index keeps e-mail addresses and profile slugs unique across namesakes.
  const email = `${local}${index}@${company.domain}`;
  // A share of people changed company or title recently, so the jobChanges filter and alert find some.
  const startedCompany = anchor - (rng.chance(0.1) ? rng.int(5, 400) : rng.int(90, 3000)) * DAY;
  const titleStarted = startedCompany + rng.int(0, Math.max(1, Math.floor((anchor - startedCompany) / DAY) - 30)) * DAY;
  const former = companies[(company.index + 1 + rng.int(0, companies.length - 2)) % companies.length];
  const formerEnded = startedCompany - rng.int(1, 60) * DAY;
  return {
    index,
    searchResultId: `ps_${rng.hex(16)}`,
    companyIndex: company.index,
    firstName,
    middleName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    title,
    department,
    seniority,
    email,
    personalEmail: `${local}${index}@${rng.pick(['mailbox.example', 'post.example', 'inbox.example'])}`,
    phones: [phone(rng, place), phone(rng, place)],
    liSlug: `${local.replace('.', '-')}-${rng.hex(6)}`,
    location: location(place),
    titleStartedAt: ymd(titleStarted),
    startedAtCurrentCompany: ymd(startedCompany),
    formerCompany: former === company ? '' : former.name,
    formerTitle: rng.pick(W.TITLES[rng.pick(W.SENIORITIES)]).replace('{d}', rng.pick(W.DEPARTMENTS)),
    formerStartedAt: ymd(formerEnded - rng.int(200, 2000) * DAY),
    formerEndedAt: ymd(formerEnded),
    jobChangeAlert: jobChangeAlertOf(startedCompany, titleStarted, anchor),
    updatedAt: anchor - rng.int(1, 365) * DAY,
  };
}

export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

export function generateUniverse(seed: number, numCompanies: number, numPeople: number, now: number): Universe {
  const rng = new Rng(seed);
  const anchor = startOfUtcDay(now);
  const usedNames = new Set<string>();
  const companies: UniverseCompany[] = [];
  for (let i = 0; i < numCompanies; i++) companies.push(makeCompany(rng, i, anchor, usedNames));
  const people: UniversePerson[] = [];
  for (let i = 0; i < numPeople; i++) people.push(makePerson(rng, i, companies[rng.int(0, companies.length - 1)], anchor, companies));
  const universe: Universe = {
    companies,
    people,
    companyBySearchResultId: new Map(companies.map((c) => [c.searchResultId, c])),
    personBySearchResultId: new Map(people.map((p) => [p.searchResultId, p])),
    companyByDomain: new Map(companies.map((c) => [c.domain, c])),
    companyByName: new Map(companies.map((c) => [c.name.toLowerCase(), c])),
    personByEmail: new Map(people.map((p) => [p.email, p])),
    personByLiSlug: new Map(people.map((p) => [p.liSlug, p])),
  };
  return universe;
}

export const linkedInUrls = (p: UniversePerson) => ({
  profile: `https://www.linkedin.com/in/${p.liSlug}`,
  salesNav: `https://www.linkedin.com/sales/lead/${p.liSlug}`,
  recruiter: `https://www.linkedin.com/talent/profile/${p.liSlug}`,
});

/**
 * Adds a company the service did not know to the universe (company research by name, issue 9): it gets the
 * next index and is found by search result id, domain and name from then on.
 */
export function registerCompany(universe: Universe, name: string, domain: string | null, now: number): UniverseCompany {
  const index = universe.companies.length;
  const company = companyProfile(new Rng(hash32(`company:${name.toLowerCase()}|${domain ?? ''}`)), index, name, domain ?? '', startOfUtcDay(now));
  universe.companies.push(company);
  universe.companyBySearchResultId.set(company.searchResultId, company);
  if (domain) universe.companyByDomain.set(domain, company);
  universe.companyByName.set(name.toLowerCase(), company);
  return company;
}
