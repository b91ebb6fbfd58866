/**
 * MCP tools as the service lists them today (tools/list, so a tool it adds tomorrow is usable at once) and a tool
 * call: arguments checked against the tool's inputSchema before anything is sent, the answer's structuredContent
 * as the result, a tool error (`isError`) as a clear error.
 */
import { callMcpToolInput, callMcpToolOperation, listMcpToolsOperation, type CallMcpToolInput } from '../catalogue/mcp';
import type { Client } from '../client';
import type { Flow } from '../effects';
import { mayHaveActed, UnexpectedResponseError, ValidationError } from '../errors';
import { capText } from '../errors/cap-text';
import { isObject } from '../flow/is-object';
import { refusal } from '../flow/refusal';
import type { RetrySafety } from '../flow/retry';
import { validate } from '../validation/format';
import { McpError } from './errors';
import { mcpMessage } from './exchange';
import { schemaIssues } from './json-schema';
import { uncheckedKeywords } from './json-schema-keywords';
import { readMarkdownTable } from './markdown-table';

export interface McpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
}

/**
 * The tool list each client last read: one tools/list per run, read again when a named tool is missing from it.
 * Its annotations are never trusted to allow a repeat (see `callMcpTool`): only a list read for the call itself is.
 */
const known = new WeakMap<Client, McpTool[]>();
/** tools/list pages read at most: a service paging past this (or handing a cursor back again) gets a clear error. */
export const MAX_TOOL_PAGES = 100;

/** `Call an MCP tool search_contacts`: how messages about one tool's call name it. */
const toolTitle = (tool: McpTool) => `${callMcpToolOperation.title} ${tool.name}`;

/** Reads entries leniently: a tool needs a name; a missing schema means "no arguments are checked here". */
function readTool(raw: unknown): McpTool | null {
  if (!isObject(raw) || typeof raw.name !== 'string' || !raw.name) return null;
  return {
    name: raw.name,
    description: typeof raw.description === 'string' ? raw.description : '',
    inputSchema: isObject(raw.inputSchema) ? raw.inputSchema : { type: 'object' },
    ...(isObject(raw.outputSchema) ? { outputSchema: raw.outputSchema } : {}),
    ...(isObject(raw.annotations) ? { annotations: raw.annotations as McpTool['annotations'] } : {}),
  };
}

/** Every tool the service publishes now (following nextCursor pages to the end). */
export function* listMcpTools(client: Client): Flow<McpTool[]> {
  const tools: McpTool[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const result = yield* mcpMessage(client, listMcpToolsOperation, 'tools/list', cursor ? { cursor } : {}, 'safe');
    for (const raw of Array.isArray(result.tools) ? result.tools : []) {
      const tool = readTool(raw);
      if (tool) tools.push(tool);
    }
    cursor = typeof result.nextCursor === 'string' && result.nextCursor ? result.nextCursor : undefined;
    if (!cursor) break;
    // A list that does not end would hide a tool behind it: say so rather than call the list complete.
    const loops = cursors.has(cursor);
    if (loops || page >= MAX_TOOL_PAGES) {
      const why = loops ? `handed back cursor ${capText(JSON.stringify(cursor), 60)} again` : `still had more after ${MAX_TOOL_PAGES} pages (the most read)`;
      throw new UnexpectedResponseError(`${listMcpToolsOperation.title}: the service's tool list ${why}, so it was not read to its end.`, {});
    }
    cursors.add(cursor);
  }
  known.set(client, tools);
  return tools;
}

/** The tool by name; `fresh` when it comes from a tools/list read during this call rather than from the client's memory. */
function* findTool(client: Client, name: string, mustBeFresh = false): Flow<{ tool: McpTool; fresh: boolean }> {
  const hits = mustBeFresh ? [] : (known.get(client)?.filter((t) => t.name === name) ?? []);
  if (hits.length === 1) return { tool: hits[0], fresh: false };
  const tools = yield* listMcpTools(client);
  const named = tools.filter((t) => t.name === name);
  if (named.length > 1) {
    // Which of them the service would run cannot be told, so neither one's schema can vouch for the arguments.
    throw refusal(callMcpToolOperation.title, 'tool', `the service lists ${named.length} tools named "${name}", so which one would run cannot be told`);
  }
  const tool = named[0];
  if (tool) return { tool, fresh: true };
  const near = tools.filter((t) => t.name.includes(name) || name.includes(t.name)).map((t) => t.name);
  throw refusal(callMcpToolOperation.title, 'tool', `no tool "${name}" on the service${near.length ? ` (did you mean ${near.slice(0, 3).join(', ')}?)` : ''}`);
}

/**
 * Refuses arguments that break the tool's inputSchema, naming each argument path and rule, before the call. A tool
 * whose schema uses a keyword the checker cannot enforce is refused by name instead of being sent unchecked, and
 * arguments that throw while being read (a getter, a proxy) are refused with the reason.
 */
