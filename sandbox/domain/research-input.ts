/**
 * Validation of research request bodies (public reference: research) and resolution of each item to a
 * person or company the service knows. Shared by REST and MCP.
 */
import { HttpError } from '../errors';
import type { State } from '../state/store';
import type { UniversePerson } from '../state/types';
import { array, bodyObject, bool, isEmail, isHttpUrl, isObj, itemString, onlyKeys, type Obj } from '../validate';

export interface ResolvedItem {
  searchResultId: string | null;
  /** Universe index, -1 when nothing matches; for companies `domainOnlyUnknown` marks the error case. */
  index: number;
  domainOnlyUnknown?: string;
  /** A named company the service does not know yet: research creates it (issue 9; DECISIONS: research). */
  create?: { name: string; domain: string | null };
  input: unknown;
}

export interface ResearchBody {
  items: ResolvedItem[];
  skipDedupe: boolean;
  isJobChange: boolean;
}

const CONTACT_ITEM_KEYS = ['contactName', 'companyName', 'title', 'domain', 'email', 'liProfileUrl', 'liSalesNavUrl', 'liRecruiterUrl'];
const CONTACT_COMBOS = 'one of contactName+companyName (+title), contactName+domain, email, liProfileUrl, liSalesNavUrl, liRecruiterUrl';

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

export function normDomain(s: string): string {
  return s
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/.*$/, '');
}

function stem(companyName: string): string {
  return norm(companyName)
    .replace(/\b(inc|llc|ltd|gmbh|corp|group|systems|technologies)\.?$/, '')
    .trim();
}

let nameIndexFor: State['universe'] | null = null;
let nameIndex = new Map<string, UniversePerson[]>();

function peopleNamed(state: State, name: string): UniversePerson[] {
  if (nameIndexFor !== state.universe) {
    nameIndex = new Map();
    for (const p of state.universe.people) {
      for (const key of [norm(p.fullName), norm(`${p.firstName} ${p.middleName} ${p.lastName}`)]) {
        const list = nameIndex.get(key) ?? [];
        if (!list.includes(p)) list.push(p);
        nameIndex.set(key, list);
      }
    }
    nameIndexFor = state.universe;
  }
  return nameIndex.get(norm(name)) ?? [];
}

function slugFromUrl(url: string): string {
  const parts = new URL(url).pathname.split('/').filter(Boolean);
  return parts[parts.length - 1] ?? '';
}

function validateContactItem(v: unknown, path: string): Obj {
  if (!isObj(v)) throw new HttpError(422, `${path}: must be an object with ${CONTACT_COMBOS}`);
  onlyKeys(v, CONTACT_ITEM_KEYS, path);
  for (const key of Object.keys(v)) {
    if (v[key] !== undefined && (typeof v[key] !== 'string' || (v[key] as string).trim() === '')) {
      throw new HttpError(422, `${path}.${key}: must be a non-empty string`);
    }
  }
  const has = (k: string) => typeof v[k] === 'string';
  const ok =
    (has('contactName') && (has('companyName') || has('domain'))) || has('email') || has('liProfileUrl') || has('liSalesNavUrl') || has('liRecruiterUrl');
  if (!ok) throw new HttpError(422, `${path}: needs ${CONTACT_COMBOS}`);
  if (has('title') && !(has('contactName') && has('companyName'))) throw new HttpError(422, `${path}.title: only allowed with contactName + companyName`);
  if (has('email') && !isEmail(v.email as string)) throw new HttpError(422, `${path}.email: must be an e-mail address`);
  for (const k of ['liProfileUrl', 'liSalesNavUrl', 'liRecruiterUrl']) {
    if (has(k) && !isHttpUrl(v[k] as string)) throw new HttpError(422, `${path}.${k}: must be an http(s) URL`);
  }
  return v;
}

/**
 * The universe person an item names, or -1. With isJobChange (published: "a job change research"), a name plus the
 * company the person left also finds them, at their current company.
 */
function resolveContact(state: State, item: Obj, isJobChange: boolean): number {
  const u = state.universe;
  if (typeof item.email === 'string') return u.personByEmail.get(item.email.trim().toLowerCase())?.index ?? -1;
  for (const k of ['liProfileUrl', 'liSalesNavUrl', 'liRecruiterUrl']) {
    if (typeof item[k] === 'string') return u.personByLiSlug.get(slugFromUrl(item[k] as string))?.index ?? -1;
  }
  const named = peopleNamed(state, item.contactName as string);
  if (typeof item.domain === 'string') {
    const d = normDomain(item.domain);
    return named.find((p) => u.companies[p.companyIndex].domain === d)?.index ?? -1;
  }
  const c = stem(item.companyName as string);
  const t = typeof item.title === 'string' ? norm(item.title) : null;
  const matches = named.filter((p) => stem(u.companies[p.companyIndex].name) === c);
  const found = (matches.find((p) => t !== null && norm(p.title) === t) ?? matches[0])?.index;
  if (found !== undefined || !isJobChange) return found ?? -1;
  return named.find((p) => p.formerCompany !== '' && stem(p.formerCompany) === c)?.index ?? -1;
}

