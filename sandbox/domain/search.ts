/**
 * Contact and company search over the universe (public reference: search; DECISIONS: search). Free.
 * Filters are validated strictly; paging is by `page` or an opaque `nextToken` tied to the filters.
 */
import { HttpError } from '../errors';
import { hash32 } from '../rng';
import type { AuthedIdentity } from '../router';
import { SENIORITIES, REVENUE_RANGES, STAFF_RANGES } from '../seed/words';
import type { State } from '../state/store';
import type { Location, UniverseCompany, UniversePerson } from '../state/types';
import { array, bodyObject, int, isObj, itemString, onlyKeys, parseIsoDateTime, str, type Obj } from '../validate';
import { normDomain } from './research-input';

export type SearchKind = 'contacts' | 'companies';

const COMMON = ['companyName', 'companyNameSearchType', 'companyDomain', 'industry', 'companySize', 'companyRevenue', 'technologies', 'lastModifiedAfter', 'lastModifiedBefore'];
export const FILTERS: Record<SearchKind, string[]> = {
  contacts: [...COMMON, 'fullName', 'contactState', 'contactCountry', 'contactZipCode', 'locationType', 'department', 'seniority', 'jobTitle', 'contactKeyword'],
  companies: [...COMMON, 'companyState', 'companyCountry', 'companyZipCode', 'companyKeyword'],
};
const PAGING = ['limit', 'page', 'nextToken', 'savedSearchId'];
const MAX_FIVE = ['department', 'industry'];

interface Criteria {
  lists: Map<string, string[]>;
  nameType: string;
  locationType: string;
  after: number | null;
  before: number | null;
}

export interface SearchPage<T> {
  rows: T[];
  supplementalData: { isMore: boolean; total: number; perPage: number; nextToken: string | null };
  page: number;
}

const lc = (s: string) => s.toLowerCase();

function parseCriteria(kind: SearchKind, filters: Obj): Criteria {
  const lists = new Map<string, string[]>();
  for (const key of FILTERS[kind]) {
    if (['companyNameSearchType', 'locationType', 'lastModifiedAfter', 'lastModifiedBefore'].includes(key)) continue;
    const values = array(filters, key, itemString, { max: MAX_FIVE.includes(key) ? 5 : 100 });
    if (values && values.length > 0) lists.set(key, values);
  }
  for (const s of lists.get('seniority') ?? []) if (!(SENIORITIES as readonly string[]).includes(s)) throw new HttpError(422, `seniority: "${s}" is not one of ${SENIORITIES.join(', ')}`);
  for (const s of lists.get('companySize') ?? []) if (!STAFF_RANGES.some((r) => r.range === s)) throw new HttpError(422, `companySize: "${s}" is not one of ${STAFF_RANGES.map((r) => r.range).join(', ')}`);
  for (const s of lists.get('companyRevenue') ?? []) if (!REVENUE_RANGES.some((r) => r.range === s)) throw new HttpError(422, `companyRevenue: "${s}" is not one of ${REVENUE_RANGES.map((r) => r.range).join(', ')}`);
  const nameType = str(filters, 'companyNameSearchType', { oneOf: ['default', 'related', 'exact'] }) ?? 'default';
  const locationType = kind === 'contacts' ? str(filters, 'locationType', { oneOf: ['bothOR', 'bothAND', 'company', 'contact'] }) ?? 'contact' : 'company';
  const date = (key: string) => {
    const v = str(filters, key);
    if (v === undefined) return null;
    const t = parseIsoDateTime(v);
    if (t === null) throw new HttpError(422, `${key}: must be an ISO 8601 date-time with time and zone (got "${v}")`);
    return t;
  };
  return { lists, nameType, locationType, after: date('lastModifiedAfter'), before: date('lastModifiedBefore') };
}

function anyContains(haystack: string, needles: string[]): boolean {
  const h = lc(haystack);
  return needles.some((n) => h.includes(lc(n)));
}

function companyNameMatches(c: UniverseCompany, names: string[], type: string): boolean {
  const name = lc(c.name);
  if (type === 'exact') return names.some((n) => lc(n.trim()) === name);
  if (type === 'related') return names.some((n) => lc(n).split(/\s+/).filter((w) => w.length > 2).some((w) => name.includes(w)));
  return anyContains(c.name, names);
}

function locationMatches(l: Location, c: Criteria, state: string, country: string, zip: string): boolean {
  const states = c.lists.get(state);
  if (states && !states.some((s) => lc(s) === lc(l.state) || lc(s) === lc(l.stateAbbr))) return false;
  const countries = c.lists.get(country);
  if (countries && !countries.some((s) => [l.country, l.countryAlpha2, l.countryAlpha3, l.countryAbbr].some((x) => lc(x) === lc(s)))) return false;
  const zips = c.lists.get(zip);
  if (zips && !zips.some((z) => lc(l.postCode).startsWith(lc(z)))) return false;
  return true;
}

function companyMatches(co: UniverseCompany, c: Criteria): boolean {
  const L = c.lists;
  if (L.has('companyName') && !companyNameMatches(co, L.get('companyName')!, c.nameType)) return false;
  if (L.has('companyDomain') && !L.get('companyDomain')!.some((d) => normDomain(d) === co.domain)) return false;
  if (L.has('industry') && !L.get('industry')!.some((i) => lc(i) === lc(co.industry))) return false;
  if (L.has('companySize') && !L.get('companySize')!.includes(co.staffCountRange)) return false;
  if (L.has('companyRevenue') && !L.get('companyRevenue')!.includes(co.revenueRange)) return false;
  if (L.has('technologies') && !L.get('technologies')!.some((t) => co.technologies.some((x) => lc(x) === lc(t)))) return false;
  return true;
}

