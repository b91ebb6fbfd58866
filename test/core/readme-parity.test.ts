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
import { sheetsFunctions, sidebarPanels } from '../../scripts/parity-sources';
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

  it('"where it appears" is read from the code: every Sheets function and sidebar panel maps to catalogue operations', () => {
    const { functions } = sheetsFunctions();
    expect(functions.size).toBeGreaterThanOrEqual(10);
    for (const [fn, ops] of functions) {
      expect([fn, ops.length > 0]).toEqual([fn, true]);
      for (const id of ops) expect(known.has(id)).toBe(true);
    }
    const panels = sidebarPanels();
    expect(panels.get('lists.create')).toEqual(['lists']);
    expect(panels.get('contacts.research')).toEqual(['enrich']);
  });
});
