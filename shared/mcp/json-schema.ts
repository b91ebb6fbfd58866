/**
 * A small JSON-Schema checker for the subset MCP tools use in their inputSchema: type (one or a list; integer,
 * number, string, boolean, object, array, null), properties, required, additionalProperties (false or a schema),
 * enum, items, minimum / maximum, minLength / maxLength, minItems / maxItems. Keywords outside the subset (format,
 * default, description, ...) are not checked: the service has the last word on those. No I/O, no dependencies, so
 * it runs in Apps Script as well as in Node.
 */

export interface SchemaIssue {
  /** The argument path: `steps[0].dueDay`; empty for the arguments object itself. */
  path: string;
  /** The JSON-Schema keyword that failed. */
  keyword: string;
  /** What the rule says, for a person: `must be at least 1`. */
  rule: string;
}

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'object':
      return isObject(value);
    default:
      return typeOf(value) === type;
  }
}

const join = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);
const show = (v: unknown) => JSON.stringify(v);
const countOf = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

function checkNumber(schema: Schema, value: number, path: string, out: SchemaIssue[]): void {
  if (typeof schema.minimum === 'number' && value < schema.minimum) out.push({ path, keyword: 'minimum', rule: `must be at least ${schema.minimum}` });
  if (typeof schema.maximum === 'number' && value > schema.maximum) out.push({ path, keyword: 'maximum', rule: `must be at most ${schema.maximum}` });
}

function checkString(schema: Schema, value: string, path: string, out: SchemaIssue[]): void {
  // Lengths count characters (code points), as JSON Schema says, not UTF-16 units.
  const length = [...value].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) {
    out.push({
      path,
      keyword: 'minLength',
      rule: schema.minLength === 1 ? 'must not be empty' : `must have at least ${countOf(schema.minLength, 'character')}`,
    });
  }
  if (typeof schema.maxLength === 'number' && length > schema.maxLength)
    out.push({ path, keyword: 'maxLength', rule: `must have at most ${countOf(schema.maxLength, 'character')}` });
}

function checkArray(schema: Schema, value: unknown[], path: string, out: SchemaIssue[]): void {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems)
    out.push({ path, keyword: 'minItems', rule: `must have at least ${countOf(schema.minItems, 'item')}` });
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
    out.push({ path, keyword: 'maxItems', rule: `must have at most ${countOf(schema.maxItems, 'item')}` });
  if (isObject(schema.items)) value.forEach((item, i) => checkValue(schema.items as Schema, item, join(path, i), out));
}

function checkObject(schema: Schema, value: Record<string, unknown>, path: string, out: SchemaIssue[]): void {
  const properties = isObject(schema.properties) ? (schema.properties as Record<string, Schema>) : {};
  if (Array.isArray(schema.required)) {
    for (const key of schema.required as string[]) if (value[key] === undefined) out.push({ path: join(path, key), keyword: 'required', rule: 'is required' });
  }
  for (const [key, child] of Object.entries(value)) {
    if (child === undefined) continue;
    if (key in properties) checkValue(properties[key], child, join(path, key), out);
    else if (schema.additionalProperties === false) {
      const known = Object.keys(properties);
      const hint = known.length ? ` (this tool takes: ${known.join(', ')})` : ' (this tool takes no arguments here)';
      out.push({ path: join(path, key), keyword: 'additionalProperties', rule: `is not an argument of this tool${hint}` });
    } else if (isObject(schema.additionalProperties)) checkValue(schema.additionalProperties as Schema, child, join(path, key), out);
  }
}

function checkValue(schema: Schema, value: unknown, path: string, out: SchemaIssue[]): void {
  if (schema.type !== undefined) {
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
    if (!types.some((t) => matchesType(value, t))) {
      const wanted = types.map((t) => (t === 'integer' ? 'a whole number' : t === 'null' ? 'null' : `${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}`)).join(' or ');
      out.push({ path, keyword: 'type', rule: `must be ${wanted}, not ${typeOf(value) === 'number' ? show(value) : typeOf(value)}` });
      return;
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => show(allowed) === show(value))) {
    out.push({ path, keyword: 'enum', rule: `must be one of ${schema.enum.map(show).join(', ')}` });
    return;
  }
  if (typeof value === 'number') checkNumber(schema, value, path, out);
  else if (typeof value === 'string') checkString(schema, value, path, out);
  else if (Array.isArray(value)) checkArray(schema, value, path, out);
  else if (isObject(value)) checkObject(schema, value, path, out);
}

/** Every place `value` breaks `schema`, in document order (an empty list when it conforms). */
export function schemaIssues(schema: unknown, value: unknown): SchemaIssue[] {
  const out: SchemaIssue[] = [];
  if (isObject(schema)) checkValue(schema, value, '', out);
  return out;
}
