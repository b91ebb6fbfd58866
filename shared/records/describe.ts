import * as z from '../validation/zod';

/**
 * Field listings of record schemas, in schema order, for spreadsheet header rows and n8n output docs.
 * The schemas are the single source of the column order, so headers cannot drift from the parsers.
 */

export interface DescribeOptions {
  /** Expand nested object fields as `parent.child` (arrays stay one column). Default false. */
  flatten?: boolean;
}

/**
 * Peels optional / nullable / catch / default wrappers and pipes (preprocess, transform) to reach the object
 * schema underneath, if any. Tolerant fields (lenient.ts) wrap their schema so, and still flatten.
 */
export function objectInside(schema: z.ZodMiniType): z.ZodMiniObject | undefined {
  let s: z.ZodMiniType = schema;
  for (;;) {
    if (s instanceof z.ZodMiniOptional || s instanceof z.ZodMiniNullable || s instanceof z.ZodMiniDefault || s instanceof z.ZodMiniCatch)
      s = s.def.innerType as z.ZodMiniType;
    else if (s instanceof z.ZodMiniPipe) s = (s.def.in instanceof z.ZodMiniTransform ? s.def.out : s.def.in) as z.ZodMiniType;
    else break;
  }
  return s instanceof z.ZodMiniObject ? s : undefined;
}

/** Top-level field names of an object schema in order; with `flatten`, nested objects become `a.b` paths. */
export function describeRecordFields(schema: z.ZodMiniObject, options: DescribeOptions = {}): string[] {
  const names: string[] = [];
  for (const [name, field] of Object.entries(schema.shape)) {
    const inner = options.flatten ? objectInside(field as z.ZodMiniType) : undefined;
    if (inner) names.push(...describeRecordFields(inner, options).map((child) => `${name}.${child}`));
    else names.push(name);
  }
  return names;
}

/** Reads the value at a column path made by describeRecordFields (`contactLocation.city`); undefined if absent. */
export function valueAtPath(record: unknown, path: string): unknown {
  let v: unknown = record;
  for (const part of path.split('.')) {
    // A location sent as text (a published variant) is its `fullString`: it gets that column (issue 30).
    if (typeof v === 'string' && part === 'fullString') return v;
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}
