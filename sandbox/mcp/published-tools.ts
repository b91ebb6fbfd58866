/**
 * The tools the MCP endpoint publishes: the nine with MCP-specific behaviour (tools.ts: research that can wait,
 * 30-day org reads) and the 45 that are one REST operation each (rest-tools-*.ts), 54 in all (DECISIONS "MCP tools
 * and parity"), plus any extra REST-backed tool the config names (a tool the service adds later).
 */
import type { SandboxConfig } from '../config';
import { annotationsOf, listOutput, recordOutput } from './rest-tool-kit';
import { campaignTools } from './rest-tools-campaigns';
import { outreachTools } from './rest-tools-outreach';
import { workTools } from './rest-tools-work';
import type { RestToolSpec, ToolAnnotations } from './tool-types';
import { TOOLS, type Tool } from './tools';

export interface PublishedTool {
  name: string;
  description: string;
  inputSchema: object;
  outputSchema: object;
  annotations: ToolAnnotations;
  /** Exactly one of: the tool's own code, or the REST route it runs. */
  native?: Tool;
  rest?: RestToolSpec;
}

export const REST_TOOLS: readonly RestToolSpec[] = [...campaignTools, ...outreachTools, ...workTools];

const fromNative = (t: Tool): PublishedTool => ({
  name: t.name,
  description: t.description,
  inputSchema: t.inputSchema,
  outputSchema: t.outputSchema,
  annotations: t.annotations,
  native: t,
});

const fromRest = (spec: RestToolSpec): PublishedTool => ({
  name: spec.name,
  description: spec.description,
  inputSchema: spec.inputSchema,
  outputSchema: spec.returns === 'list' ? listOutput : recordOutput,
  annotations: annotationsOf(spec),
  rest: spec,
});

const BUILT_IN: readonly PublishedTool[] = [...TOOLS.map(fromNative), ...REST_TOOLS.map(fromRest)];
const BUILT_IN_NAMES = new Set(BUILT_IN.map((t) => t.name));

/** Every published tool, in the order tools/list gives them; an extra tool never replaces a built-in one. */
export function publishedTools(config: SandboxConfig): PublishedTool[] {
  return [...BUILT_IN, ...config.mcp.extraTools.filter((s) => !BUILT_IN_NAMES.has(s.name)).map(fromRest)];
}

export function findTool(config: SandboxConfig, name: string): PublishedTool | undefined {
  return publishedTools(config).find((t) => t.name === name);
}
