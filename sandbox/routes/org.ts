/** Org contacts and companies (v1; spec 4.11). */
import { ORG_READ_QUERY, parseOrgReadQuery, readOrg } from '../domain/org-data';
import { json, who } from '../http/respond';
import { apiRoute, type RouteSpec } from '../router';

export const orgRoutes: RouteSpec[] = [
  apiRoute('v1', 'GET', '/contacts', (call) => json({ data: readOrg(call.services, who(call), 'contacts', parseOrgReadQuery(call.query)) }), {
    query: ORG_READ_QUERY,
  }),
  apiRoute('v1', 'GET', '/companies', (call) => json({ data: readOrg(call.services, who(call), 'companies', parseOrgReadQuery(call.query)) }), {
    query: ORG_READ_QUERY,
  }),
];
