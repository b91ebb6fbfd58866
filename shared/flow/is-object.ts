/** A JSON object: not null, not a list (what a record, a schema or a service's answer object is). */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
