/** Lists (tags) owned by the user (v2; spec 4.9; DECISIONS: lists). Another user's list is 404. */
import { notFound } from '../errors';
import { json, ok, who } from '../http/respond';
import { apiRoute, type Call, type RouteSpec } from '../router';
import { nextSeq } from '../state/store';
import type { ListTag } from '../state/types';
import { bodyObject, onlyKeys, onlyQuery, str } from '../validate';
import { orgContactIds } from './campaigns';

const view = (l: ListTag) => ({ listId: l.listId, name: l.name, createdAt: l.createdAt, updatedAt: l.updatedAt });

function find(call: Call): ListTag {
  const list = call.services.state.lists.get(call.params.id);
  if (!list || list.userId !== who(call).user.id) throw notFound(`No list ${call.params.id} for this user`);
  return list;
}

function nameFrom(call: Call): string {
  const body = bodyObject(call.body);
  onlyKeys(body, ['name']);
  return str(body, 'name', { required: true, max: 255 });
}

export const listRoutes: RouteSpec[] = [
  apiRoute('v2', 'GET', '/lists', (call) => {
    onlyQuery(call.query, []);
    const me = who(call);
    return ok([...call.services.state.lists.values()].filter((l) => l.userId === me.user.id).map(view));
  }),
  apiRoute('v2', 'POST', '/lists', (call) => {
    const name = nameFrom(call);
    const now = call.services.clock.iso();
    const listId = String(nextSeq(call.services.state, 'list', 201));
    const list: ListTag = { listId, userId: who(call).user.id, name, contactIds: [], createdAt: now, updatedAt: now };
    call.services.state.lists.set(listId, list);
    return ok(view(list), 201);
  }),
  apiRoute('v2', 'GET', '/lists/{id}', (call) => ok(view(find(call)))),
  apiRoute('v2', 'PUT', '/lists/{id}', (call) => {
    const list = find(call);
    list.name = nameFrom(call);
    list.updatedAt = call.services.clock.iso();
    return ok(view(list));
  }),
  apiRoute('v2', 'DELETE', '/lists/{id}', (call) => {
    call.services.state.lists.delete(find(call).listId);
    return json({ success: true });
  }),
  apiRoute('v2', 'POST', '/lists/{id}/contacts', (call) => {
    const list = find(call);
    const body = bodyObject(call.body);
    onlyKeys(body, ['contactIds']);
    const ids = orgContactIds(call.services.state, who(call).org, body, 'contactIds', call.services.config.limits.listContactIds, true)!;
    let added = 0;
    for (const id of ids.map(String)) {
      if (list.contactIds.includes(id)) continue;
      list.contactIds.push(id);
      added++;
    }
    list.updatedAt = call.services.clock.iso();
    return ok({ listId: list.listId, contactsAdded: added, numContacts: list.contactIds.length });
  }),
];
