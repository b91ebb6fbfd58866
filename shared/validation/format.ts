import type { z } from 'zod';
import { ValidationError } from '../errors';

/** `contacts[3].email` from zod's path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(input)';
}

/** Turns zod issues into one ValidationError that names every field and its rule. */
export function validationErrorFrom(context: string, error: z.ZodError): ValidationError {
  const issues = error.issues.map((issue) => ({ field: fieldPath(issue.path), rule: issue.message }));
  const text = issues.map((i) => `${i.field}: ${i.rule}`).join('; ');
  return new ValidationError(`${context}: ${text}. Nothing was sent.`, issues);
}

/** Parses `value` with `schema`, or throws a ValidationError; nothing is sent on failure. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, context: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationErrorFrom(context, result.error);
  return result.data;
}
