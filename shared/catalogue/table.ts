import { customCallSummary } from '../custom-call/request';
import type { AnyOperation } from './types';

const START = '<!-- catalogue:start -->';
const END = '<!-- catalogue:end -->';

function pagingText(op: AnyOperation): string {
  if (op.pagination.style === 'page') return `page + limit (≤ ${op.pagination.maxLimit})`;
  if (op.pagination.style === 'offset') return `offset + limit (≤ ${op.pagination.maxLimit})`;
  if (op.pagination.style === 'nextToken') return `nextToken (≤ ${op.pagination.maxLimit})`;
  return '';
}

/** The README's operations table, generated from the catalogue so the two cannot disagree. */
export function catalogueTable(ops: readonly AnyOperation[]): string {
  const rows = ops.map((op) => {
    const route = op.mcp ? `MCP \`${op.mcp === 'features' ? 'resources/read me' : op.mcp}\`` : `\`${op.method} /${op.version}${op.path}\``;
    const credits = op.credits === 'perItem' ? '1 per item' : 'free';
    const batch = op.batch ? `${op.batch.fields.join(', ')}: split by \`${op.batch.setting}\`` : '';
    return `| \`${op.id}\` | ${op.title} | ${route} | ${credits} | ${op.retry} | ${pagingText(op)} | ${batch} |`;
  });
  // The custom call is not a catalogue operation (the caller names the path) but users find it in this table.
  const custom = customCallSummary;
  rows.push(`| \`${custom.id}\` | ${custom.title} | ${custom.route} | free | ${custom.retry} |  |  |`);
  return [START, '| id | operation | route | credits | repeat on failure | pagination | per-request cap |', '|---|---|---|---|---|---|---|', ...rows, END].join(
    '\n',
  );
}

/** Replaces the generated section of a README text. */
export function withCatalogueTable(readme: string, table: string): string {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < 0) throw new Error(`README lacks the ${START} … ${END} markers`);
  return readme.slice(0, a) + table + readme.slice(b + END.length);
}

export function catalogueSection(readme: string): string | null {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  return a < 0 || b < 0 ? null : readme.slice(a, b + END.length);
}
