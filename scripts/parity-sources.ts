/**
 * Where each catalogue operation appears in the two targets, read from the code rather than written by hand:
 * - n8n: the action node offers every catalogue operation it does not hide (its description is derived from the
 *   catalogue), under the resource and operation names of description/names.ts;
 * - Sheets functions: the operations each entry of apps-script/src/custom-functions/registry.ts names (an operation
 *   object, or a lookup kind that carries one);
 * - sidebar: the operations each sidebar module imports, plus those it reaches through the research flow.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { catalogue, type AnyOperation } from '../shared/catalogue';
import * as shared from '../shared';
import { offeredOperations } from '../n8n-nodes/nodes/Prospecting/description';
import { resourceNames } from '../n8n-nodes/nodes/Prospecting/description/names';
import { operationName } from '../n8n-nodes/nodes/Prospecting/description/operation-names';
import * as lookup from '../apps-script/src/custom-functions/lookup';

const ROOT = join(__dirname, '..');
const REGISTRY = join(ROOT, 'apps-script', 'src', 'custom-functions', 'registry.ts');
const SIDEBAR = join(ROOT, 'apps-script', 'src', 'sidebar');

/** The research panel submits and polls through the core's research flow (newResearchJob), not by naming the operations. */
const SIDEBAR_FLOWS: Readonly<Record<string, readonly string[]>> = {
  enrich: ['contacts.research', 'companies.research', 'contacts.pollResearch', 'companies.pollResearch'],
};

/** Exported names that are catalogue operations, or objects carrying one as `op` (lookup kinds), → operation id. */
function operationNames(): Map<string, string> {
  const ids = new Set(catalogue.map((op) => op));
  const names = new Map<string, string>();
  for (const module of [shared, lookup] as Record<string, unknown>[]) {
    for (const [name, value] of Object.entries(module)) {
      if (ids.has(value as AnyOperation)) names.set(name, (value as AnyOperation).id);
      else if (value && typeof value === 'object' && ids.has((value as { op?: AnyOperation }).op as AnyOperation))
        names.set(name, (value as { op: AnyOperation }).op.id);
    }
  }
  return names;
}

function operationsNamedIn(text: string, names: Map<string, string>): string[] {
  const found = new Set<string>();
  for (const [, word] of text.matchAll(/\b([A-Za-z_]\w*)\b/g)) {
    const id = names.get(word);
    if (id) found.add(id);
  }
  return [...found];
}

/** n8n: "Resource › Operation" for each operation the action node offers. */
export function n8nPlaces(): Map<string, string> {
  return new Map(offeredOperations(catalogue).map((op) => [op.id, `${resourceNames[op.resource] ?? op.resource} › ${operationName(op)}`]));
}

/** Sheets: operation id → the custom functions that run it. Every function of the registry is attributed. */
export function sheetsFunctions(): { byOperation: Map<string, string[]>; functions: Map<string, string[]> } {
  const names = operationNames();
  const text = readFileSync(REGISTRY, 'utf8');
  const starts = [...text.matchAll(/^\s+(PDS_\w+): customFunction\(\{/gm)];
  const functions = new Map<string, string[]>();
  starts.forEach((m, i) => functions.set(m[1], operationsNamedIn(text.slice(m.index!, starts[i + 1]?.index ?? text.length), names)));
  const byOperation = new Map<string, string[]>();
  for (const [fn, ops] of functions) for (const id of ops) byOperation.set(id, [...(byOperation.get(id) ?? []), fn]);
  return { byOperation, functions };
}

/** Sidebar: operation id → the panels (sidebar modules) that run it. */
export function sidebarPanels(): Map<string, string[]> {
  const names = operationNames();
  const byOperation = new Map<string, string[]>();
  for (const file of readdirSync(SIDEBAR).filter((f) => f.endsWith('.ts'))) {
    const panel = basename(file, '.ts');
    const ops = new Set([...operationsNamedIn(readFileSync(join(SIDEBAR, file), 'utf8'), names), ...(SIDEBAR_FLOWS[panel] ?? [])]);
    for (const id of ops) byOperation.set(id, [...(byOperation.get(id) ?? []), panel]);
  }
  return byOperation;
}
