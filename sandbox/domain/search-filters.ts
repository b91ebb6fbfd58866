/**
 * The search filters of the published v1 description (requests `POST /search/contacts` and `/search/companies`):
 * names, allowed values, per-filter caps and nullable fields. Parsed into one neutral Criteria for matching.
 */
import { HttpError } from '../errors';
import * as P from '../seed/published-values';
import { array, bool, isObj, itemString, onlyKeys, parseIsoDateTime, str, type Obj } from '../validate';

export type SearchKind = 'contacts' | 'companies';

interface ListFilter {
  max: number;
  values?: readonly string[];
  /** Neutral criteria name when the two searches name the same filter differently. */
  as?: string;
}

const enumList = (max: number, values: readonly string[], as?: string): ListFilter => ({ max, values, as });

const SHARED_LISTS: Record<string, ListFilter> = {
  companyName: { max: 100 },
  companyDomain: { max: 100 },
  industry: { max: 5 },
  companySize: enumList(10, P.COMPANY_SIZES),
  companyRevenue: enumList(10, P.MONEY_RANGES),
  technologies: { max: 10 },
  newsTypes: enumList(8, P.NEWS_TYPES),
  newsTypeDates: enumList(1, P.NEWS_TYPE_DATES),
};

/** List filters per search, with the published maxItems and enums. */
export const LIST_FILTERS: Record<SearchKind, Record<string, ListFilter>> = {
  contacts: {
    ...SHARED_LISTS,
    contactState: { max: 10 },
    contactCountry: { max: 10 },
    contactZipCode: { max: 10 },
    department: enumList(5, P.DEPARTMENTS),
    fullName: { max: 10 },
    contactKeyword: { max: 10 },
    jobTitle: { max: 10 },
    seniority: enumList(5, P.SENIORITIES),
    companyFoundedOn: enumList(4, P.FOUNDED_RANGES, 'founded'),
    companyLatestFundingDates: enumList(1, P.FUNDING_DATES, 'fundingDates'),
    companyLatestFundingClassifications: enumList(14, P.FUNDING_CLASSIFICATIONS, 'fundingClasses'),
    companyLatestFundingTotals: enumList(9, P.MONEY_RANGES, 'fundingTotals'),
  },
  companies: {
    ...SHARED_LISTS,
    companyState: { max: 10 },
    companyCountry: { max: 10 },
    companyZipCode: { max: 10 },
    companyKeyword: { max: 10 },
    foundedOn: enumList(4, P.FOUNDED_RANGES, 'founded'),
    latestFundingDates: enumList(1, P.FUNDING_DATES, 'fundingDates'),
    latestFundingClassifications: enumList(14, P.FUNDING_CLASSIFICATIONS, 'fundingClasses'),
    latestFundingTotals: enumList(9, P.MONEY_RANGES, 'fundingTotals'),
  },
};

// lastModifiedAfter / -Before are published for contacts only; companies keep them (DECISIONS: search, earlier).
const SCALARS = ['companyNameSearchType', 'technologiesIsOr', 'companyType', 'lastModifiedAfter', 'lastModifiedBefore'];

/** Every filter name each search takes (MCP schemas and saved searches use this too). */
export const FILTERS: Record<SearchKind, string[]> = {
  contacts: [...Object.keys(LIST_FILTERS.contacts), ...SCALARS, 'locationType', 'jobChanges', 'pastCompany'],
  companies: [...Object.keys(LIST_FILTERS.companies), ...SCALARS],
};

export interface Criteria {
  /** List filters by neutral name (only non-empty ones). */
  lists: Map<string, string[]>;
  nameType: string;
  locationType: string;
  technologiesIsOr: boolean;
  companyType: string | null;
  jobChanges: { changeType: string | null; days: number } | null;
  pastCompany: { names: string[]; onlyMostRecentDeparture: boolean } | null;
  after: number | null;
  before: number | null;
}

/** A published nullable field: `null` means "not set" (the spec's non-null rule yields to the published type here). */
function nullableStr(obj: Obj, key: string, values: readonly string[], path = 'body'): string | null {
  if (obj[key] === null || obj[key] === undefined) return null;
  return str(obj, key, { oneOf: values, path }) ?? null;
}

const enumItem =
  (name: string, values: readonly string[]) =>
  (v: unknown, path: string): string => {
    const s = itemString(v, path);
    if (!values.includes(s)) throw new HttpError(422, `${path}: "${s}" is not an allowed ${name} value (allowed: ${values.join(', ')})`);
    return s;
  };

function parseJobChanges(filters: Obj): Criteria['jobChanges'] {
  if (filters.jobChanges === null || filters.jobChanges === undefined) return null;
  if (!isObj(filters.jobChanges)) throw new HttpError(422, 'jobChanges: must be an object {changeType, dayRange} or null');
  const jc = filters.jobChanges;
  onlyKeys(jc, ['changeType', 'dayRange'], 'jobChanges');
  const changeType = nullableStr(jc, 'changeType', P.JOB_CHANGE_TYPES, 'jobChanges');
  const dayRange = nullableStr(jc, 'dayRange', P.JOB_CHANGE_DAY_RANGES, 'jobChanges');
  // No day range: the widest published one.
  return { changeType, days: dayRange ? Number(/\d+/.exec(dayRange)![0]) : 365 };
}

function parsePastCompany(filters: Obj): Criteria['pastCompany'] {
  if (filters.pastCompany === null || filters.pastCompany === undefined) return null;
  if (!isObj(filters.pastCompany)) throw new HttpError(422, 'pastCompany: must be an object {names, onlyMostRecentDeparture?} or null');
  const pc = filters.pastCompany;
  onlyKeys(pc, ['names', 'onlyMostRecentDeparture'], 'pastCompany');
  const names = array(pc, 'names', itemString, { required: true, min: 1, max: 100, path: 'pastCompany' });
  return { names, onlyMostRecentDeparture: bool(pc, 'onlyMostRecentDeparture', 'pastCompany') ?? false };
}

function date(filters: Obj, key: string): number | null {
  const v = str(filters, key);
  if (v === undefined) return null;
  const t = parseIsoDateTime(v);
  if (t === null) throw new HttpError(422, `${key}: must be an ISO 8601 date-time with time and zone (got "${v}")`);
  return t;
}

/** Validates the filters of one search (names already checked) and returns the criteria. */
export function parseCriteria(kind: SearchKind, filters: Obj): Criteria {
  const lists = new Map<string, string[]>();
  for (const [key, spec] of Object.entries(LIST_FILTERS[kind])) {
    const item = spec.values ? enumItem(key, spec.values) : itemString;
    const values = array(filters, key, item, { max: spec.max });
    if (values && values.length > 0) lists.set(spec.as ?? key, values);
  }
  const nameType = str(filters, 'companyNameSearchType', { oneOf: P.NAME_SEARCH_TYPES }) ?? 'default';
  // Published default: bothOR (the person's or the company's location matches).
  const locationType = kind === 'contacts' ? (str(filters, 'locationType', { oneOf: P.LOCATION_TYPES }) ?? 'bothOR') : 'company';
  return {
    lists,
    nameType,
    locationType,
    technologiesIsOr: bool(filters, 'technologiesIsOr') ?? true,
    companyType: nullableStr(filters, 'companyType', P.COMPANY_TYPES),
    jobChanges: kind === 'contacts' ? parseJobChanges(filters) : null,
    pastCompany: kind === 'contacts' ? parsePastCompany(filters) : null,
    after: date(filters, 'lastModifiedAfter'),
    before: date(filters, 'lastModifiedBefore'),
  };
}
