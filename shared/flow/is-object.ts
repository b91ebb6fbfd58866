/** Not null, of type object: an object or a list (what `in` and property reads may be used on). */
export function isObjectOrList(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** A JSON object: not null, not a list (what a record, a schema or a service's answer object is). */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
