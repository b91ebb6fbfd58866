import type { FieldKind, FormField } from '../../../shared/catalogue/form-fields';

type Schema = Record<string, unknown>;

/** A property's kind from its JSON Schema: ids typed text-or-number are text; arrays of scalars are lists; else JSON. */
function kindOf(schema: Schema): { kind: FieldKind; choices?: string[] } {
  if (Array.isArray(schema.enum)) return { kind: 'choice', choices: schema.enum.map(String) };
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null');
  if (types.length === 1 && (types[0] === 'integer' || types[0] === 'number')) return { kind: 'number' };
  if (types.length === 1 && types[0] === 'boolean') return { kind: 'boolean' };
  if (types.every((t) => t === 'string' || t === 'integer' || t === 'number') && types.length > 0) return { kind: 'text' };
  if (types[0] === 'array') {
    const item = kindOf((schema.items ?? {}) as Schema).kind;
    if (item !== 'json' && item !== 'boolean') return { kind: 'list' };
  }
  return { kind: 'json' };
}

/** The form of an MCP tool: one field per property of its inputSchema (the live tools/list's, so a new tool has one). */
export function toolFields(inputSchema: Schema): FormField[] {
  const properties = (inputSchema.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required.map(String) : []);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    ...kindOf(schema ?? {}),
    required: required.has(name),
    ...(typeof schema?.description === 'string' ? { description: schema.description } : {}),
  }));
}
