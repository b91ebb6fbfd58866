/**
 * Writes the README's MCP parity table: one row per MCP tool the service publishes (the sandbox's tools/list), the
 * catalogue operation that covers it (shared/mcp/tool-operations.ts) and where that operation appears in n8n, Sheets
 * functions and the sidebar (scripts/parity-sources.ts: the registry's and the panels' declarations). Run
 * `npx tsx scripts/parity-table.ts` after changing any of them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveConfig } from '../sandbox/config';
import { publishedTools } from '../sandbox/mcp/published-tools';
import { catalogue } from '../shared/catalogue';
import { LISTING_TOOL_READS, TOOL_OPERATIONS } from '../shared/mcp/tool-operations';
import { n8nPlaces, sheetsFunctions, sidebarPanels } from './parity-sources';

export const README_PATH = join(__dirname, '..', 'README.md');
const START = '<!-- parity:start -->';
const END = '<!-- parity:end -->';

/** Operations no tool covers and that are not plumbing (tokens, the custom call, the MCP operations themselves). */
function restOnly(covered: Set<string>): string[] {
  return catalogue.filter((op) => !covered.has(op.id) && !(op.id in LISTING_TOOL_READS) && !op.mcp && op.auth !== 'none').map((op) => op.id);
}

export function parityTable(toolNames: readonly string[] = publishedTools(resolveConfig()).map((t) => t.name)): string {
  const known = new Set(catalogue.map((op) => op.id));
  const n8n = n8nPlaces();
  const sheets = sheetsFunctions().byOperation;
  const sidebar = sidebarPanels();
  const code = (items: readonly string[] | undefined) => (items?.length ? items.map((s) => `\`${s}\``).join(', ') : '');
  const rows = toolNames.map((tool) => {
    const id = TOOL_OPERATIONS[tool];
    if (!id) return `| \`${tool}\` | **no row** |  |  |  |`;
    if (!known.has(id)) return `| \`${tool}\` | \`${id}\` (**missing**) |  |  |  |`;
    return `| \`${tool}\` | \`${id}\` | ${n8n.get(id) ?? ''} | ${code(sheets.get(id))} | ${(sidebar.get(id) ?? []).join(', ')} |`;
  });
  const covered = new Set(Object.values(TOOL_OPERATIONS));
  const only = restOnly(covered);
  const listing = Object.entries(LISTING_TOOL_READS).map(([id, tool]) => `\`${id}\` (\`${tool}\`)`);
  // Every operation no tool covers still has its places in the targets.
  const others = catalogue
    .filter((op) => !covered.has(op.id))
    .map((op) => {
      const tool = LISTING_TOOL_READS[op.id] ? `through \`${LISTING_TOOL_READS[op.id]}\`` : op.mcp ? `MCP \`${op.mcp}\`` : 'none';
      return `| \`${op.id}\` | ${tool} | ${n8n.get(op.id) ?? ''} | ${code(sheets.get(op.id))} | ${(sidebar.get(op.id) ?? []).join(', ')} |`;
    });
  return [
    START,
    `${toolNames.length} tools. Every tool is also callable as is through \`mcp.callTool\`: in n8n MCP Tool › Call an MCP Tool, in Sheets the ` +
      'sidebar panel "Call an MCP tool" (mcp-tool), which lists the live tools/list. The sidebar panel "Run an operation" ' +
      '(run-operation) runs any catalogue operation but the MCP call.',
    '',
    '| MCP tool | catalogue operation | n8n action node | Sheets function | sidebar |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    'The other catalogue operations (no tool of their own):',
    '',
    '| catalogue operation | MCP | n8n action node | Sheets function | sidebar |',
    '|---|---|---|---|---|',
    ...others,
    '',
    `Single-record reads with no tool of their own, read over MCP through the listing tool: ${listing.join(', ')}.`,
    '',
    `Operations with no MCP tool (REST only): ${only.map((id) => `\`${id}\``).join(', ')}.`,
    END,
  ].join('\n');
}

export function withParityTable(readme: string, table: string): string {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < 0) throw new Error(`README lacks the ${START} … ${END} markers`);
  return readme.slice(0, a) + table + readme.slice(b + END.length);
}

export function paritySection(readme: string): string | null {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  return a < 0 || b < 0 ? null : readme.slice(a, b + END.length);
}

if (require.main === module) {
  writeFileSync(README_PATH, withParityTable(readFileSync(README_PATH, 'utf8'), parityTable()));
  console.log('README.md: MCP parity table written');
}
