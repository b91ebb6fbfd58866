/** Org contacts and companies reads (spec 4.11; DECISIONS: org reads). Free, but need the license. */
import { requireLicense } from '../credits';
import { HttpError } from '../errors';
import type { AuthedIdentity } from '../router';
import type { Services } from '../services';
import { onlyQuery, queryDateTime, queryInt } from '../validate';
import { settleDue } from './research';

export type OrgKind = 'contacts' | 'companies';

export interface OrgReadArgs {
  page: number;
  limit: number;
  startDate: number;
  endDate: number;
}

export const ORG_READ_QUERY = ['page', 'limit', 'startDate', 'endDate'];

export function parseOrgReadQuery(query: URLSearchParams): OrgReadArgs {
  onlyQuery(query, ORG_READ_QUERY);
  const page = queryInt(query, 'page', { min: 1, def: 1 })!;
  const limit = queryInt(query, 'limit', { min: 1, max: 500, def: 500 })!;
  const startDate = queryDateTime(query, 'startDate');
  const endDate = queryDateTime(query, 'endDate');
  if (startDate > endDate) throw new HttpError(400, 'startDate: must not be after endDate');
  return { page, limit, startDate, endDate };
}

export function readOrg(services: Services, who: AuthedIdentity, kind: OrgKind, args: OrgReadArgs): unknown[] {
  requireLicense(who.org, kind === 'contacts' ? 'orgContacts' : 'orgCompanies');
  settleDue(services);
  const { state } = services;
  const from = (args.page - 1) * args.limit;
  if (kind === 'contacts') {
    return state.orgContacts
      .get(who.org.id)!
      .between(args.startDate, args.endDate, (r) => r.contactId)
      .slice(from, from + args.limit);
  }
  return state.orgCompanies
    .get(who.org.id)!
    .between(args.startDate, args.endDate, (r) => r.companyId)
    .slice(from, from + args.limit);
}
