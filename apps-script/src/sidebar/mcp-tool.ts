/**
 * Sidebar "Call an MCP tool": any tool of the service's live tools/list (a tool it adds tomorrow is there at once),
 * its form made by the sidebar from the tool's inputSchema, its arguments checked against that schema before anything
 * is sent, through the core's MCP call. Preview, confirmation and runs as "Run an operation" (run/).
 */
import { listMcpTools, type McpTool } from '../../../shared/mcp';
import { makeClient, run } from '../client';
import type { RunRequest } from '../run/run-rows';
import { toolRunnable } from '../run/runnable';
import { optionalText } from './inputs';
import { runPanel } from './run-operation';
import { fail } from '../errors';

/** The tools the service publishes now, sorted by name. */
export function mcpToolForms(): McpTool[] {
  const client = makeClient();
  return run(client, listMcpTools(client)).sort((a, b) => a.name.localeCompare(b.name));
}

interface ToolRequest extends RunRequest {
  tool: string;
}

/** The request's tool, as the service lists it now. */
export const { preview: previewMcpTool, run: runMcpTool } = runPanel<ToolRequest>((request) => {
  const wanted = optionalText(request.tool, 'request.tool');
  if (!wanted) fail('request.tool: choose a tool.');
  const client = makeClient();
  const tool = run(client, listMcpTools(client)).find((t) => t.name === wanted);
  if (!tool) fail(`request.tool: the service lists no tool "${wanted.slice(0, 80)}" now. Nothing was sent.`);
  return { runnable: toolRunnable(tool), client };
});
