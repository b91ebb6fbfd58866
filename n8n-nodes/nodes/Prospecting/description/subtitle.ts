import type { AnyOperation } from '../../../../shared';
import { nodeOperations } from './index';
import { operationAction } from './operation-names';

/**
 * The canvas subtitle: the action of the chosen operation ("Get many saved contacts"), not its raw values
 * ("list: orgContacts"). n8n evaluates the subtitle as an expression over the node's parameters, so the
 * resource:operation → action table derived from the catalogue is written into the expression itself.
 */
export function subtitleExpression(ops: readonly AnyOperation[] = nodeOperations): string {
  const table = Object.fromEntries(ops.map((op) => [`${op.resource}:${op.action}`, operationAction(op)]));
  return `={{ ${JSON.stringify(table)}[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}`;
}
