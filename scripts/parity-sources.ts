/**
 * Where each catalogue operation appears in the two targets, read from the declarations the targets are built from
 * (no text matching):
 * - n8n: the action node offers every catalogue operation it does not hide (its description is derived from the
 *   catalogue), under the resource and operation names of shared/catalogue/display-names.ts;
 * - Sheets functions: the `operations` of each declaration in apps-script/src/custom-functions/registry.ts;
 * - sidebar: the `operations` of each panel in apps-script/src/sidebar/panels.ts.
 */
import { catalogue } from '../shared/catalogue';
import { offeredOperations } from '../n8n-nodes/nodes/Prospecting/description';
import { operationName, resourceNames } from '../shared/catalogue/display-names';
import { customFunctionDeclarations } from '../apps-script/src/custom-functions/registry';
import { sidebarPanels as panels } from '../apps-script/src/sidebar/panels';

/** n8n: "Resource › Operation" for each operation the action node offers. */
export function n8nPlaces(): Map<string, string> {
  return new Map(offeredOperations(catalogue).map((op) => [op.id, `${resourceNames[op.resource] ?? op.resource} › ${operationName(op)}`]));
}

function invert(byName: Map<string, string[]>): Map<string, string[]> {
  const byOperation = new Map<string, string[]>();
  for (const [name, ids] of byName) for (const id of ids) byOperation.set(id, [...(byOperation.get(id) ?? []), name]);
  return byOperation;
}

/** Sheets: operation id → the custom functions that run it, and each function's operations. */
export function sheetsFunctions(): { byOperation: Map<string, string[]>; functions: Map<string, string[]> } {
  const functions = new Map(Object.entries(customFunctionDeclarations).map(([name, fn]) => [name, [...new Set(fn.operations.map((op) => op.id))]]));
  return { byOperation: invert(functions), functions };
}

/** Sidebar: operation id → the panels that run it. */
export function sidebarPanels(): Map<string, string[]> {
  return invert(new Map(panels.map((p) => [p.name, [...new Set(p.operations().map((op) => op.id))]])));
}

/** Catalogue operations that no Sheets function and no sidebar panel runs. */
export function unreachableInSheets(): string[] {
  const sheets = sheetsFunctions().byOperation;
  const sidebar = sidebarPanels();
  return catalogue.filter((op) => !sheets.has(op.id) && !sidebar.has(op.id)).map((op) => op.id);
}
