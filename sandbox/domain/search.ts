/**
 * Contact and company search over the universe (public reference: search; the published v1 description's filters,
 * values and caps in search-filters.ts; rows in search-rows.ts). Free. Paging is by an opaque `nextToken` tied to
 * the filters, and on v2 also by `page`.
 */
import { HttpError } from '../errors';
import { hash32 } from '../rng';
import type { AuthedIdentity } from '../router';
import { foundedRangeOf, MONEY_BOUNDS, MONEY_RANGES } from '../seed/published-values';
import type { State } from '../state/store';
import type { Location, UniverseCompany, UniversePerson } from '../state/types';
import { bodyObject, int, isObj, onlyKeys, str, type Obj } from '../validate';
import { normDomain } from './research-input';
import { FILTERS, parseCriteria, type Criteria, type SearchKind } from './search-filters';
import { companyRow, contactRow } from './search-rows';

export { FILTERS, type SearchKind } from './search-filters';

/** v1 is the published base (limit, nextToken); v2 also takes page and savedSearchId (public reference). */
const PAGING: Record<'v1' | 'v2', string[]> = { v1: ['limit', 'nextToken'], v2: ['limit', 'page', 'nextToken', 'savedSearchId'] };
const DAY = 86_400_000;

export interface SearchPage<T> {
  rows: T[];
  supplementalData: { isMore: boolean; total: number; perPage: number; nextToken: string | null };
  page: number;
}

const lc = (s: string) => s.toLowerCase();

function anyContains(haystack: string, needles: string[]): boolean {
  const h = lc(haystack);
  return needles.some((n) => h.includes(lc(n)));
}

