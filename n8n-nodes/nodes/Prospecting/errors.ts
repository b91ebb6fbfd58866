import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { ProspectingError, ValidationError } from '../../../shared';

export type NodeFailure = NodeApiError | NodeOperationError;

function isN8nError(error: unknown): error is NodeFailure {
  return error instanceof NodeApiError || error instanceof NodeOperationError;
}

/**
 * Core errors → n8n errors. An HTTP answer becomes a NodeApiError carrying the service's own message and
 * status; a problem found before sending (a field, the credit cap) or a lost connection becomes a
 * NodeOperationError. The description is the hint: what the user can do about it.
 */
export function toNodeError(node: INode, error: unknown, itemIndex?: number): NodeFailure {
  if (isN8nError(error)) return error;
  if (error instanceof ProspectingError) {
    const description = error.hint ?? (error instanceof ValidationError ? fieldsHint(error) : undefined);
    if (error.status !== undefined && error.status > 0) {
      const response: JsonObject = { message: error.serviceMessage ?? error.message, status: error.status };
      if (error.code) response.code = error.code;
      return new NodeApiError(node, response, { message: error.message, description, httpCode: String(error.status), itemIndex });
    }
    return new NodeOperationError(node, error.message, { description, itemIndex });
  }
  return new NodeOperationError(node, error instanceof Error ? error : String(error), { itemIndex });
}

function fieldsHint(error: ValidationError): string | undefined {
  const named = error.issues.filter((i) => i.field && i.field !== '(input)');
  return named.length ? `Fix ${named.map((i) => i.field).join(', ')} and run again.` : undefined;
}

/** The json of an error item under "Continue on Fail": the message, what to do, and the service's facts. */
export function errorItemJson(error: unknown): IDataObject {
  const out: IDataObject = { error: error instanceof Error ? error.message : String(error) };
  if (error instanceof ProspectingError) {
    if (error.hint) out.hint = error.hint;
    if (error.status) out.status = error.status;
    if (error.code) out.code = error.code;
    if (error.serviceMessage) out.serviceMessage = error.serviceMessage;
  } else if (isN8nError(error) && error.description) out.hint = error.description;
  return out;
}
