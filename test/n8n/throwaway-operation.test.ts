/**
 * Issue 10, "Done when": adding a read-only operation takes its catalogue entry and nothing else for the n8n node to
 * show it and for the README table to list it. A throwaway "list notes" operation, defined here at test time and
 * never registered globally, goes through the same builders the node and `npm run docs:catalogue` use.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { catalogue, type AnyOperation } from '../../shared';
import { catalogueSection, catalogueTable } from '../../shared/catalogue/table';
import { nodeExtras, nodeOperations, offeredOperations } from '../../n8n-nodes/nodes/Prospecting/description';
import { prospectingV1Description } from '../../n8n-nodes/nodes/Prospecting/description/v1';
import { README_PATH, writeCatalogueTable } from '../../scripts/catalogue-table';
import { compareFacts, descriptionFacts } from './node-description-facts';
import { listNotesOperation } from './throwaway-notes';

/* eslint-disable @typescript-eslint/no-require-imports */
const { Prospecting } = require('../../n8n-nodes/nodes/Prospecting/Prospecting.node.ts') as typeof import('../../n8n-nodes/nodes/Prospecting/Prospecting.node');
/* eslint-enable @typescript-eslint/no-require-imports */

const withNotes: readonly AnyOperation[] = [...catalogue, listNotesOperation];
const notesShown = { show: { resource: ['notes'], operation: ['list'] } };

function description(ops: readonly AnyOperation[]): INodeTypeDescription {
  return JSON.parse(JSON.stringify(prospectingV1Description(new Prospecting().description, offeredOperations(ops)))) as INodeTypeDescription;
}

describe('a throwaway read-only operation added to the catalogue', () => {
  const before = description(catalogue);
  const after = description(withNotes);
  const find = (name: string, shown?: object) =>
    after.properties.find((p) => p.name === name && (shown === undefined || JSON.stringify(p.displayOptions) === JSON.stringify(shown)));

  it('is offered by the n8n node: a resource option and an operation option of its own', () => {
    const resource = find('resource')!;
    expect(resource.options).toContainEqual({ name: 'notes', value: 'notes' });
    const operation = find('operation', { show: { resource: ['notes'] } }) as INodeProperties;
    expect(operation).toMatchObject({ type: 'options', default: 'list', noDataExpression: true });
    expect(operation.options as INodePropertyOptions[]).toEqual([
      { name: 'Get Many', value: 'list', description: 'Lists the notes of your organization.', action: 'Get many notes' },
    ]);
    expect(after.description).toBe(`Search, research and reach out to contacts and companies (${nodeOperations.length + nodeExtras.length + 1} operations)`);
  });

  it('gets its fields from its zod input: Return All / Limit for a list, its optional filter in Additional Fields', () => {
    expect(find('returnAll', notesShown)).toMatchObject({ type: 'boolean', default: false });
    const limitShown = { show: { ...notesShown.show, returnAll: [false] } };
    expect(find('limit', limitShown)).toMatchObject({ type: 'number', default: 50 });
    const extra = find('additionalFields', notesShown)!;
    expect(extra.type).toBe('collection');
    expect(extra.options).toEqual([
      expect.objectContaining({
        name: 'status',
        type: 'options',
        default: 'done',
        options: [
          { name: 'done', value: 'done' },
          { name: 'open', value: 'open' },
        ],
      }),
    ]);
    // The paging fields are the node's business (Return All / Limit), not parameters of their own.
    const ownFields = after.properties.filter((p) => JSON.stringify(p.displayOptions) === JSON.stringify(notesShown));
    expect(ownFields.map((p) => p.name)).toEqual(['returnAll', 'additionalFields']);
  });

  it('is an addition to version 1, not a breaking change: every parameter a saved workflow relies on stays', () => {
    const { missing, added } = compareFacts(descriptionFacts(before), descriptionFacts(after));
    expect(missing).toEqual([]);
    const collection = 'additionalFields shown {"show":{"operation":["list"],"resource":["notes"]}}: type collection';
    expect(added).toEqual(expect.arrayContaining(['resource: option "notes"', collection]));
  });

  it('gets its row in the README table from the generator `npm run docs:catalogue` runs, the rest of the README untouched', () => {
    const dir = mkdtempSync(join(tmpdir(), 'readme-'));
    try {
      const copy = join(dir, 'README.md');
      copyFileSync(README_PATH, copy);
      expect(writeCatalogueTable(copy, withNotes)).toBe(catalogue.length + 1);
      const readme = readFileSync(copy, 'utf8');
      expect(readme).toContain('| `notes.list` | List notes | `GET /v2/notes` | free | safe | page + limit (≤ 100) |  |');
      expect(catalogueSection(readme)).toBe(catalogueTable(withNotes));
      const original = readFileSync(README_PATH, 'utf8');
      expect(readme.replace(catalogueSection(readme)!, '')).toBe(original.replace(catalogueSection(original)!, ''));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is never registered globally: the catalogue, the node and the README stay as they are', () => {
    expect(catalogue.map((op) => op.id)).not.toContain('notes.list');
    const resource = new Prospecting().getNodeType(1).description.properties.find((p) => p.name === 'resource')!;
    expect(resource.options).not.toContainEqual(expect.objectContaining({ value: 'notes' }));
    expect(resource.options).toContainEqual(expect.objectContaining({ value: 'contacts' }));
    expect(readFileSync(README_PATH, 'utf8')).not.toContain('notes.list');
  });
});
