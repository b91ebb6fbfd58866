/**
 * What a saved workflow relies on in a node description, as a set of plain lines ("facts"): the node's name and
 * version, its credentials, and for every parameter its name, where it shows, its type, default, required flag,
 * type options, option values, resource-locator modes and nested parameters. Wording (display names, descriptions,
 * placeholders, option labels) is left out: changing it breaks no workflow. A fact of an old description missing
 * from the new one is a breaking change; a new fact is an addition.
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

/** JSON with sorted keys, so facts do not depend on key order. */
export function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

type Option = INodePropertyOptions | INodeProperties | INodePropertyCollection;

function isValueOption(o: Option): o is INodePropertyOptions {
  return 'value' in o;
}

function isCollection(o: Option): o is INodePropertyCollection {
  return 'values' in o && Array.isArray((o as INodePropertyCollection).values);
}

function parameterFacts(props: readonly INodeProperties[], prefix: string, out: string[]): void {
  for (const p of props) {
    const key = `${prefix}${p.name}${p.displayOptions ? ` shown ${stable(p.displayOptions)}` : ''}`;
    out.push(`${key}: type ${p.type}`, `${key}: default ${stable(p.default)}`);
    if (p.required) out.push(`${key}: required`);
    if (p.noDataExpression) out.push(`${key}: noDataExpression`);
    if (p.typeOptions) out.push(`${key}: typeOptions ${stable(p.typeOptions)}`);
    for (const mode of p.modes ?? []) out.push(`${key}: mode ${mode.name} ${mode.type} ${stable(mode.typeOptions)}`);
    for (const option of (p.options ?? []) as Option[]) {
      if (isValueOption(option)) out.push(`${key}: option ${stable(option.value)}`);
      else if (isCollection(option)) parameterFacts(option.values, `${key} > ${option.name} > `, out);
      else parameterFacts([option], `${key} > `, out);
    }
  }
}

/** The facts of a node description a saved workflow depends on, sorted. */
export function descriptionFacts(description: INodeTypeDescription): string[] {
  const out = [`node name ${description.name}`, `node version ${stable(description.version)}`];
  for (const c of description.credentials ?? []) out.push(`credential ${c.name}${c.required ? ' required' : ''} shown ${stable(c.displayOptions)}`);
  parameterFacts(description.properties, '', out);
  return [...new Set(out)].sort();
}

/** Facts of `before` that `after` lacks (breaking), and facts `after` adds. */
export function compareFacts(before: readonly string[], after: readonly string[]): { missing: string[]; added: string[] } {
  const a = new Set(after);
  const b = new Set(before);
  return { missing: before.filter((f) => !a.has(f)), added: after.filter((f) => !b.has(f)) };
}
