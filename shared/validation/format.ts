import type * as z from './zod';
import { ValidationError } from '../errors';
import { jsonSafetyIssues } from './json-safe';

/** `contacts[3].email` from zod's path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(input)';
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  out?: z.ZodMiniType;
  element?: z.ZodMiniType;
  options?: z.ZodMiniType[];
};
const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The field names an object schema takes at `path`, seen through optional, default, pipes, arrays and unions. */
export function acceptedKeysAt(schema: z.ZodMiniType, path: readonly PropertyKey[]): string[] {
  const keys = new Set<string>();
  const walk = (s: z.ZodMiniType | undefined, rest: readonly PropertyKey[], depth: number): void => {
    if (!s || depth > 40) return;
    const def = defOf(s);
    if (def.type === 'object' && def.shape) {
      if (rest.length === 0) Object.keys(def.shape).forEach((k) => keys.add(k));
      else if (typeof rest[0] === 'string') walk(def.shape[rest[0]], rest.slice(1), depth + 1);
      return;
    }
    if (def.type === 'array') return typeof rest[0] === 'number' ? walk(def.element, rest.slice(1), depth + 1) : undefined;
    // A union's options, a pipe's two ends or a wrapper's inner type: the same path in each.
    for (const inner of def.options ?? (def.type === 'pipe' ? [def.in, def.out] : [def.innerType])) walk(inner, rest, depth + 1);
  };
  walk(schema, path, 0);
  return [...keys];
}

interface Issue {
  field: string;
  rule: string;
}

/** Zod issues as field + rule; an unknown key becomes an issue of its own that lists the accepted fields. */
function issuesOf(error: z.core.$ZodError, schema?: z.ZodMiniType): Issue[] {
  const out: Issue[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const accepted = schema ? acceptedKeysAt(schema, issue.path) : [];
      const list = accepted.length ? `; accepted: ${accepted.join(', ')}` : '';
      for (const key of issue.keys) out.push({ field: fieldPath([...issue.path, key]), rule: `is not a field this operation takes${list}` });
    } else {
      out.push({ field: fieldPath(issue.path), rule: issue.message });
    }
  }
  return out;
}

function errorOf(context: string, issues: Issue[]): ValidationError {
  const text = issues.map((i) => `${i.field}: ${i.rule}`).join('; ');
  return new ValidationError(`${context}: ${text}. Nothing was sent.`, issues);
}

/** A getter or proxy in the input that throws while being read: a refusal naming the reason, not a crash. */
function unreadable(context: string, error: unknown): ValidationError {
  return errorOf(context, [{ field: '(input)', rule: `could not be read (${(error as Error)?.message ?? String(error)})` }]);
}

/** Turns zod issues into one ValidationError that names every field and its rule. */
export function validationErrorFrom(context: string, error: z.core.$ZodError, schema?: z.ZodMiniType): ValidationError {
  return errorOf(context, issuesOf(error, schema));
}

/**
 * Parses `value` with `schema`, or throws a ValidationError; nothing is sent on failure. Data no request
 * can carry (megabyte texts, NaN, objects that contain themselves) is refused first, by field.
 */
export function validate<S extends z.ZodMiniType>(schema: S, value: unknown, context: string): z.output<S> {
  let unsafe: ReturnType<typeof jsonSafetyIssues>;
  try {
    unsafe = jsonSafetyIssues(value);
  } catch (error) {
    throw unreadable(context, error);
  }
  if (unsafe.length)
    throw errorOf(
      context,
      unsafe.map((i) => ({ field: fieldPath(i.path), rule: i.rule })),
    );
  let result: z.core.util.SafeParseResult<z.output<S>>;
  try {
    result = schema.safeParse(value) as z.core.util.SafeParseResult<z.output<S>>;
  } catch (error) {
    throw unreadable(context, error);
  }
  if (!result.success) throw validationErrorFrom(context, result.error, schema);
  return result.data;
}
