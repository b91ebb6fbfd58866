/**
 * Saved workflows keep working: each version of the Prospecting node keeps the parameters it was published
 * with. Every version's full description is committed under test/n8n/node-versions/ and compared here.
 *
 * - A breaking difference (a parameter renamed, retyped, dropped, moved, its default or an option value changed:
 *   e.g. a field renamed in a zod schema) fails with advice to add a node version instead.
 * - An addition (a new operation or field) or a wording change passes: adding an operation must not need a snapshot
 *   edit. Regenerating (`UPDATE_N8N_SNAPSHOT=1 npx jest test/n8n/node-versions.test.ts`) records the additions, so
 *   they are guarded too from then on.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeTypeDescription } from 'n8n-workflow';
import * as z from '../../shared/validation/zod';
import { operation, type AnyOperation } from '../../shared';
import { nodeOperations } from '../../n8n-nodes/nodes/Prospecting/description';
import { prospectingV1Description } from '../../n8n-nodes/nodes/Prospecting/description/v1';
import { compareFacts, descriptionFacts, stable } from './node-description-facts';

/* eslint-disable @typescript-eslint/no-require-imports */
const { Prospecting } = require('../../n8n-nodes/nodes/Prospecting/Prospecting.node.ts') as typeof import('../../n8n-nodes/nodes/Prospecting/Prospecting.node');
/* eslint-enable @typescript-eslint/no-require-imports */

const SNAPSHOTS = join(__dirname, 'node-versions');
const UPDATE = process.env.UPDATE_N8N_SNAPSHOT === '1';
const node = new Prospecting();
const versions = Object.keys(node.nodeVersions).map(Number);

function snapshotPath(version: number): string {
  return join(SNAPSHOTS, `prospecting.v${version}.json`);
}

/** The description as n8n would serialise it (no undefined fields, no class instances). */
function plain(description: INodeTypeDescription): INodeTypeDescription {
  return JSON.parse(JSON.stringify(description)) as INodeTypeDescription;
}

function currentDescription(version: number): INodeTypeDescription {
  return plain(node.getNodeType(version).description);
}

function readSnapshot(version: number): INodeTypeDescription | undefined {
  const path = snapshotPath(version);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as INodeTypeDescription) : undefined;
}

const REGENERATE = 'UPDATE_N8N_SNAPSHOT=1 npx jest test/n8n/node-versions.test.ts';

function breakingAdvice(version: number, missing: readonly string[]): string {
  return [
    `Version ${version} of the Prospecting node lost or changed ${missing.length} thing(s) saved workflows rely on:`,
    ...missing.slice(0, 20).map((f) => `  - ${f}`),
    ...(missing.length > 20 ? [`  … and ${missing.length - 20} more`] : []),
    `Do not change a published version: add a new node version (n8n-nodes/nodes/Prospecting/v${Math.max(...versions) + 1}/, listed in`,
    'Prospecting.node.ts nodeVersions and made the defaultVersion) that has the new parameters, and keep this one deriving',
    `its old ones. Only if you are sure no saved workflow is affected, update the snapshot deliberately: ${REGENERATE}`,
  ].join('\n');
}

beforeAll(() => {
  if (!UPDATE) return;
  for (const v of versions) writeFileSync(snapshotPath(v), `${JSON.stringify(currentDescription(v), null, 2)}\n`);
});

describe.each(versions)('Prospecting node version %i', (version) => {
  it('has a committed description snapshot', () => {
    expect(existsSync(snapshotPath(version)) ? 'present' : `missing: run ${REGENERATE}`).toBe('present');
  });

  it('keeps every parameter, type, default and option value a saved workflow relies on; additions and wording pass', () => {
    const snapshot = readSnapshot(version)!;
    const current = currentDescription(version);
    const { missing } = compareFacts(descriptionFacts(snapshot), descriptionFacts(current));
    if (missing.length) throw new Error(breakingAdvice(version, missing));
    // Adding an operation must not need a snapshot edit (issue 10: an operation is its entry and its route, nothing else).
    // Regenerating records the additions so they are guarded too; say so when there are some.
    const changed = differences(snapshot, current);
    if (changed.length && !process.env.CI) {
      console.info(`Version ${version} of the Prospecting node gained or reworded ${changed.length} thing(s) compatibly; ${REGENERATE} records them.`);
    }
    expect(missing).toEqual([]);
  });
});

/** JSON paths where two plain values differ. */
function differences(a: unknown, b: unknown, path = '$'): string[] {
  if (stable(a) === stable(b)) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`));
  }
  return [`${path}: ${stable(a)?.slice(0, 60)} → ${stable(b)?.slice(0, 60)}`];
}

describe('node identity', () => {
  it('keeps the node type name, and every committed snapshot still has its version (a version is never removed)', () => {
    expect(node.description.name).toBe('prospecting');
    expect(node.description.defaultVersion).toBe(Math.max(...versions));
    const committed = readdirSync(SNAPSHOTS)
      .map((f) => /^prospecting\.v(\d+)\.json$/.exec(f)?.[1])
      .filter(Boolean)
      .map(Number);
    expect(versions).toEqual(expect.arrayContaining(committed));
  });

  it('version 1 is the description derived from the catalogue, with the parameter names of today', () => {
    const names = new Set(currentDescription(1).properties.map((p) => p.name));
    for (const name of ['authentication', 'resource', 'operation', 'returnAll', 'limit', 'additionalFields', 'updateFields', 'researchBy', 'waitForResults']) {
      expect(names).toContain(name);
    }
  });
});

/** An operation whose zod input has one field renamed, as a developer might do in the catalogue. */
function withRenamedField(op: AnyOperation, from: string, to: string): AnyOperation {
  const shape = { ...(op.input as unknown as { shape: Record<string, z.ZodMiniType> }).shape };
  shape[to] = shape[from];
  delete shape[from];
  return { ...op, input: z.strictObject(shape) };
}

describe('the guard itself', () => {
  it('reports a field renamed in a zod schema as breaking, naming the old parameter', () => {
    const renamed = nodeOperations.map((op) => (op.id === 'lists.rename' ? withRenamedField(operation('lists.rename'), 'name', 'title') : op));
    const { missing, added } = compareFacts(descriptionFacts(readSnapshot(1)!), descriptionFacts(plain(prospectingV1Description(node.description, renamed))));
    expect(missing).toContain('name shown {"show":{"operation":["rename"],"resource":["lists"]}}: type string');
    expect(added).toContain('title shown {"show":{"operation":["rename"],"resource":["lists"]}}: type string');
    expect(breakingAdvice(1, missing)).toMatch(/add a new node version/);
  });

  it('reports a changed option value and a changed default as breaking', () => {
    const before = plain(prospectingV1Description(node.description));
    const after = structuredClone(before);
    const resource = after.properties.find((p) => p.name === 'resource')!;
    resource.default = 'companies';
    resource.options = resource.options!.filter((o) => 'value' in o && o.value !== 'credits');
    expect(compareFacts(descriptionFacts(before), descriptionFacts(after)).missing).toEqual(['resource: default "contacts"', 'resource: option "credits"']);
  });
});
