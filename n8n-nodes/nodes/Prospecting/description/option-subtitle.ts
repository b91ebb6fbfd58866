import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * A canvas subtitle that shows the chosen option's name ("New or Updated Saved Contact"), not its value
 * ("newContacts"). n8n evaluates the subtitle as an expression over the node's parameters, so the value → name table
 * of the field's options is written into the expression. A multi-option field shows its names joined by ", ".
 */
export function optionSubtitle(property: INodeProperties): string {
  const names = Object.fromEntries((property.options as INodePropertyOptions[]).map((o) => [String(o.value), o.name]));
  const table = JSON.stringify(names);
  const param = `$parameter[${JSON.stringify(property.name)}]`;
  if (property.type === 'multiOptions') {
    return `={{ (${param} || []).map(function (v) { return ${table}[v] || v; }).join(", ") }}`;
  }
  return `={{ ${table}[${param}] || ${param} }}`;
}