export function checkToolArguments(tool: McpTool, args: Record<string, unknown>): void {
  const title = toolTitle(tool);
  const unchecked = uncheckedKeywords(tool.inputSchema);
  if (unchecked.length) {
    const named = [...new Set(unchecked.map((u) => `${u.keyword} (at ${u.at})`))].slice(0, 5).join(', ');
    throw refusal(title, 'tool', `its inputSchema uses ${named}, which the connector cannot check, so its arguments cannot be checked before sending`);
  }
  let issues: ReturnType<typeof schemaIssues>;
  try {
    issues = schemaIssues(tool.inputSchema, args);
  } catch (error) {
    throw unreadableArguments(title, error);
  }
  if (!issues.length) return;
  const fields = issues.map((i) => ({ field: i.path ? `arguments.${i.path}` : 'arguments', rule: i.rule }));
  const text = fields
    .slice(0, 5)
    .map((f) => `${f.field}: ${f.rule}`)
    .join('; ');
  throw new ValidationError(`${title}: ${text}. Nothing was sent.`, fields);
}

/** Arguments that threw while being read (a getter, a proxy): refused with the reason. */
const unreadableArguments = (title: string, error: unknown) =>
  refusal(title, 'arguments', `could not be read (${error instanceof Error ? error.message : String(error)})`);

/** The arguments as they will travel (JSON), or a clear refusal when reading them throws. */
function snapshot(args: Record<string, unknown>): Record<string, unknown> {
  try {
    return JSON.parse(JSON.stringify(args)) as Record<string, unknown>;
  } catch (error) {
    throw unreadableArguments(callMcpToolOperation.title, error);
  }
}

const isReadOnly = (tool: McpTool) => tool.annotations?.readOnlyHint === true;

/** A tool result's content list ([] when it has none). */
const contentOf = (result: Record<string, unknown>): unknown[] => (Array.isArray(result.content) ? result.content : []);

function textOf(result: Record<string, unknown>): string {
  return contentOf(result)
    .filter((c): c is { type: string; text: string } => isObject(c) && c.type === 'text' && typeof c.text === 'string')
    .map((c) => c.text)
    .join('\n');
}

/**
 * A tool's answer: structuredContent, else its one text content when that is a JSON object or the service's markdown
 * table (rows and total, markdown-table.ts), else the content as given.
 */
function outputOf(result: Record<string, unknown>): Record<string, unknown> {
  if (isObject(result.structuredContent)) return result.structuredContent;
  const text = textOf(result);
  try {
    const parsed: unknown = JSON.parse(text);
    if (isObject(parsed)) return parsed;
  } catch {
    // Not JSON: the service's markdown table, or the content itself.
  }
  return { ...(readMarkdownTable(text) ?? { content: contentOf(result) }) };
}

function toolError(tool: McpTool, result: Record<string, unknown>): McpError {
  const detail = isObject(result.structuredContent) ? result.structuredContent : undefined;
  const said = capText((typeof detail?.message === 'string' && detail.message) || textOf(result) || 'no message');
  const code = typeof detail?.code === 'string' ? detail.code : undefined;
  const status = typeof detail?.status === 'number' ? detail.status : undefined;
  return new McpError(`${toolTitle(tool)}: the tool answered an error: ${said}`, 0, { code, status, serviceMessage: said }, detail);
}

/**
 * Calls one tool. The tool must be on the service's list (read once per client, again when the name is new). Only a
 * tool that a list read during this very call annotates read-only is repeated after an ambiguous failure. A
 * long-lived client's remembered annotation may be stale (the service may have made the tool send something since),
 * so a remembered read-only tool is sent once as unsafe; if that attempt may have acted, the list is read again and
 * the call repeated only when that fresh list still says read-only. Any other tool is never repeated.
 */
export function* callMcpTool(client: Client, rawInput: CallMcpToolInput): Flow<Record<string, unknown>> {
  const input = validate(callMcpToolInput, rawInput ?? {}, callMcpToolOperation.title);
  // What is checked is exactly what is sent: the arguments as JSON, read once (a getter cannot answer twice).
  const args = snapshot(input.arguments ?? {});
  const found = yield* findTool(client, input.tool);
  checkToolArguments(found.tool, args);
  const send = (tool: McpTool, retry: RetrySafety) =>
    mcpMessage(client, { ...callMcpToolOperation, title: toolTitle(tool) }, 'tools/call', { name: tool.name, arguments: args }, retry);
  let tool = found.tool;
  let result: Record<string, unknown>;
  try {
    result = yield* send(tool, found.fresh && isReadOnly(tool) ? 'safe' : 'unsafe');
  } catch (error) {
    if (found.fresh || !isReadOnly(tool) || !mayHaveActed(error)) throw error;
    // Remembered as read-only: ask the service now; repeat only if it still says so (and the arguments still fit).
    const now = (yield* findTool(client, input.tool, true)).tool;
    if (!isReadOnly(now)) throw error;
    checkToolArguments(now, args);
    tool = now;
    result = yield* send(tool, 'safe');
  }
  if (result.isError === true) throw toolError(tool, result);
  return outputOf(result);
}