function personMatches(p: UniversePerson, co: UniverseCompany, c: Criteria): boolean {
  if (!companyMatches(co, c)) return false;
  const L = c.lists;
  if (L.has('fullName') && !anyContains(p.fullName, L.get('fullName')!)) return false;
  if (L.has('department') && !L.get('department')!.some((d) => lc(d) === lc(p.department))) return false;
  if (L.has('seniority') && !L.get('seniority')!.includes(p.seniority)) return false;
  if (L.has('jobTitle') && !anyContains(p.title, L.get('jobTitle')!)) return false;
  if (L.has('contactKeyword') && !L.get('contactKeyword')!.some((k) => anyContains(`${p.fullName} ${p.title} ${co.name} ${co.industry}`, [k]))) return false;
  const contactLoc = locationMatches(p.location, c, 'contactState', 'contactCountry', 'contactZipCode');
  const companyLoc = locationMatches(co.location, c, 'contactState', 'contactCountry', 'contactZipCode');
  const loc = c.locationType === 'bothOR' ? contactLoc || companyLoc : c.locationType === 'bothAND' ? contactLoc && companyLoc : c.locationType === 'company' ? companyLoc : contactLoc;
  if (!loc) return false;
  if (c.after !== null && p.updatedAt < c.after) return false;
  if (c.before !== null && p.updatedAt > c.before) return false;
  return true;
}

function companyOnlyMatches(co: UniverseCompany, c: Criteria): boolean {
  if (!companyMatches(co, c)) return false;
  if (!locationMatches(co.location, c, 'companyState', 'companyCountry', 'companyZipCode')) return false;
  if (c.lists.has('companyKeyword') && !c.lists.get('companyKeyword')!.some((k) => anyContains(`${co.name} ${co.industry} ${co.description}`, [k]))) return false;
  if (c.after !== null && co.updatedAt < c.after) return false;
  if (c.before !== null && co.updatedAt > c.before) return false;
  return true;
}

const place = (l: Location) => ({ city: l.city, state: l.state, country: l.country, fullString: `${l.city}, ${l.state}, ${l.country}` });

export function contactRow(state: State, p: UniversePerson) {
  const co = state.universe.companies[p.companyIndex];
  return { searchResultId: p.searchResultId, firstName: p.firstName, lastName: p.lastName, fullName: p.fullName, title: p.title, department: p.department, seniority: p.seniority, company: co.name, companyDomain: co.domain, contactLocation: place(p.location) };
}

export function companyRow(c: UniverseCompany) {
  return { searchResultId: c.searchResultId, name: c.name, domain: c.domain, industry: c.industry, staffCountRange: c.staffCountRange, revenueRange: c.revenueRange, location: place(c.location) };
}

function encodeToken(offset: number, fingerprint: number): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint })).toString('base64url');
}

function decodeToken(token: string, fingerprint: number): number {
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o: unknown; f: unknown };
    if (typeof v.o === 'number' && Number.isInteger(v.o) && v.o >= 0 && v.f === fingerprint) return v.o;
  } catch {
    // fall through
  }
  throw new HttpError(422, 'nextToken: not a token issued for this search (filters must stay the same between pages)');
}

/** Runs a search for `who`; `raw` is the body (filters and paging). */
export function search(state: State, who: AuthedIdentity, kind: SearchKind, raw: unknown): SearchPage<unknown> {
  const body = bodyObject(raw, true);
  onlyKeys(body, [...FILTERS[kind], ...PAGING]);
  const limit = int(body, 'limit', { min: 1, max: state.config.limits.searchLimitMax }) ?? 50;
  const pageArg = int(body, 'page', { min: 1 });
  const token = body.nextToken === null ? undefined : str(body, 'nextToken');
  if (pageArg !== undefined && token !== undefined) throw new HttpError(422, 'page, nextToken: send one of them, not both');
  let filters: Obj = {};
  const savedId = str(body, 'savedSearchId');
  if (savedId !== undefined) {
    const saved = state.savedSearches.get(savedId);
    if (!saved || saved.userId !== who.user.id) throw new HttpError(404, `savedSearchId: no saved search ${savedId} for this user`);
    if (saved.type !== kind) throw new HttpError(422, `savedSearchId: saved search ${savedId} is of type ${saved.type}, not ${kind}`);
    filters = isObj(saved.values) ? { ...saved.values } : {};
    for (const key of Object.keys(filters)) if (!FILTERS[kind].includes(key)) delete filters[key];
  }
  for (const key of FILTERS[kind]) if (body[key] !== undefined) filters[key] = body[key];
  const criteria = parseCriteria(kind, filters);
  const fingerprint = hash32(`${kind}|${JSON.stringify(Object.keys(filters).sort().map((k) => [k, filters[k]]))}|${limit}`);
  const offset = token !== undefined ? decodeToken(token, fingerprint) : ((pageArg ?? 1) - 1) * limit;

  const u = state.universe;
  const matched: number[] = [];
  if (kind === 'contacts') {
    for (const p of u.people) if (personMatches(p, u.companies[p.companyIndex], criteria)) matched.push(p.index);
  } else {
    for (const c of u.companies) if (companyOnlyMatches(c, criteria)) matched.push(c.index);
  }
  const slice = matched.slice(offset, offset + limit);
  const isMore = offset + limit < matched.length;
  const rows = kind === 'contacts' ? slice.map((i) => contactRow(state, u.people[i])) : slice.map((i) => companyRow(u.companies[i]));
  return { rows, page: Math.floor(offset / limit) + 1, supplementalData: { isMore, total: matched.length, perPage: limit, nextToken: isMore ? encodeToken(offset + limit, fingerprint) : null } };
}
