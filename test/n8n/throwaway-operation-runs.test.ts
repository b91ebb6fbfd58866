/**
 * Issue 10, "Done when": a read-only operation with a sandbox route takes its catalogue entry and its route, nothing
 * else, for the n8n node to run it. A newcomer's change is simulated literally: the entry is added to a catalogue
 * file's keyed object (that module is replaced by itself plus the entry, in an isolated module registry) and the route
 * is served by the sandbox beside its own. The real node then runs it through execute(), with Return All paging.
 */
import { z } from 'zod';
import { defineOperation, type AnyOperation } from '../../shared';
import { v2Envelope } from '../../shared/records';
import { ok } from '../../sandbox/http/respond';
import { apiRoute } from '../../sandbox/router';
import type { RunningSandbox } from '../../sandbox';
import { sandboxWithCredentials } from './setup';

const notes = Array.from({ length: 130 }, (_, i) => ({ noteId: i + 1, title: `Note ${i + 1}` }));

/** The entry a newcomer would add to a catalogue file. */
const listNotes = defineOperation({
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
  queryFields: ['page', 'limit'],
  input: z.strictObject({ page: z.number().int().min(1).default(1), limit: z.number().int().min(1).max(100).default(100) }),
  output: v2Envelope(z.array(z.looseObject({ noteId: z.number(), title: z.string() }))),
  result: (body) => body.data,
  credits: 'none',
  retry: 'safe',
  pagination: { style: 'page', pageField: 'page', limitField: 'limit', maxLimit: 100 },
  auth: 'required',
}) as AnyOperation;

/** Its sandbox route, with the service's page + limit. */
const notesRoute = apiRoute(
  'v2',
  'GET',
  '/notes',
  (call) => {
    const page = Number(call.query.get('page') ?? 1);
    const limit = Number(call.query.get('limit') ?? 100);
    return ok(notes.slice((page - 1) * limit, page * limit));
  },
  { query: ['page', 'limit'] },
);

let sandbox: RunningSandbox;
let credentials: Awaited<ReturnType<typeof sandboxWithCredentials>>['credentials'];

beforeAll(async () => {
  ({ sandbox, credentials } = await sandboxWithCredentials({ extraRoutes: [notesRoute] }));
});
afterAll(async () => await sandbox.close());

describe('a throwaway read-only operation: entry + route, nothing else', () => {
  it("runs through the real node's execute() against its sandbox route, one item per record, every page read", async () => {
    let harness!: typeof import('./harness');
    jest.isolateModules(() => {
      const listsFile = '../../shared/catalogue/lists';
      jest.doMock(listsFile, () => {
        const actual = jest.requireActual<typeof import('../../shared/catalogue/lists')>(listsFile);
        return { ...actual, listOperations: { ...actual.listOperations, [listNotes.id]: listNotes } };
      });
      harness = jest.requireActual<typeof import('./harness')>('./harness');
    });
    const items = await harness.executeNode({ parameters: { resource: 'notes', operation: 'list', returnAll: true }, credentials });
    expect(items.map((i) => i.json)).toEqual(notes);
    expect(items.every((i) => JSON.stringify(i.pairedItem) === JSON.stringify({ item: 0 }))).toBe(true);
  });
});
