/**
 * The 54 MCP tool names as the service publishes them, read from the public reference's section "The 54 MCP tool
 * names" (docs/spec/public-reference.md), so a test compares the sandbox and the connector with the published list
 * rather than with a copy of it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const REFERENCE = join(__dirname, '..', '..', 'docs', 'spec', 'public-reference.md');

export function publishedToolNames(): string[] {
  const text = readFileSync(REFERENCE, 'utf8');
  const start = text.indexOf('## The 54 MCP tool names');
  if (start < 0) throw new Error(`${REFERENCE} has no section "The 54 MCP tool names"`);
  const end = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  // The names are in the bullet lines ("- Lists: get_lists, create_list, ..."), after each group's label.
  const bullets = section.split('\n- ').slice(1).join(' ');
  return [...bullets.matchAll(/(?:^|[\s,:])([a-z]+(?:_[a-z]+)+)(?=[,.\s]|$)/g)].map((m) => m[1]);
}
