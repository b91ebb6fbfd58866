import type { INodeProperties } from 'n8n-workflow';

/**
 * Field settings that change what a saved workflow would get (a default, the editor's type options), so they apply
 * only from the node version given: older versions keep theirs (test/n8n/node-versions/). Keyed `<operation id>.<field>`.
 */
export const fieldChanges: Readonly<Record<string, { since: number; change: Partial<INodeProperties> }>> = {
  // A message is several lines: a multi-line editor.
  'emails.send.body': { since: 3, change: { typeOptions: { rows: 6 } } },
  // As Research's Search Result ID does: each input item's contact, by default.
  'emails.send.contactId': { since: 3, change: { default: '={{ $json.contactId }}' } },
};

/**
 * Fields the node's published versions show at the top level as required, which the service (and so the catalogue)
 * now takes as optional. Kept so: saved workflows hold them there, and the value the form always sends is harmless
 * (Create Task's Priority defaults to 0, the service's own default). Keyed `<operation id>.<field>`.
 */
export const keptRequired: ReadonlySet<string> = new Set(['tasks.create.priority']);

export function fieldChangeFor(operationId: string, field: string, nodeVersion: number): Partial<INodeProperties> {
  const entry = fieldChanges[`${operationId}.${field}`];
  return entry && nodeVersion >= entry.since ? entry.change : {};
}
