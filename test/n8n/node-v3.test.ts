/**
 * Node version 3, the default for new nodes (issue 23): Simplify (on by default) puts a researched record's fields at
 * the top level of each item, Send Email's Body is a multi-line editor and its Contact ID comes from the input item.
 * Versions 1 and 2 keep the raw answer and their fields, as saved workflows have them.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { nodeOperations, nodeProperties } from '../../n8n-nodes/nodes/Prospecting/description';
import { simplifyResearchJson } from '../../n8n-nodes/nodes/Prospecting/simplify';
import { executeNode } from './harness';
import { sandboxWithCredentials } from './setup';
import { researchFoundContacts } from './research-params';

/* eslint-disable @typescript-eslint/no-require-imports */
const { Prospecting } = require('../../n8n-nodes/nodes/Prospecting/Prospecting.node.ts') as typeof import('../../n8n-nodes/nodes/Prospecting/Prospecting.node');
/* eslint-enable @typescript-eslint/no-require-imports */

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
let rows: IDataObject[];

beforeAll(async () => {
  env = await sandboxWithCredentials({ config: { credits: { A: 10_000 }, research: { queuedMs: 20, researchingMs: 60 } } });
  const found = await executeNode({ parameters: { resource: 'contacts', operation: 'search', returnAll: false, limit: 3 }, credentials: env.credentials });
  rows = found.map((i) => i.json);
});
afterAll(async () => env.sandbox.close());

const shownFor = (resource: string, operation: string) => (p: INodeProperties) =>
  p.displayOptions?.show?.resource?.includes(resource) === true && p.displayOptions?.show?.operation?.includes(operation) === true;

it('new nodes get version 4 (version 3 plus the tool description; issue 23)', () => {
  expect(new Prospecting().description.defaultVersion).toBe(4);
});

describe('Simplify', () => {
  it('is offered, on by default, on research and research results from version 3 only', () => {
    for (const [resource, operation] of [
      ['contacts', 'research'],
      ['companies', 'research'],
      ['contacts', 'pollResearch'],
      ['companies', 'pollResearch'],
    ]) {
      const simple = nodeProperties(nodeOperations, 3)
        .filter(shownFor(resource, operation))
        .find((p) => p.name === 'simple');
      expect(simple).toEqual(expect.objectContaining({ displayName: 'Simplify', type: 'boolean', default: true }));
      expect(nodeProperties(nodeOperations, 2).some((p) => p.name === 'simple')).toBe(false);
    }
  });

  it('version 3 research items carry the record at the top level, one column per field; the research fields keep their names', async () => {
    const out = await executeNode({
      typeVersion: 3,
      parameters: { ...researchFoundContacts },
      items: rows.map((json) => ({ json })),
      credentials: env.credentials,
    });
    expect(out).toHaveLength(3);
    out.forEach((item, i) => {
      expect(item.pairedItem).toEqual({ item: i });
      expect(item.json).not.toHaveProperty('contact');
      expect(item.json.searchResultId).toBe(rows[i].searchResultId);
      expect(item.json.requestId).toEqual(expect.any(String));
      expect(item.json.contactId).toEqual(expect.any(String));
      // The record is not nested anywhere: no value holds it (its own small parts, such as a location, stay objects).
      expect(Object.values(item.json).filter((v) => v && typeof v === 'object' && 'contactId' in v)).toEqual([]);
    });
  });

  it('Simplify off, and versions 1 and 2, return the raw answer with the record under `contact`; Simplify lifts its every field', async () => {
    const raw3 = await executeNode({
      typeVersion: 3,
      parameters: { ...researchFoundContacts, simple: false },
      items: rows.map((json) => ({ json })),
      credentials: env.credentials,
    });
    const raw2 = await executeNode({
      typeVersion: 2,
      parameters: { ...researchFoundContacts },
      items: rows.map((json) => ({ json })),
      credentials: env.credentials,
    });
    for (const item of [...raw3, ...raw2]) expect((item.json.contact as IDataObject).contactId).toEqual(expect.any(String));
    // What Simplify gives for the same answers: every record field at the top level.
    for (const item of raw3) {
      const flat = simplifyResearchJson('contacts', item.json);
      for (const field of Object.keys(item.json.contact as IDataObject))
        expect(Object.keys(flat)).toContain(field in item.json ? `contact${field[0].toUpperCase()}${field.slice(1)}` : field);
    }
  });

  it('keeps a record field whose name the item already uses, prefixed; an item without a record only drops the null', () => {
    expect(simplifyResearchJson('contacts', { requestId: 'r1', status: 'done', contact: { contactId: 'c1', status: 'Active' } })).toEqual({
      requestId: 'r1',
      status: 'done',
      contactId: 'c1',
      contactStatus: 'Active',
    });
    expect(simplifyResearchJson('companies', { requestId: 'r2', status: 'researching', company: null })).toEqual({ requestId: 'r2', status: 'researching' });
  });
});

describe('Send Email', () => {
  const send = (version: number) => nodeProperties(nodeOperations, version).filter(shownFor('emails', 'send'));

  it("version 3: Body is a multi-line editor and Contact ID defaults to the input item's contactId", () => {
    const v3 = send(3);
    expect(v3.find((p) => p.name === 'body')!.typeOptions).toEqual(expect.objectContaining({ rows: expect.any(Number) }));
    expect((v3.find((p) => p.name === 'body')!.typeOptions!.rows as number) > 1).toBe(true);
    expect(v3.find((p) => p.name === 'contactId')!.default).toBe('={{ $json.contactId }}');
  });

  it('versions 1 and 2 keep their Contact ID default and one-line Body', () => {
    expect(send(2).find((p) => p.name === 'contactId')!.default).toBe('');
    expect(send(2).find((p) => p.name === 'body')!.typeOptions).toBeUndefined();
  });

  it("Contact ID's hint says the service sends 60 a minute and points to Send Bulk", () => {
    for (const version of [1, 2, 3]) expect(send(version).find((p) => p.name === 'contactId')!.hint).toMatch(/60 a minute.*Send Bulk/);
  });
});