function companyNameMatches(c: UniverseCompany, names: string[], type: string): boolean {
  const name = lc(c.name);
  if (type === 'exact') return names.some((n) => lc(n.trim()) === name);
  if (type === 'related')
    return names.some((n) =>
      lc(n)
        .split(/\s+/)
        .filter((w) => w.length > 2)
        .some((w) => name.includes(w)),
    );
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

function withinDays(dateText: string, days: number, now: number): boolean {
  const t = Date.parse(dateText);
  return t <= now && now - t <= days * DAY;
}

function inMoneyRanges(value: number, ranges: string[]): boolean {
  return ranges.some((r) => {
    const [lo, hi] = MONEY_BOUNDS[MONEY_RANGES.indexOf(r as (typeof MONEY_RANGES)[number])];
    return value >= lo && (r === '$1B+' || value <= hi);
  });
}

function newsMatches(co: UniverseCompany, c: Criteria, now: number): boolean {
  const types = c.lists.get('newsTypes');
  const days = c.lists.get('newsTypeDates');
  if (!types && !days) return true;
  return co.news.some((n) => (!types || types.includes(n.type)) && (!days || withinDays(n.date, Number(days[0]), now)));
}

function companyMatches(co: UniverseCompany, c: Criteria, now: number): boolean {
  const L = c.lists;
  if (L.has('companyName') && !companyNameMatches(co, L.get('companyName')!, c.nameType)) return false;
  if (L.has('companyDomain') && !L.get('companyDomain')!.some((d) => normDomain(d) === co.domain)) return false;
  if (L.has('industry') && !L.get('industry')!.some((i) => co.industries.some((x) => lc(x) === lc(i)))) return false;
  if (L.has('companySize') && !L.get('companySize')!.includes(co.staffCountRange)) return false;
  if (L.has('companyRevenue') && !L.get('companyRevenue')!.includes(co.revenueRange)) return false;
  const techs = L.get('technologies');
  if (techs) {
    const has = (t: string) => co.technologies.some((x) => lc(x) === lc(t));
    if (c.technologiesIsOr ? !techs.some(has) : !techs.every(has)) return false;
  }
  if (c.companyType !== null && co.type !== c.companyType) return false;
  if (L.has('founded') && !L.get('founded')!.includes(foundedRangeOf(co.foundedOn, now))) return false;
  if (!newsMatches(co, c, now)) return false;
  if (L.has('fundingDates') && !withinDays(co.latestFundingDate, Number(L.get('fundingDates')![0]), now)) return false;
  if (L.has('fundingClasses') && !L.get('fundingClasses')!.includes(co.fundingClassifications[0])) return false;
  if (L.has('fundingTotals') && !inMoneyRanges(co.fundingTotal, L.get('fundingTotals')!)) return false;
  return true;
}

function jobChangeMatches(p: UniversePerson, jc: NonNullable<Criteria['jobChanges']>, now: number): boolean {
  const hired = withinDays(p.startedAtCurrentCompany, jc.days, now);
  const promoted = p.titleStartedAt > p.startedAtCurrentCompany && withinDays(p.titleStartedAt, jc.days, now);
  if (jc.changeType === 'New Hire') return hired;
  if (jc.changeType === 'New Promotion') return promoted;
  return hired || promoted;
}

function personMatches(p: UniversePerson, co: UniverseCompany, c: Criteria, now: number): boolean {
  if (!companyMatches(co, c, now)) return false;
  const L = c.lists;
  if (L.has('fullName') && !anyContains(p.fullName, L.get('fullName')!)) return false;
  if (L.has('department') && !L.get('department')!.includes(p.department)) return false;
  if (L.has('seniority') && !L.get('seniority')!.includes(p.seniority)) return false;
  if (L.has('jobTitle') && !anyContains(p.title, L.get('jobTitle')!)) return false;
  const keywordText = () => `${p.fullName} ${p.title} ${co.name} ${co.industries.join(' ')}`;
  if (L.has('contactKeyword') && !L.get('contactKeyword')!.some((k) => anyContains(keywordText(), [k]))) return false;
  if (c.jobChanges && !jobChangeMatches(p, c.jobChanges, now)) return false;
  // One former company per person in the universe, so the most recent departure is the only one.
  if (c.pastCompany && !(p.formerCompany !== '' && anyContains(p.formerCompany, c.pastCompany.names))) return false;
  const contactLoc = locationMatches(p.location, c, 'contactState', 'contactCountry', 'contactZipCode');
  const companyLoc = locationMatches(co.location, c, 'contactState', 'contactCountry', 'contactZipCode');
  const loc =
    c.locationType === 'bothOR'
      ? contactLoc || companyLoc
      : c.locationType === 'bothAND'
        ? contactLoc && companyLoc
        : c.locationType === 'company'
          ? companyLoc
          : contactLoc;
  if (!loc) return false;
  if (c.after !== null && p.updatedAt < c.after) return false;
  if (c.before !== null && p.updatedAt > c.before) return false;
  return true;
}

function companyOnlyMatches(co: UniverseCompany, c: Criteria, now: number): boolean {
  if (!companyMatches(co, c, now)) return false;
  if (!locationMatches(co.location, c, 'companyState', 'companyCountry', 'companyZipCode')) return false;
  const keywordText = () => `${co.name} ${co.industries.join(' ')} ${co.description}`;
  if (c.lists.has('companyKeyword') && !c.lists.get('companyKeyword')!.some((k) => anyContains(keywordText(), [k]))) return false;
  if (c.after !== null && co.updatedAt < c.after) return false;
  if (c.before !== null && co.updatedAt > c.before) return false;
  return true;
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

/** Runs a search for `who` on the v1 or v2 base; `raw` is the body (filters and paging). */
export function search(state: State, who: AuthedIdentity, kind: SearchKind, raw: unknown, version: 'v1' | 'v2' = 'v2'): SearchPage<unknown> {
  const body = bodyObject(raw, true);
  onlyKeys(body, [...FILTERS[kind], ...PAGING[version]]);
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
  const fingerprint = hash32(
    `${kind}|${JSON.stringify(
      Object.keys(filters)
        .sort()
        .map((k) => [k, filters[k]]),
    )}|${limit}`,
  );
  const offset = token !== undefined ? decodeToken(token, fingerprint) : ((pageArg ?? 1) - 1) * limit;

  const u = state.universe;
  const now = state.clock.now();
  const matched: number[] = [];
  if (kind === 'contacts') {
    for (const p of u.people) if (personMatches(p, u.companies[p.companyIndex], criteria, now)) matched.push(p.index);
  } else {
    for (const c of u.companies) if (companyOnlyMatches(c, criteria, now)) matched.push(c.index);
  }
  const slice = matched.slice(offset, offset + limit);
  const isMore = offset + limit < matched.length;
  const rows = kind === 'contacts' ? slice.map((i) => contactRow(state, u.people[i])) : slice.map((i) => companyRow(state, u.companies[i]));
  return {
    rows,
    page: Math.floor(offset / limit) + 1,
    supplementalData: { isMore, total: matched.length, perPage: limit, nextToken: isMore ? encodeToken(offset + limit, fingerprint) : null },
  };
}
