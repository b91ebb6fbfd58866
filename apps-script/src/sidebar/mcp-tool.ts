/**
 * Sidebar "Call an MCP tool": any tool of the service's live tools/list (a tool it adds tomorrow is there at once),
 * its form made by the sidebar from the tool's inputSchema, its arguments checked against that schema before anything
 * is sent, through the core's MCP call. Preview, confirmation and runs as "Run an operation" (run/).
 */
import { listMcpTools, type McpTool } from '../../../shared/mcp';
import { makeClient, run } from '../client';
import { previewRun, runPlanned, type RunPreview, type RunRequest, type RunResult } from '../run/run-rows';
import { toolRunnable, type Runnable } from '../run/runnable';
import { optionalText, requestArg } from './inputs';
import { fail } from '../errors';

function runnableTool(name: unknown): { runnable: Runnable; client: ReturnType<typeof makeClient> } {
  const wanted = optionalText(name, 'request.tool');
  if (!wanted) fail('request.tool: choose a tool.');
  const client = makeClient();
  const tool = run(client, listMcpTools(client)).find((t) => t.name === wanted);
  if (!tool) fail(`request.tool: the service lists no tool "${wanted.slice(0, 80)}" now. Nothing was sent.`);
  return { runnable: toolRunnable(tool), client };
}

/** The tools the service publishes now, sorted by name. */
export function mcpToolForms(): McpTool[] {
  const client = makeClient();
  return run(client, listMcpTools(client)).sort((a, b) => a.name.localeCompare(b.name));
}

interface ToolRequest extends RunRequest {
  tool: string;
}

export function previewMcpTool(req: ToolRequest): RunPreview {
  const request = requestArg<ToolRequest>(req);
  return previewRun(runnableTool(request.tool).runnable, request);
}

export function runMcpTool(req: ToolRequest, confirmation: unknown): RunResult {
  const request = requestArg<ToolRequest>(req);
  const { runnable, client } = runnableTool(request.tool);
  return runPlanned(runnable, request, confirmation, client);
}
