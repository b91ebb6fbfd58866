/**
 * Allowed filter values and per-filter caps as the service's v1 description publishes them
 * (`published-v1-schemas.json`, requests). The universe draws its data from these values so every
 * published filter value can match something, and search validates against them.
 */

export const COMPANY_SIZES = [
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
/** Staff-count bounds of each published size range, in the same order. */
export const COMPANY_SIZE_BOUNDS: [number, number][] = [
  [0, 1],
  [2, 10],
  [11, 50],
  [51, 200],
  [201, 500],
  [501, 1000],
  [1001, 5000],
  [5001, 10000],
  [10001, 60000],
];

export const MONEY_RANGES = [
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
/** Dollar bounds of each published money range (revenue and funding totals share them). */
export const MONEY_BOUNDS: [number, number][] = [
  [0, 100e3],
  [100e3, 1e6],
  [1e6, 5e6],
  [5e6, 20e6],
  [20e6, 50e6],
  [50e6, 100e6],
  [100e6, 500e6],
  [500e6, 1e9],
  [1e9, 20e9],
];

export const DEPARTMENTS = [
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
export const SENIORITIES = ['C-Level', 'VP', 'Director', 'Manager', 'Senior', 'Entry Level', 'Mid-Level', 'Other'] as const;
export const FOUNDED_RANGES = ['Less than 1 Year', 'Last 1-3 Years', 'Last 4-10 Years', '10+ Years'] as const;
export const NEWS_TYPES = [
  'Acquisition',
  'Corporate Challenges',
  'Cost Cutting',
  'Expansion',
  'Investment',
  'Leadership',
  'Partnership',
  'Recognition',
] as const;
export const NEWS_TYPE_DATES = ['60', '90', '180', '365'] as const;
export const FUNDING_DATES = ['90', '180', '365', '1095'] as const;
export const FUNDING_CLASSIFICATIONS = [
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
export const COMPANY_TYPES = ['Public', 'Private'] as const;
export const JOB_CHANGE_TYPES = ['New Hire', 'New Promotion', 'New Hire or New Promotion'] as const;
export const JOB_CHANGE_DAY_RANGES = ['Last 60 Days', 'Last 90 Days', 'Last 180 Days', 'Last 365 Days'] as const;
export const LOCATION_TYPES = ['bothOR', 'bothAND', 'company', 'contact'] as const;
export const NAME_SEARCH_TYPES = ['default', 'related', 'exact'] as const;

/** Founded range of a founding date relative to `now` (published foundedOn / companyFoundedOn values). */
export function foundedRangeOf(foundedOn: string, now: number): (typeof FOUNDED_RANGES)[number] {
  const years = (now - Date.parse(foundedOn)) / (365.25 * 86_400_000);
  if (years < 1) return 'Less than 1 Year';
  if (years < 4) return 'Last 1-3 Years';
  if (years <= 10) return 'Last 4-10 Years';
  return '10+ Years';
}
