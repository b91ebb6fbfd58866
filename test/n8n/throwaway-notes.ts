/**
 * The throwaway read-only operation of issue 10's "Done when": the catalogue entry a newcomer would write in
 * shared/catalogue/notes.ts, and its sandbox route. Never registered globally; the throwaway tests add it themselves.
 */
import * as z from '../../shared/validation/zod';
import { defineOperation, type AnyOperation } from '../../shared';
import { v2Envelope } from '../../shared/records';
import { ok } from '../../sandbox/http/respond';
import { apiRoute } from '../../sandbox/router';

export const listNotesOperation = defineOperation({
  id: 'notes.list',
  resource: 'notes',
  action: 'list',
  returns: 'list',
  title: 'List notes',
  description: 'Lists the notes of your organization.',
  version: 'v2',
  method: 'GET',
  path: '/notes',
  pathFields: [],
  queryFields: ['status', 'page', 'limit'],
  input: z.strictObject({
    status: z.optional(z.enum(['open', 'done'])),
    page: z._default(z.number().check(z.int(), z.minimum(1)), 1),
    limit: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(100)), 100),
  }),
  output: v2Envelope(z.array(z.looseObject({ noteId: z.number(), title: z.string() }))),
  result: (body) => body.data,
  credits: 'none',
  retry: 'safe',
  pagination: { style: 'page', pageField: 'page', limitField: 'limit', maxLimit: 100 },
  auth: 'required',
}) as AnyOperation;

/** What the route serves: 130 notes, so Return All reads two pages of 100. */
export const notes = Array.from({ length: 130 }, (_, i) => ({ noteId: i + 1, title: `Note ${i + 1}` }));

/** Its sandbox route, with the service's page + limit (a status filter is accepted; these notes carry none). */
export const notesRoute = apiRoute(
  'v2',
  'GET',
  '/notes',
  (call) => {
    const page = Number(call.query.get('page') ?? 1);
    const limit = Number(call.query.get('limit') ?? 100);
    return ok(notes.slice((page - 1) * limit, page * limit));
  },
  { query: ['status', 'page', 'limit'] },
);
