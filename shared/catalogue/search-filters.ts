/**
 * The search filters of the service's published v1 description (requests "POST /search/contacts" and
 * "POST /search/companies" of ../shared/spec/published-v1-schemas.json), as data: names, value sets and
 * per-filter caps (`maxItems`). The input schemas (search.ts), the n8n options and the Sheets filter form
 * are all built from these facts, so a value the service would refuse is refused before sending.
 */

export const companySizes = [
  '0 - 1 (Self-employed)',
  '2 - 10',
  '11 - 50',
  '51 - 200',
  '201 - 500',
  '501 - 1,000',
  '1,001 - 5,000',
  '5,001 - 10,000',
  '10,001+',
] as const;
export const moneyRanges = [
  '$0 - $100K',
  '$100K - $1M',
  '$1M - $5M',
  '$5M - $20M',
  '$20M - $50M',
  '$50M - $100M',
  '$100M - $500M',
  '$500M - $1B',
  '$1B+',
] as const;
export const departments = [
  'Sales',
  'Marketing',
  'Engineering',
  'Human Resources',
  'Finance',
  'IT',
  'Operations',
  'Support',
  'Legal',
  'Project Management',
  'Other',
] as const;
export const seniorities = ['C-Level', 'VP', 'Director', 'Manager', 'Senior', 'Entry Level', 'Mid-Level', 'Other'] as const;
export const foundedRanges = ['Less than 1 Year', 'Last 1-3 Years', 'Last 4-10 Years', '10+ Years'] as const;
export const newsTypes = [
  'Acquisition',
  'Corporate Challenges',
  'Cost Cutting',
  'Expansion',
  'Investment',
  'Leadership',
  'Partnership',
  'Recognition',
] as const;
export const newsTypeDates = ['60', '90', '180', '365'] as const;
export const fundingDates = ['90', '180', '365', '1095'] as const;
export const fundingClassifications = [
  'Angel',
  'Pre-Seed',
  'Seed',
  'Series A',
  'Series B',
  'Series C',
  'Series D',
  'Series E',
  'Series F',
  'Series G',
  'Series H',
  'Series I',
  'Series J',
  'Other',
] as const;
export const companyTypes = ['Public', 'Private'] as const;
export const companyNameSearchTypes = ['default', 'related', 'exact'] as const;
export const locationTypes = ['bothOR', 'bothAND', 'company', 'contact'] as const;
export const jobChangeTypes = ['New Hire', 'New Promotion', 'New Hire or New Promotion'] as const;
export const jobChangeDayRanges = ['Last 60 Days', 'Last 90 Days', 'Last 180 Days', 'Last 365 Days'] as const;

/** How one filter is given. */
export type FilterFact =
  /** Free text values (names, titles, places): an array, or one comma-separated text. */
  | { kind: 'textList'; max: number }
  /** Values from a published set. */
  | { kind: 'enumList'; values: readonly string[]; max: number }
  | { kind: 'enum'; values: readonly string[]; nullable?: boolean; default?: string }
  | { kind: 'boolean'; default?: boolean }
  | { kind: 'dateTime' }
  | { kind: 'jobChanges' }
  | { kind: 'pastCompany' };

const text = (max: number): FilterFact => ({ kind: 'textList', max });
const oneOf = (values: readonly string[], max: number): FilterFact => ({ kind: 'enumList', values, max });

/** Filters both searches share, under the same names. */
const common: Record<string, FilterFact> = {
  companyName: text(100),
  companyNameSearchType: { kind: 'enum', values: companyNameSearchTypes, default: 'default' },
  companyDomain: text(100),
  industry: text(5),
  companySize: oneOf(companySizes, 10),
  companyRevenue: oneOf(moneyRanges, 10),
  technologies: text(10),
  technologiesIsOr: { kind: 'boolean' },
  companyType: { kind: 'enum', values: companyTypes, nullable: true },
  newsTypes: oneOf(newsTypes, 8),
  newsTypeDates: oneOf(newsTypeDates, 1),
  // Not in the published company list; kept for companies as docs/DECISIONS.md ("Search filters") decided.
  lastModifiedAfter: { kind: 'dateTime' },
  lastModifiedBefore: { kind: 'dateTime' },
};

export const contactFilterFacts: Readonly<Record<string, FilterFact>> = {
  ...common,
  technologiesIsOr: { kind: 'boolean', default: true },
  fullName: text(10),
  contactState: text(10),
  contactCountry: text(10),
  contactZipCode: text(10),
  locationType: { kind: 'enum', values: locationTypes, default: 'bothOR' },
  department: oneOf(departments, 5),
  seniority: oneOf(seniorities, 5),
  jobTitle: text(10),
  contactKeyword: text(10),
  companyFoundedOn: oneOf(foundedRanges, 4),
  jobChanges: { kind: 'jobChanges' },
  pastCompany: { kind: 'pastCompany' },
  companyLatestFundingDates: oneOf(fundingDates, 1),
  companyLatestFundingClassifications: oneOf(fundingClassifications, 14),
  companyLatestFundingTotals: oneOf(moneyRanges, 9),
};

export const companyFilterFacts: Readonly<Record<string, FilterFact>> = {
  ...common,
  companyState: text(10),
  companyCountry: text(10),
  companyZipCode: text(10),
  companyKeyword: text(10),
  foundedOn: oneOf(foundedRanges, 4),
  latestFundingDates: oneOf(fundingDates, 1),
  latestFundingClassifications: oneOf(fundingClassifications, 14),
  latestFundingTotals: oneOf(moneyRanges, 9),
};

/** The most values a pastCompany filter takes (published: names minItems 1, maxItems 100). */
export const pastCompanyNamesMax = 100;

export type SearchTarget = 'contacts' | 'companies';

export const filterFacts: Readonly<Record<SearchTarget, Readonly<Record<string, FilterFact>>>> = {
  contacts: contactFilterFacts,
  companies: companyFilterFacts,
};

/** Filters whose values come from a published set, with their caps: what a form shows as pickers. */
export interface FilterChoice {
  name: string;
  values: readonly string[];
  /** Several values (a multi-select) or one. */
  multiple: boolean;
  max?: number;
  default?: string;
}

export function filterChoices(kind: SearchTarget): FilterChoice[] {
  const out: FilterChoice[] = [];
  for (const [name, fact] of Object.entries(filterFacts[kind])) {
    if (fact.kind === 'enumList') out.push({ name, values: fact.values, multiple: true, max: fact.max });
    if (fact.kind === 'enum') out.push({ name, values: fact.values, multiple: false, default: fact.default });
  }
  return out;
}
