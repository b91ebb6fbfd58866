import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { ProspectingError, UNKNOWN_OUTCOME_ADVICE, ValidationError } from '../../../shared';

export type NodeFailure = NodeApiError | NodeOperationError;

function isN8nError(error: unknown): error is NodeFailure {
  return error instanceof NodeApiError || error instanceof NodeOperationError;
}

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);
const same = (a: string) => a.trim().toLowerCase();

/**
 * The message without the sentences the description (n8n shows both, one under the other) or the message itself
 * already says: a 401's "Check the API key …" is said once, as the hint (issue 30 point 10).
 */
export function withoutRepeats(message: string, description?: string | null): string {
  const said = new Set(sentencesOf(description ?? '').map(same));
  const kept = sentencesOf(message).filter((s) => !said.has(same(s)) && (said.add(same(s)), true));
  return kept.join(' ') || message;
}

/**
 * Core errors → n8n errors. An HTTP answer becomes a NodeApiError carrying the service's own message and
 * status; a problem found before sending (a field, the credit cap) or a lost connection becomes a
 * NodeOperationError. The description is the hint: what the user can do about it.
 */
export function toNodeError(node: INode, error: unknown, itemIndex?: number): NodeFailure {
  if (isN8nError(error)) return error;
  if (error instanceof ProspectingError) {
    const unknown = error.outcome === 'unknown';
    const description = unknown ? RECONCILE_HINT : (error.hint ?? (error instanceof ValidationError ? fieldsHint(error) : undefined));
    const message = withoutRepeats(error.message, description);
    let failure: NodeFailure;
    if (error.status !== undefined && error.status > 0) {
      const response: JsonObject = { message: error.serviceMessage ?? error.message, status: error.status };
      if (error.code) response.code = error.code;
      failure = new NodeApiError(node, response, { message, description, httpCode: String(error.status), itemIndex });
      // Without a hint n8n shows the service's message as the description: the message already says it.
      if (!description && failure.description && message.includes(failure.description)) failure.description = null;
    } else failure = new NodeOperationError(node, message, { description, itemIndex });
    // n8n swaps a message naming ECONNRESET for "You can retry the request immediately": never after an unknown outcome.
    if (unknown) failure.message = message;
    Object.assign(failure.context, outcomeFields(error, itemIndex));
    return failure;
  }
  return new NodeOperationError(node, error instanceof Error ? error : String(error), { itemIndex });
}

/** What to do after an unknown outcome (README "Reconciling an unknown outcome"). */
const RECONCILE_HINT = `${UNKNOWN_OUTCOME_ADVICE} See "Reconciling an unknown outcome" in the package's README.`;

/** Fields a following node (an IF on `outcome`) can test: the outcome, the operation and the input item. */
function outcomeFields(error: unknown, itemIndex: number | undefined): IDataObject {
  const out: IDataObject = { outcome: error instanceof ProspectingError && error.outcome === 'unknown' ? 'unknown' : 'failed' };
  if (error instanceof ProspectingError && error.operation) out.operation = error.operation;
  if (itemIndex !== undefined) out.item = itemIndex;
  return out;
}

function fieldsHint(error: ValidationError): string | undefined {
  const named = error.issues.filter((i) => i.field && i.field !== '(input)');
  return named.length ? `Fix ${named.map((i) => i.field).join(', ')} and run again.` : undefined;
}

/**
 * The json of an error item under "Continue on Fail": the message, the outcome ('unknown': may have been carried
 * out; 'failed'), the operation and the input item, what to do, and the service's facts.
 */
export function errorItemJson(error: unknown, itemIndex?: number): IDataObject {
  const out: IDataObject = { error: error instanceof Error ? error.message : String(error), ...outcomeFields(error, itemIndex) };
  if (error instanceof ProspectingError) {
    if (error.outcome === 'unknown') out.hint = RECONCILE_HINT;
    else if (error.hint) out.hint = error.hint;
    // `error` and `hint` are read together: a sentence the hint says is not said twice.
    if (typeof out.hint === 'string') out.error = withoutRepeats(error.message, out.hint);
    if (error.status) out.status = error.status;
    if (error.code) out.code = error.code;
    if (error.serviceMessage) out.serviceMessage = error.serviceMessage;
  } else if (isN8nError(error) && error.description) out.hint = error.description;
  return out;
}
