/** The activity feed (v2; public reference "The rest of the service": Activity; DECISIONS "Tasks, calls, activity"). */
import { activityPage } from '../domain/activity-log';
import { ok, who } from '../http/respond';
import { apiRoute, type Call, type RouteSpec } from '../router';
import { onlyQuery, queryInt } from '../validate';
import { FEED_MAX_LIMIT } from './tasks';

const QUERY = ['limit', 'offset', 'campaignIdentifier', 'contactId', 'searchText'];

function list(call: Call) {
  onlyQuery(call.query, QUERY);
  const limit = queryInt(call.query, 'limit', { min: 1, max: FEED_MAX_LIMIT, def: 50 })!;
  const offset = queryInt(call.query, 'offset', { min: 0, def: 0 })!;
  const contactId = queryInt(call.query, 'contactId', { min: 1 });
  const filters = {
    contactId: contactId !== undefined ? String(contactId) : undefined,
    campaignIdentifier: call.query.get('campaignIdentifier') || undefined,
    searchText: call.query.get('searchText') || undefined,
  };
  return ok(activityPage(call.services.state, who(call).org.id, filters, offset, limit));
}

export const activityRoutes: RouteSpec[] = [apiRoute('v2', 'GET', '/activity', list, { query: QUERY })];
