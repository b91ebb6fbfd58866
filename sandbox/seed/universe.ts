/**
 * The universe: the people and companies the service knows and searches. Generated from a seeded PRNG;
 * dates are anchored to the start of the current UTC day so the data is stable within a day and recent.
 */
import { Rng } from '../rng';
import type { Location, UniverseCompany, UniversePerson } from '../state/types';
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
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
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
  const staff = rng.pick(W.STAFF_RANGES);
  const staffIdx = W.STAFF_RANGES.indexOf(staff);
  const revenue = W.REVENUE_RANGES[Math.max(0, Math.min(W.REVENUE_RANGES.length - 1, staffIdx + rng.int(-1, 1)))];
  const place = rng.pick(W.PLACES);
  const industry = rng.pick(W.INDUSTRIES);
  const type = rng.pick(W.COMPANY_TYPES);
  const techCount = rng.int(1, 4);
  const technologies = new Set<string>();
  while (technologies.size < techCount) technologies.add(rng.pick(W.TECHNOLOGIES));
  const classes = [W.FUNDING_CLASSES[rng.int(0, 2)], W.FUNDING_CLASSES[rng.int(3, 5)]];
  return {
    index,
    searchResultId: `cs_${rng.hex(16)}`,
    name,
    domain,
    industry,
    description: `${name} builds ${industry.toLowerCase()} solutions for customers across ${place.country}.`,
    founded: String(rng.int(1950, 2022)),
    staffCount: rng.int(staff.min, staff.max),
    staffCountRange: staff.range,
    annualRevenue: rng.int(revenue.min / 1000, revenue.max / 1000) * 1000,
    revenueRange: revenue.range,
    type,
    stockTicker: type === 'Public Company' ? slug(stem).replace(/-/g, '').slice(0, 4).toUpperCase() : '',
    fundingTotal: rng.int(1, 500) * 100_000,
    latestFundingDate: ymd(anchor - rng.int(30, 2000) * DAY),
    fundingClassifications: classes,
    technologies: [...technologies],
    networkId: String(rng.int(100000, 99999999)),
    phones: [phone(rng, place), phone(rng, place), phone(rng, place)],
    street: `${rng.int(1, 999)} ${rng.pick(W.STREETS)}`,
    location: location(place),
    updatedAt: anchor - rng.int(1, 365) * DAY,
  };
}

function makePerson(rng: Rng, index: number, company: UniverseCompany, anchor: number, companies: UniverseCompany[]): UniversePerson {
  const firstName = rng.pick(W.FIRST_NAMES);
  const middleName = rng.pick(W.MIDDLE_NAMES);
  const lastName = rng.pick(W.LAST_NAMES);
  const seniority = rng.pick(W.SENIORITIES);
  const department = rng.pick(W.DEPARTMENTS);
  const title = rng.pick(W.TITLES[seniority]).replace('{d}', department);
  const place = rng.chance(0.7) ? W.PLACES.find((p) => p.city === company.location.city) ?? rng.pick(W.PLACES) : rng.pick(W.PLACES);
  const local = `${slug(firstName)}.${slug(lastName)}`;
  // The index keeps e-mail addresses and profile slugs unique across namesakes.
  const email = `${local}${index}@${company.domain}`;
  const startedCompany = anchor - rng.int(90, 3000) * DAY;
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
