/**
 * Who a bulk email goes to (public reference "Bulk email": `filters`): the organization's saved contacts matching
 * every filter given; within one filter, any of its values. DECISIONS "Campaign steps, templates, drafts, bulk email".
 */
import { HttpError } from '../errors';
import { COMPANY_SIZES, DEPARTMENTS, MONEY_RANGES, SENIORITIES } from '../seed/published-values';
import type { State } from '../state/store';
import type { OrgContact } from '../state/types';
import { array, checkInt, isObj, onlyKeys, str, type Obj } from '../validate';

/** The sandbox's engagement statuses: whether the organization has sent the contact an email. */
export const ENGAGEMENT_STATUSES = ['not-emailed', 'emailed'];

export const FILTER_KEYS = [
  'contactIds',
  'lists',
  'campaignIds',
  'queryText',
  ...(['queryTextName', 'queryTextCompany', 'queryTextDomain', 'queryTextTitle', 'queryTextLocation'] as const),
  'industryFilters',
  'companyFilters',
  'seniorities',
  'departments',
  'prospectStatuses',
  'engagementStatuses',
  'employeeSizeFilters',
  'revenueFilters',
  'technologies',
] as const;

type Test = (c: OrgContact) => boolean;
const lower = (v: unknown) => String(v ?? '').toLowerCase();

function texts(f: Obj, key: string, oneOf?: readonly string[]): string[] | undefined {
  const values = array(
    f,
    key,
    (v, path) => {
      if (typeof v !== 'string' || v.trim() === '') throw new HttpError(422, `${path}: must be a non-empty string`);
      if (oneOf && !oneOf.includes(v)) throw new HttpError(422, `${path}: must be one of ${oneOf.join(', ')} (got "${v}")`);
      return v.trim();
    },
    { path: 'filters', max: 500 },
  );
  return values && values.length > 0 ? values : undefined;
}

/** Resolves `filters` to contacts of the caller's organization, or explains which filter value names nothing. */
export function resolveRecipients(state: State, orgId: string, userId: string, raw: unknown): OrgContact[] {
  if (!isObj(raw)) throw new HttpError(422, 'filters: required; an object of filters such as {"lists": [12]}');
  onlyKeys(raw, FILTER_KEYS, 'filters');
  const records = state.orgContacts.get(orgId)!;
  const emailed = new Set([...state.emails.values()].filter((e) => e.orgId === orgId && e.status !== 'draft').map((e) => e.contactId));
  const tests: Test[] = [];

  const ids = array(raw, 'contactIds', (v, path) => checkInt(v, path, { min: 1 }), { path: 'filters', max: 500 });
  ids?.forEach((id, i) => {
    if (!records.byId.has(String(id))) throw new HttpError(422, `filters.contactIds[${i}]: no contact ${id} in this organization`);
  });
  if (ids?.length) tests.push((c) => ids.includes(Number(c.contactId)));

  const lists = array(raw, 'lists', (v, path) => checkInt(v, path, { min: 1 }), { path: 'filters', max: 500 });
  if (lists?.length) {
    const members = new Set<string>();
    lists.forEach((id, i) => {
      const list = state.lists.get(String(id));
      // Lists are the user's own (as GET /lists/{id}): another user's list names nothing here.
      if (!list || list.userId !== userId) throw new HttpError(422, `filters.lists[${i}]: no list ${id} of this user`);
      list.contactIds.forEach((c) => members.add(c));
    });
    tests.push((c) => members.has(c.contactId));
  }

  const campaigns = array(raw, 'campaignIds', (v, path) => checkCampaignId(v, path), { path: 'filters', max: 500 });
  if (campaigns?.length) {
    const enrolled = new Set<string>();
    campaigns.forEach((id, i) => {
      const c = state.campaigns.get(id);
      if (!c || c.orgId !== orgId) throw new HttpError(422, `filters.campaignIds[${i}]: no campaign ${id} in this organization`);
      c.contacts.forEach((_v, contactId) => enrolled.add(contactId));
    });
    tests.push((c) => enrolled.has(c.contactId));
  }

  const query = str(raw, 'queryText', { allowEmpty: true, max: 255, path: 'filters' })?.trim().toLowerCase();
  if (query) tests.push((c) => [c.fullName, c.email, c.company, c.title].some((v) => lower(v).includes(query)));
  // One field each, as the service's integration offers them (DECISIONS "The service's own client").
  const FIELDS_OF: Record<string, (c: OrgContact) => unknown[]> = {
    queryTextName: (c) => [c.fullName],
    queryTextCompany: (c) => [c.company],
    queryTextDomain: (c) => [c.companyDomain, c.emailDomain],
    queryTextTitle: (c) => [c.title],
    queryTextLocation: (c) => [JSON.stringify(c.contactLocation ?? '')],
  };
  for (const [key, fields] of Object.entries(FIELDS_OF)) {
    const text = str(raw, key, { allowEmpty: true, max: 255, path: 'filters' })?.trim().toLowerCase();
    if (text) tests.push((c) => fields(c).some((v) => lower(v).includes(text)));
  }

  const any = (values: string[] | undefined, read: (c: OrgContact) => unknown, exact = true) => {
    if (!values) return;
    const wanted = values.map((v) => v.toLowerCase());
    tests.push((c) => wanted.some((w) => (exact ? lower(read(c)) === w : lower(read(c)).includes(w))));
  };
  any(texts(raw, 'industryFilters'), (c) => c.companyIndustry, false);
  const companies = texts(raw, 'companyFilters');
  if (companies) {
    const wanted = companies.map((v) => v.toLowerCase());
    tests.push((c) => wanted.some((w) => lower(c.company) === w || lower(c.companyDomain) === w));
  }
  any(texts(raw, 'seniorities', SENIORITIES), (c) => c.seniority);
  any(texts(raw, 'departments', DEPARTMENTS), (c) => c.department);
  const statusNames = (state.contactStatuses.get(orgId) ?? []).map((s) => s.name);
  // A saved contact has the status the organization set, else the first one (new).
  any(texts(raw, 'prospectStatuses', statusNames), (c) => c.prospectStatus ?? statusNames[0]);
  any(texts(raw, 'engagementStatuses', ENGAGEMENT_STATUSES), (c) => (emailed.has(c.contactId) ? 'emailed' : 'not-emailed'));
  any(texts(raw, 'employeeSizeFilters', COMPANY_SIZES), (c) => c.companyStaffCountRange);
  any(texts(raw, 'revenueFilters', MONEY_RANGES), (c) => c.companyRevenueRange);
  const technologies = texts(raw, 'technologies');
  if (technologies) {
    const wanted = technologies.map((v) => v.toLowerCase());
    tests.push((c) => {
      const person = state.universe.people[c.personIndex];
      const company = person ? state.universe.companies[person.companyIndex] : undefined;
      return (company?.technologies ?? []).some((t) => wanted.includes(t.toLowerCase()));
    });
  }

  // An empty filter would match every saved contact: never what a bulk send means.
  if (tests.length === 0) throw new HttpError(422, 'filters: give at least one filter (contactIds, lists, campaignIds, queryText ...)');
  return [...records.byId.values()].filter((c) => tests.every((t) => t(c)));
}

function checkCampaignId(v: unknown, path: string): string {
  if ((typeof v === 'string' && /^[A-Za-z0-9_.:~-]{1,128}$/.test(v)) || (typeof v === 'number' && Number.isInteger(v) && v > 0)) return String(v);
  throw new HttpError(422, `${path}: must be a campaign id`);
}
