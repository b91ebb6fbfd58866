/**
 * Issue 11, "Done when": the README's parity table has a row for each tool the service publishes, naming the
 * catalogue operation that covers it and where that operation appears (n8n, Sheets function, sidebar). The tools are
 * read from the sandbox's live tools/list, so a tool added to the service without a row fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { catalogue } from '../../shared/catalogue';
import { TOOL_OPERATIONS } from '../../shared/mcp/tool-operations';
import { readdirSync } from 'node:fs';
import * as shared from '../../shared';
import { sheetsFunctions, sidebarPanels, unreachableInSheets } from '../../scripts/parity-sources';
import { customFunctionDeclarations } from '../../apps-script/src/custom-functions/registry';
import { sidebarPanels as panels } from '../../apps-script/src/sidebar/panels';
import { serverFunctions } from '../../apps-script/src/server-functions';
import { publishedToolNames } from '../support/published-tool-names';
import { paritySection, parityTable } from '../../scripts/parity-table';

let sb: RunningSandbox;
let published: string[];
beforeAll(async () => {
  sb = await startSandbox({ port: 0, contacts: 100, companies: 20, log: () => undefined });
  const res = await fetch(sb.mcp, {
    method: 'POST',
    headers: { token: sb.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  published = ((await res.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
});
afterAll(() => sb.close());

const known = new Set(catalogue.map((op) => op.id));

describe('MCP parity table', () => {
  it('every tool of the live tools/list has a row whose operation is in the catalogue', () => {
    expect(published).toHaveLength(54);
    const noRow = published.filter((tool) => !(tool in TOOL_OPERATIONS));
    expect(noRow).toEqual([]);
    const missing = published.filter((tool) => !known.has(TOOL_OPERATIONS[tool]));
    expect(missing).toEqual([]);
  });

  it('has no row for a tool the service does not publish', () => {
    expect(Object.keys(TOOL_OPERATIONS).filter((tool) => !published.includes(tool))).toEqual([]);
  });

  it('is exactly what scripts/parity-table.ts generates (run `npx tsx scripts/parity-table.ts` after a change)', () => {
    const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    expect(paritySection(readme)).toBe(parityTable(published));
  });

  it('the table cannot be written without a row for each published tool', () => {
    const table = parityTable([...published, 'tool_from_tomorrow']);
    expect(table).toContain('| `tool_from_tomorrow` | **no row** |');
  });

  it('the tool map names exactly the published 54 tools (public reference), each once', () => {
    expect(Object.keys(TOOL_OPERATIONS).sort()).toEqual([...publishedToolNames()].sort());
    expect(new Set(Object.values(TOOL_OPERATIONS)).size).toBe(54);
  });

  it('"where it appears" comes from the declarations: every Sheets function and sidebar panel names catalogue operations', () => {
    const { functions } = sheetsFunctions();
    expect([...functions.keys()].sort()).toEqual(Object.keys(customFunctionDeclarations).sort());
    for (const [fn, ops] of functions) {
      expect([fn, ops.length > 0]).toEqual([fn, true]);
      for (const id of ops) expect(known.has(id)).toBe(true);
    }
    // Issue 22: the functions and panels the text-matched table missed.
    const table = parityTable(published);
    for (const fn of ['PDS_TEMPLATES', 'PDS_TASKS', 'PDS_ACTIVITY', 'PDS_CALL_DISPOSITIONS', 'PDS_CALL_SENTIMENTS']) expect(table).toContain(`\`${fn}\``);
    expect(table).toMatch(/\| `get_lists` \| `lists\.getAll` \|[^\n]*\| lists, run-operation, imports \|/);
    expect(table).toMatch(/\| `research_contacts` \|[^\n]*\| enrich, enrich-sheet, run-operation \|/);
    const byPanel = sidebarPanels();
    expect(byPanel.get('lists.create')).toEqual(['lists', 'run-operation']);
    expect(byPanel.get('mcp.callTool')).toEqual(['mcp-tool']);
  });

  it('every catalogue operation is reachable somewhere in Sheets, and every tool through the MCP panel', () => {
    expect(unreachableInSheets()).toEqual([]);
    // The MCP panel lists the live tools/list and calls through mcp.callTool (test/apps-script/run-operation.test.ts
    // finds the 54 published names there), so a tool is reachable as long as that panel runs the MCP call.
    expect(sidebarPanels().get('mcp.callTool')).toContain('mcp-tool');
  });

  it('each panel declares server functions that exist, and every sidebar server function belongs to exactly one panel', () => {
    const declared = panels.flatMap((p) => p.functions);
    expect(declared.filter((f, i) => declared.indexOf(f) !== i)).toEqual([]);
    for (const f of declared) expect([f, serverFunctions[f]?.guard]).toEqual([f, 'sidebar']);
    const sidebarFunctions = Object.entries(serverFunctions)
      .filter(([name, e]) => e.guard === 'sidebar' && name !== 'showSidebar')
      .map(([name]) => name);
    expect(sidebarFunctions.filter((f) => !declared.includes(f))).toEqual([]);
  });

  it("a panel's declaration covers every operation its module names (its code cannot reach more than the table says)", () => {
    const byExport = new Map<unknown, string>();
    for (const value of Object.values(shared)) if (catalogue.includes(value as never)) byExport.set(value, (value as { id: string }).id);
    const names = new Map(Object.entries(shared).flatMap(([name, value]) => (byExport.has(value) ? [[name, byExport.get(value)!]] : [])));
    const sidebarDir = join(__dirname, '..', '..', 'apps-script', 'src', 'sidebar');
    for (const panel of panels) {
      const file = readdirSync(sidebarDir).find((f) => f === `${panel.name}.ts`);
      expect([panel.name, file]).toEqual([panel.name, `${panel.name}.ts`]);
      const text = readFileSync(join(sidebarDir, file!), 'utf8');
      const named = [...new Set([...text.matchAll(/\b(\w+Operation)\b/g)].map((m) => names.get(m[1])).filter(Boolean))];
      const ops = new Set(panel.operations().map((op) => op.id));
      expect([panel.name, named.filter((id) => !ops.has(id!))]).toEqual([panel.name, []]);
    }
  });
});
