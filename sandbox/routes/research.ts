/** Contact and company research and polling (v1; spec 4.10, 4.12). */
import { parseCompanyResearch, parseContactResearch } from '../domain/research-input';
import { parsePollIds, poll, submitResearch } from '../domain/research';
import { json, who } from '../http/respond';
import { apiRoute, type RouteSpec } from '../router';
import { onlyQuery } from '../validate';

export const researchRoutes: RouteSpec[] = [
  apiRoute('v1', 'POST', '/contacts/research', (call) => {
    const req = parseContactResearch(call.services.state, call.body);
    return json({ success: true, requestIds: submitResearch(call.services, who(call), 'contact', req) }, 202);
  }),
  apiRoute('v1', 'POST', '/companies/research', (call) => {
    const req = parseCompanyResearch(call.services.state, call.body);
    return json({ success: true, requestIds: submitResearch(call.services, who(call), 'company', req) }, 202);
  }),
  apiRoute(
    'v1',
    'GET',
    '/contacts/research/poll',
    (call) => {
      onlyQuery(call.query, ['requestIds']);
      const ids = parsePollIds(call.query.get('requestIds'), call.services.config.research.maxPollIds);
      return json({ success: true, data: poll(call.services, who(call), 'contact', ids) });
    },
    { query: ['requestIds'] },
  ),
  apiRoute(
    'v1',
    'GET',
    '/companies/research/poll',
    (call) => {
      onlyQuery(call.query, ['requestIds']);
      const ids = parsePollIds(call.query.get('requestIds'), call.services.config.research.maxPollIds);
      return json({ success: true, data: poll(call.services, who(call), 'company', ids) });
    },
    { query: ['requestIds'] },
  ),
];