function maxBatch(state: State): number {
  return state.config.research.maxBatch;
}

export function parseContactResearch(state: State, raw: unknown, extraKeys: string[] = []): ResearchBody & { body: Obj } {
  const body = bodyObject(raw);
  onlyKeys(body, ['searchResultIds', 'contacts', 'isJobChange', 'skipDeduplicationCheck', ...extraKeys]);
  // null is not "absent" (validate.ts): it is refused as the wrong type before the one-of rule.
  for (const key of ['searchResultIds', 'contacts'])
    if (body[key] === null) throw new HttpError(422, `${key}: must be an array (got null); omit the field when it is not set`);
  const hasIds = body.searchResultIds !== undefined;
  const hasContacts = body.contacts !== undefined;
  if (hasIds && hasContacts) throw new HttpError(422, 'searchResultIds, contacts: send one of them, not both');
  if (!hasIds && !hasContacts) throw new HttpError(422, 'searchResultIds or contacts: one of them is required');
  const skipDedupe = bool(body, 'skipDeduplicationCheck') ?? false;
  const isJobChange = bool(body, 'isJobChange') ?? false;
  if (body.isJobChange !== undefined && !hasContacts) throw new HttpError(422, 'isJobChange: only allowed with contacts');
  const max = maxBatch(state);
  if (hasIds) {
    const ids = array(body, 'searchResultIds', itemString, { required: true, min: 1, max });
    return {
      body,
      skipDedupe,
      isJobChange,
      items: ids.map((id) => ({ searchResultId: id, index: state.universe.personBySearchResultId.get(id)?.index ?? -1, input: id })),
    };
  }
  const contacts = array(body, 'contacts', validateContactItem, { required: true, min: 1, max });
  return { body, skipDedupe, isJobChange, items: contacts.map((c) => ({ searchResultId: null, index: resolveContact(state, c, isJobChange), input: c })) };
}

function validateCompanyItem(v: unknown, path: string): Obj {
  if (!isObj(v)) throw new HttpError(422, `${path}: must be an object with domain and/or companyName`);
  onlyKeys(v, ['domain', 'companyName'], path);
  for (const key of ['domain', 'companyName']) {
    if (v[key] !== undefined && (typeof v[key] !== 'string' || (v[key] as string).trim() === ''))
      throw new HttpError(422, `${path}.${key}: must be a non-empty string`);
  }
  if (typeof v.domain !== 'string' && typeof v.companyName !== 'string')
    throw new HttpError(422, `${path}: needs at least one of domain, companyName (spec 4.10)`);
  return v;
}

export function parseCompanyResearch(state: State, raw: unknown, extraKeys: string[] = []): ResearchBody & { body: Obj } {
  const body = bodyObject(raw);
  onlyKeys(body, ['searchResultIds', 'companies', 'skipDeduplicationCheck', ...extraKeys]);
  const max = maxBatch(state);
  const ids = array(body, 'searchResultIds', itemString, { min: 1, max }) ?? [];
  const companies = array(body, 'companies', validateCompanyItem, { min: 1, max }) ?? [];
  if (ids.length === 0 && companies.length === 0) throw new HttpError(422, 'searchResultIds or companies: at least one of them is required');
  const skipDedupe = bool(body, 'skipDeduplicationCheck') ?? false;
  const u = state.universe;
  const items: ResolvedItem[] = ids.map((id) => ({ searchResultId: id, index: u.companyBySearchResultId.get(id)?.index ?? -1, input: id }));
  for (const c of companies) {
    const byDomain = typeof c.domain === 'string' ? u.companyByDomain.get(normDomain(c.domain)) : undefined;
    const byName = typeof c.companyName === 'string' ? u.companies.find((x) => stem(x.name) === stem(c.companyName as string)) : undefined;
    const match = byDomain ?? byName;
    const domainOnly = typeof c.domain === 'string' && typeof c.companyName !== 'string';
    // Spec 4.10: only a domain alone that no company is known for ends in error; a named company is researchable.
    const domain = typeof c.domain === 'string' ? normDomain(c.domain) : null;
    const create = !match && typeof c.companyName === 'string' ? { name: c.companyName.trim(), domain } : undefined;
    const domainOnlyUnknown = domainOnly && !match ? (c.domain as string) : undefined;
    items.push({ searchResultId: null, index: match?.index ?? -1, domainOnlyUnknown, create, input: c });
  }
  return { body, skipDedupe, isJobChange: false, items };
}
