/**
 * Issue 10, "Done when": a read-only operation with a sandbox route takes its catalogue entry and its route, nothing
 * else, for the n8n node to run it. A newcomer's change is simulated literally: the entry is added to a catalogue
 * file's keyed object (that module is replaced by itself plus the entry, in an isolated module registry) and the route
 * is served by the sandbox beside its own. The real node then runs it through execute(), with Return All paging.
 */
import type { RunningSandbox } from '../../sandbox';
import { sandboxWithCredentials } from './setup';
import { listNotesOperation as listNotes, notes, notesRoute } from './throwaway-notes';

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
