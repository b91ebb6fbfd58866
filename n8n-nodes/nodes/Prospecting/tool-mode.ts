import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Research spends credits, and an AI agent decides by itself how often to call its tools: as a tool, a research
 * call is capped at this many credits unless the user sets Maximum Credits (Options) to another value.
 */
export const TOOL_DEFAULT_MAX_CREDITS = 25;

/** Whether the node runs as an AI agent's tool: n8n gives usable-as-tool nodes the type `<package>.<name>Tool`. */
export function runsAsTool(ctx: Pick<IExecuteFunctions, 'getNode'>): boolean {
  return /Tool$/.test(ctx.getNode().type);
}

/** The credit cap of a research run: the user's Maximum Credits when set, else the tool default when run as a tool. */
export function maxCreditsFor(ctx: Pick<IExecuteFunctions, 'getNode'>, given: unknown): unknown {
  return given === undefined && runsAsTool(ctx) ? TOOL_DEFAULT_MAX_CREDITS : given;
}
