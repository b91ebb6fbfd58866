/**
 * A JSON-Schema checker for the keywords MCP tools use in their inputSchema (the list is json-schema-keywords.ts):
 * type, enum, const; number bounds (minimum, maximum, exclusive ones, multipleOf); string lengths and pattern; array
 * items, sizes and uniqueItems; object properties, patternProperties, additionalProperties, required, sizes and
 * propertyNames; allOf / anyOf / oneOf / not; local $ref. Properties are matched as OWN keys, so `constructor` or
 * `__proto__` is an unknown argument like any other. No I/O, no dependencies: it runs in Apps Script as in Node.
 * A schema using a validation keyword outside this set is refused by the caller (tools.ts), never half-checked.
 */
import { isObject } from '../flow/is-object';
import { patternOf } from './json-schema-keywords';

export interface SchemaIssue {
  /** The argument path: `steps[0].dueDay`; empty for the arguments object itself. */
  path: string;
  /** The JSON-Schema keyword that failed. */
  keyword: string;
  /** What the rule says, for a person: `must be at least 1`. */
  rule: string;
}

type Schema = Record<string, unknown>;
interface Walk {
  root: unknown;
  out: SchemaIssue[];
  depth: number;
}

const MAX_DEPTH = 64;

/** One issue (a helper: the bundle Apps Script loads on every call stays small). */
function add(out: SchemaIssue[], path: string, keyword: string, rule: string): void {
  out.push({ path, keyword, rule });
}
const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

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

/** JSON text with object keys sorted: two values are equal in JSON Schema's sense when these are equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

const join = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);
const show = (v: unknown) => JSON.stringify(v);
const countOf = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The number bounds in the order their issues are listed: the keyword, when a value breaks it, and the rule's words. */
const NUMBER_BOUNDS: [keyword: string, breaks: (value: number, bound: number) => boolean, words: string][] = [
  ['minimum', (v, b) => v < b, 'at least'],
  ['maximum', (v, b) => v > b, 'at most'],
  ['exclusiveMinimum', (v, b) => v <= b, 'more than'],
  ['exclusiveMaximum', (v, b) => v >= b, 'less than'],
];

function checkNumber(schema: Schema, value: number, path: string, out: SchemaIssue[]): void {
  for (const [keyword, breaks, words] of NUMBER_BOUNDS) {
    const bound = schema[keyword];
    if (typeof bound === 'number' && breaks(value, bound)) add(out, path, keyword, `must be ${words} ${bound}`);
  }
  const { multipleOf } = schema;
  if (typeof multipleOf === 'number' && multipleOf > 0 && !Number.isInteger(value / multipleOf))
    add(out, path, 'multipleOf', `must be a multiple of ${multipleOf}`);
}

/** The bounds on a size: minLength / maxLength (characters), minItems / maxItems, minProperties / maxProperties (fields). */
function checkSize(schema: Schema, of: 'Length' | 'Items' | 'Properties', size: number, unit: string, path: string, out: SchemaIssue[]): void {
  const min = schema[`min${of}`];
  const max = schema[`max${of}`];
  if (typeof min === 'number' && size < min)
    add(out, path, `min${of}`, min === 1 && of === 'Length' ? 'must not be empty' : `must have at least ${countOf(min, unit)}`);
  if (typeof max === 'number' && size > max) add(out, path, `max${of}`, `must have at most ${countOf(max, unit)}`);
}

function checkString(schema: Schema, value: string, path: string, out: SchemaIssue[]): void {
  // Lengths count characters (code points), as JSON Schema says, not UTF-16 units.
  checkSize(schema, 'Length', [...value].length, 'character', path, out);
  const pattern = schema.pattern === undefined ? null : patternOf(schema.pattern);
  if (pattern && !pattern.test(value)) add(out, path, 'pattern', `must match the pattern ${show(schema.pattern)}`);
}

function checkArray(schema: Schema, value: unknown[], path: string, walk: Walk): void {
  const { out } = walk;
  checkSize(schema, 'Items', value.length, 'item', path, out);
  if (schema.uniqueItems === true) {
    const seen = new Map<string, number>();
    value.forEach((item, i) => {
      const key = canonical(item);
      if (seen.has(key)) add(out, join(path, i), 'uniqueItems', `repeats item ${seen.get(key)}; items must be unique`);
      else seen.set(key, i);
    });
  }
  if (schema.items !== undefined && !Array.isArray(schema.items)) value.forEach((item, i) => checkValue(schema.items, item, join(path, i), walk));
}

