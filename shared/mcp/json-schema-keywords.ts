/**
 * Which JSON-Schema keywords the core's checker (json-schema.ts) enforces, and which it cannot. A tool whose
 * inputSchema uses a validation keyword outside the checked set is refused by name (issue 21): sending arguments the
 * connector could not check would let through what the tool forbids.
 */
import { isObject } from '../flow/is-object';

/*
 * Enforced by json-schema.ts: type, enum, const, minimum, maximum, exclusiveMinimum, exclusiveMaximum (numbers),
 * multipleOf, minLength, maxLength, pattern, items (one schema), minItems, maxItems, uniqueItems, properties,
 * patternProperties, additionalProperties, required, minProperties, maxProperties, propertyNames, allOf, anyOf,
 * oneOf, not, local $ref.
 */

/**
 * Validation keywords of JSON Schema (drafts 4 to 2020-12) the checker does not enforce. Anything else (title,
 * description, default, examples, format, $defs, vendor `x-` keys) only describes, so it is left to the service.
 */
const UNCHECKED_VALIDATION_KEYWORDS =
  /^(if|then|else|(min|max)?[cC]ontains|prefixItems|additionalItems|dependencies|dependent(Required|Schemas)|unevaluated(Items|Properties)|\$dynamicRef|\$recursiveRef)$/;

/** Keywords whose value is one subschema, a list of them, or a map of them: where the walk goes on. */
const ONE_SCHEMA = /^(items|additionalProperties|propertyNames|not|if|then|else|contains|additionalItems)$/;
const SCHEMA_LIST = /^(allOf|anyOf|oneOf|prefixItems)$/;
const SCHEMA_MAP = /^(properties|patternProperties|\$defs|definitions|dependentSchemas)$/;

/** The keyword as a refusal names it when the checker cannot enforce this use of it; null when it can. */
function unchecked(keyword: string, value: unknown): string | null {
  if (UNCHECKED_VALIDATION_KEYWORDS.test(keyword)) return keyword;
  // A local reference is followed by the checker; any other ($ref to a URL) cannot be.
  if (keyword === '$ref' && (typeof value !== 'string' || !value.startsWith('#'))) return `$ref ${JSON.stringify(value)}`;
  if (keyword === 'items' && Array.isArray(value)) return 'items (a list of schemas)';
  // Draft 4's flag form (exclusiveMinimum: true beside minimum) is not checked.
  if ((keyword === 'exclusiveMinimum' || keyword === 'exclusiveMaximum') && typeof value === 'boolean') return `${keyword} ${value}`;
  if (keyword === 'pattern' && patternOf(value) === null) return `pattern ${JSON.stringify(value)}`;
  return null;
}

/** Where a schema uses a keyword the checker cannot enforce: `{ keyword, at }`, at a JSON pointer into the schema. */
export function uncheckedKeywords(schema: unknown, at = '#', out: { keyword: string; at: string }[] = [], depth = 0): { keyword: string; at: string }[] {
  if (!isObject(schema) || depth > 64) return out;
  for (const [keyword, value] of Object.entries(schema)) {
    const named = unchecked(keyword, value);
    if (named !== null) out.push({ keyword: named, at });
    if (ONE_SCHEMA.test(keyword)) uncheckedKeywords(value, `${at}/${keyword}`, out, depth + 1);
    else if (SCHEMA_LIST.test(keyword) && Array.isArray(value)) value.forEach((s, i) => uncheckedKeywords(s, `${at}/${keyword}/${i}`, out, depth + 1));
    else if (SCHEMA_MAP.test(keyword) && isObject(value))
      for (const [name, s] of Object.entries(value)) uncheckedKeywords(s, `${at}/${keyword}/${name}`, out, depth + 1);
  }
  return out;
}

/** JSON Schema patterns are ECMA-262 regular expressions, read with Unicode semantics (as ajv does). */
export function patternOf(source: unknown): RegExp | null {
  if (typeof source !== 'string') return null;
  try {
    return new RegExp(source, 'u');
  } catch {
    return null;
  }
}
