import type { INodeProperties } from 'n8n-workflow';
import type { AnyOperation } from '../../../../shared';
import { TOOL_DEFAULT_MAX_CREDITS } from '../tool-mode';
import { operationAction } from './operation-names';

/** The first node version whose tool use describes the chosen operation to the model (older ones: n8n's generic text). */
export const TOOL_DESCRIPTION_SINCE_VERSION = 4;

/** A catalogue operation, or a node extra (the custom call) described the same way. */
export type Described = Pick<AnyOperation, 'title' | 'description' | 'resource' | 'action'> & Partial<AnyOperation>;

/** The cost, unless the catalogue's description already says it; research always adds the tool's default cap. */
function costSentence(op: Described): string {
  const said = /\bfree\b|credit/i.test(op.description);
  if (op.credits !== 'perItem') return said ? '' : 'Free: spends no credits.';
  const cost = said ? '' : 'Costs 1 credit per item researched. ';
  return `${cost}As a tool, one call spends at most ${TOOL_DEFAULT_MAX_CREDITS} credits unless Maximum Credits is set in the node's options.`;
}

function limitSentence(op: Described): string {
  const paging = op.pagination;
  if (paging && paging.style !== 'none') return `Returns a list of records, read in pages of up to ${paging.maxLimit}.`;
  if (op.submitsResearch) return "Waits for the research results within the node's time limit and returns one record per item.";
  return '';
}

function repeatSentence(op: Described): string {
  // What the model must know before calling again: an unsafe action is never repeated by the node after a failure.
  return op.retry === 'unsafe' ? 'It acts once: the node never repeats it after an ambiguous failure.' : '';
}

/**
 * What the model reads about this tool: what the operation does, what it costs, its limits. Derived from the
 * operation's catalogue entry (or the node extra's summary), so it follows the catalogue.
 */
export function toolDescriptionText(op: Described): string {
  return [`${op.title}: ${op.description}`, costSentence(op), limitSentence(op), repeatSentence(op)].filter(Boolean).join(' ');
}

/**
 * One `toolDescription` per operation, shown only when the node is an AI agent's tool (`@tool`) and only from node
 * version 4. n8n adds its own generic "Tool Description" field only when a node has no property of this name, and
 * hands the model this parameter's value (its default when the user never edits it).
 */
export function toolDescriptionProperties(ops: readonly AnyOperation[], extras: readonly Described[], nodeVersion: number): INodeProperties[] {
  if (nodeVersion < TOOL_DESCRIPTION_SINCE_VERSION) return [];
  const described: Described[] = [...ops, ...extras];
  return described.map((op) => ({
    displayName: 'Tool Description',
    name: 'toolDescription',
    type: 'string',
    typeOptions: { rows: 3 },
    required: true,
    default: toolDescriptionText(op),
    displayOptions: { show: { '@tool': [true], resource: [op.resource], operation: [op.action] } },
    description: `What the AI agent reads about this tool ("${operationAction(op)}"); edit it to steer when the agent calls it`,
  }));
}