function checkObject(schema: Schema, value: Record<string, unknown>, path: string, walk: Walk): void {
  const { out } = walk;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const patterns = isObject(schema.patternProperties)
    ? Object.entries(schema.patternProperties).map(([source, child]) => ({ re: patternOf(source), child }))
    : [];
  if (Array.isArray(schema.required)) {
    for (const key of schema.required as string[]) if (!own(value, key) || value[key] === undefined) add(out, join(path, key), 'required', 'is required');
  }
  const keys = Object.keys(value).filter((k) => value[k] !== undefined);
  checkSize(schema, 'Properties', keys.length, 'field', path, out);
  for (const key of keys) {
    const child = value[key];
    const at = join(path, key);
    if (schema.propertyNames !== undefined) checkValue(schema.propertyNames, key, at, walk, 'the name ');
    const byPattern = patterns.filter((p) => p.re?.test(key));
    if (own(properties, key)) checkValue(properties[key], child, at, walk);
    byPattern.forEach((p) => checkValue(p.child, child, at, walk));
    if (own(properties, key) || byPattern.length) continue;
    if (schema.additionalProperties === false) {
      const known = Object.keys(properties);
      const hint = known.length ? ` (this tool takes: ${known.join(', ')})` : ' (this tool takes no arguments here)';
      add(out, at, 'additionalProperties', `is not an argument of this tool${hint}`);
    } else if (isObject(schema.additionalProperties)) checkValue(schema.additionalProperties, child, at, walk);
  }
}

/** How many of `schemas` the value matches (each checked on its own). */
function matching(schemas: unknown[], value: unknown, path: string, walk: Walk): number {
  return schemas.filter((s) => {
    const alone: Walk = { ...walk, out: [] };
    checkValue(s, value, path, alone);
    return alone.out.length === 0;
  }).length;
}

function checkCombinators(schema: Schema, value: unknown, path: string, walk: Walk): void {
  const { out } = walk;
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf) checkValue(s, value, path, walk);
  if (Array.isArray(schema.anyOf) && matching(schema.anyOf, value, path, walk) === 0)
    add(out, path, 'anyOf', `must match at least one of the ${schema.anyOf.length} allowed forms`);
  if (Array.isArray(schema.oneOf)) {
    const n = matching(schema.oneOf, value, path, walk);
    if (n !== 1) add(out, path, 'oneOf', `must match exactly one of the ${schema.oneOf.length} allowed forms (it matches ${n})`);
  }
  if (schema.not !== undefined && matching([schema.not], value, path, walk) === 1) add(out, path, 'not', 'must not match the excluded form');
}

/** The schema a local `$ref` (`#`, `#/$defs/step`) points at; undefined when it points nowhere. */
function resolve(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const parts = ref
    .slice(1)
    .split('/')
    .filter((p, i) => i > 0 || p !== '')
    .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
  let at: unknown = root;
  for (const part of parts) at = isObject(at) && own(at, part) ? at[part] : Array.isArray(at) && /^\d+$/.test(part) ? at[Number(part)] : undefined;
  return at;
}

function checkValue(schema: unknown, value: unknown, path: string, walk: Walk, what = ''): void {
  const { out } = walk;
  if (schema === true || schema === undefined) return;
  if (schema === false) return void add(out, path, 'false', `${what}is not allowed here`);
  if (!isObject(schema)) return;
  if (walk.depth > MAX_DEPTH) return void add(out, path, '$ref', 'nests too deeply to check');
  const deeper: Walk = { ...walk, depth: walk.depth + 1 };
  if (typeof schema.$ref === 'string') {
    const target = resolve(walk.root, schema.$ref);
    if (target === undefined) add(out, path, '$ref', `cannot be checked: ${show(schema.$ref)} points nowhere in the tool's schema`);
    else checkValue(target, value, path, deeper, what);
  }
  if (schema.type !== undefined) {
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
    if (!types.some((t) => matchesType(value, t))) {
      const wanted = types.map((t) => (t === 'integer' ? 'a whole number' : t === 'null' ? 'null' : `${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}`)).join(' or ');
      add(out, path, 'type', `${what}must be ${wanted}, not ${typeOf(value) === 'number' ? show(value) : typeOf(value)}`);
      return;
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => canonical(allowed) === canonical(value))) {
    add(out, path, 'enum', `${what}must be one of ${schema.enum.map(show).join(', ')}`);
    return;
  }
  if (own(schema, 'const') && canonical(schema.const) !== canonical(value)) add(out, path, 'const', `${what}must be ${show(schema.const)}`);
  if (typeof value === 'number') checkNumber(schema, value, path, out);
  else if (typeof value === 'string') checkString(schema, value, path, out);
  else if (Array.isArray(value)) checkArray(schema, value, path, deeper);
  else if (isObject(value)) checkObject(schema, value, path, deeper);
  checkCombinators(schema, value, path, deeper);
}

/** Every place `value` breaks `schema`, in document order (an empty list when it conforms). */
export function schemaIssues(schema: unknown, value: unknown): SchemaIssue[] {
  const out: SchemaIssue[] = [];
  if (isObject(schema) || typeof schema === 'boolean') checkValue(schema, value, '', { root: schema, out, depth: 0 });
  return out;
}
