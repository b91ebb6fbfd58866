/** Saved searches owned by the user (v2; spec 4.7, 4.8, 2.5). Another user's saved search is 404. */
import { HttpError, notFound } from '../errors';
import { json, ok, who } from '../http/respond';
import { apiRoute, type Call, type RouteSpec } from '../router';
import { nextSeq } from '../state/store';
import type { SavedSearch } from '../state/types';
import { array, bodyObject, int, itemId, object, onlyKeys, onlyQuery, queryEnum, str, type Obj } from '../validate';

const TYPES = ['contacts', 'companies'];
const SORT_ORDERS = ['asc', 'desc'];

function view(s: SavedSearch) {
  const { userId: _userId, ...rest } = s;
  return rest;
}

function find(call: Call): SavedSearch {
  const s = call.services.state.savedSearches.get(call.params.id);
  if (!s || s.userId !== who(call).user.id) throw notFound(`No saved search ${call.params.id} for this user`);
  return s;
}

/** The optional fields of spec 4.8, validated; only those present are returned. */
function fields(body: Obj): Partial<SavedSearch> {
  const out: Partial<SavedSearch> = {};
  const name = str(body, 'name', { max: 255 });
  if (name !== undefined) out.name = name;
  const values = object(body, 'values');
  if (values !== undefined) out.values = values;
  const sortColumn = str(body, 'sortColumn');
  if (sortColumn !== undefined) out.sortColumn = sortColumn;
  const sortOrder = str(body, 'sortOrder', { oneOf: SORT_ORDERS });
  if (sortOrder !== undefined) out.sortOrder = sortOrder;
  // Numbers, or their digits as text (the service's integration sends text).
  const tagIds = array(body, 'tagIds', (v, path) => Number(itemId(v, path)));
  if (tagIds !== undefined) out.tagIds = tagIds;
  const approved = int(body, 'numResultsApproved', { min: 0 });
  if (approved !== undefined) out.numResultsApproved = approved;
  return out;
}

export const savedSearchRoutes: RouteSpec[] = [
  apiRoute(
    'v2',
    'GET',
    '/saved-searches',
    (call) => {
      onlyQuery(call.query, ['type']);
      const type = queryEnum(call.query, 'type', TYPES);
      const me = who(call);
      return ok([...call.services.state.savedSearches.values()].filter((s) => s.userId === me.user.id && (type === undefined || s.type === type)).map(view));
    },
    { query: ['type'] },
  ),
  apiRoute('v2', 'POST', '/saved-searches', (call) => {
    const body = bodyObject(call.body);
    onlyKeys(body, ['name', 'type', 'values', 'sortColumn', 'sortOrder', 'tagIds', 'numResultsApproved']);
    if (body.name === undefined) throw new HttpError(422, 'name: required (string)');
    const type = str(body, 'type', { required: true, oneOf: TYPES });
    const state = call.services.state;
    const savedSearchId = String(nextSeq(state, 'savedSearch', 301));
    const s: SavedSearch = {
      savedSearchId,
      userId: who(call).user.id,
      name: '',
      type,
      values: {},
      sortColumn: 'updatedAt',
      sortOrder: 'desc',
      tagIds: [],
      numResultsApproved: 0,
      gptRequestIdNLS: '',
      ...fields(body),
    };
    state.savedSearches.set(savedSearchId, s);
    return ok(view(s), 201);
  }),
  apiRoute('v2', 'GET', '/saved-searches/{id}', (call) => ok(view(find(call)))),
  apiRoute('v2', 'PUT', '/saved-searches/{id}', (call) => {
    const s = find(call);
    const body = bodyObject(call.body);
    onlyKeys(body, ['name', 'values', 'sortColumn', 'sortOrder', 'tagIds', 'numResultsApproved']);
    Object.assign(s, fields(body));
    return ok(view(s));
  }),
  apiRoute('v2', 'DELETE', '/saved-searches/{id}', (call) => {
    call.services.state.savedSearches.delete(find(call).savedSearchId);
    return json({ success: true });
  }),
];
