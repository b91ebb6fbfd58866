import { z } from 'zod';

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
export function objectInside(schema: z.ZodType): z.ZodObject | undefined {
  let s: z.ZodType = schema;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodCatch) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodPipe) s = (s.in instanceof z.ZodTransform ? s.out : s.in) as z.ZodType;
    else break;
  }
  return s instanceof z.ZodObject ? s : undefined;
}

/** Top-level field names of an object schema in order; with `flatten`, nested objects become `a.b` paths. */
export function describeRecordFields(schema: z.ZodObject, options: DescribeOptions = {}): string[] {
  const names: string[] = [];
  for (const [name, field] of Object.entries(schema.shape)) {
    const inner = options.flatten ? objectInside(field as z.ZodType) : undefined;
    if (inner) names.push(...describeRecordFields(inner, options).map((child) => `${name}.${child}`));
    else names.push(name);
  }
  return names;
}

/** Reads the value at a column path made by describeRecordFields (`contactLocation.city`); undefined if absent. */
export function valueAtPath(record: unknown, path: string): unknown {
  let v: unknown = record;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}
