import { globalRegistry, type z } from 'zod';
import type { PickerResource } from './pickers';

/**
 * The fields of a form for an operation, read from its zod input schema (no JSON Schema conversion: the Apps Script
 * bundle leaves it out). A form shows each field by kind; the values it gives back are checked by the same schema
 * before anything is sent, so this only has to say what to ask for, not what is valid.
 */
export type FieldKind = 'text' | 'number' | 'boolean' | 'choice' | 'list' | 'json';

export interface FormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  description?: string;
  /** choice: the allowed values. */
  choices?: string[];
  /** One of the user's records (pickers.ts): the form offers them by name. */
  picker?: PickerResource;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'readonly', 'nonoptional', 'catch', 'prefault']);

interface Unwrapped {
  core: z.ZodType;
  optional: boolean;
  meta: { description?: string; picker?: PickerResource };
}

/** The schema under its wrappers (optional, default...) and preprocessing pipes, with the metadata found on the way. */
function unwrap(schema: z.ZodType): Unwrapped {
  let core = schema;
  let optional = false;
  const meta: Unwrapped['meta'] = {};
  for (let depth = 0; depth < 20; depth++) {
    const found = globalRegistry.get(core) as Unwrapped['meta'] | undefined;
    meta.description ??= found?.description;
    meta.picker ??= found?.picker;
    const def = defOf(core);
    if (WRAPPERS.has(def.type)) {
      if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') optional = true;
      core = def.innerType!;
    } else if (def.type === 'pipe') {
      // z.preprocess(fn, schema) is a pipe from a transform: the schema after it says what is asked.
      core = defOf(def.in!).type === 'transform' ? def.out! : def.in!;
    } else break;
  }
  return { core, optional, meta };
}

const SCALAR: Record<string, FieldKind> = { string: 'text', number: 'number', int: 'number', bigint: 'number', boolean: 'boolean', date: 'text' };

/** What a form asks for a schema: text for ids that take a number or text, a list for arrays of scalars, else JSON. */
function kindOf(schema: z.ZodType): { kind: FieldKind; choices?: string[] } {
  const def = defOf(schema);
  if (def.type === 'enum') return { kind: 'choice', choices: Object.values(def.entries!).map(String) };
  if (def.type === 'literal') return { kind: 'choice', choices: def.values!.map(String) };
  if (SCALAR[def.type]) return { kind: SCALAR[def.type] };
  if (def.type === 'union') {
    const kinds = def.options!.map((o) => kindOf(unwrap(o).core).kind);
    if (kinds.every((k) => k === 'number')) return { kind: 'number' };
    return kinds.every((k) => k === 'text' || k === 'number') ? { kind: 'text' } : { kind: 'json' };
  }
  if (def.type === 'array') {
    const item = kindOf(unwrap(def.element!).core).kind;
    return { kind: item === 'text' || item === 'number' || item === 'choice' ? 'list' : 'json' };
  }
  return { kind: 'json' };
}

/** The object shape under an input schema (a refined or preprocessed object is still its shape). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(unwrap(schema).core);
  return def.type === 'object' ? def.shape : undefined;
}

/** One field per key of the input's object schema; an input that is not one object is a single JSON field `input`. */
export function formFields(input: z.ZodType): FormField[] {
  const shape = shapeOf(input);
  if (!shape) return [{ name: 'input', kind: 'json', required: true, description: 'The whole input as one JSON object.' }];
  return Object.entries(shape).map(([name, schema]) => {
    const { core, optional, meta } = unwrap(schema);
    const { kind, choices } = kindOf(core);
    return {
      name,
      kind,
      required: !optional,
      ...(meta.description ? { description: meta.description } : {}),
      ...(choices ? { choices } : {}),
      ...(meta.picker ? { picker: meta.picker } : {}),
    };
  });
}
