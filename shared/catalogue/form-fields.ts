import * as z from '../validation/zod';
import { fieldLabelOf, labelFromKey } from './field-labels';
import { pickerSources, type PickerResource } from './pickers';

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
  /** What the field is called (shared/catalogue/field-labels.ts: the n8n node shows the same words). */
  label: string;
  description?: string;
  /** An example value. */
  placeholder?: string;
  /** choice: the allowed values. */
  choices?: string[];
  /** One of the user's records (pickers.ts): the form offers them by name. */
  picker?: PickerResource;
  /**
   * json: a record of these fields (an object), or a list of such records (`many`, an array of objects), which a form
   * can ask for as a small form instead of JSON.
   */
  entries?: FormField[];
  many?: boolean;
}

interface Def {
  type: string;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  out?: z.ZodMiniType;
  element?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  shape?: Record<string, z.ZodMiniType>;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'readonly', 'nonoptional', 'catch', 'prefault']);

interface Unwrapped {
  core: z.ZodMiniType;
  optional: boolean;
  meta: { title?: string; description?: string; picker?: PickerResource };
}

/** The schema under its wrappers (optional, default...) and preprocessing pipes, with the metadata found on the way. */
function unwrap(schema: z.ZodMiniType): Unwrapped {
  let core = schema;
  let optional = false;
  const meta: Unwrapped['meta'] = {};
  for (let depth = 0; depth < 20; depth++) {
    const found = z.globalRegistry.get(core) as Unwrapped['meta'] | undefined;
    meta.title ??= found?.title;
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
function kindOf(schema: z.ZodMiniType): { kind: FieldKind; choices?: string[] } {
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
    // A list of values from a set (seniorities, sizes) keeps its choices: a form offers several picks.
    const item = kindOf(unwrap(def.element!).core);
    if (item.kind === 'choice') return { kind: 'list', choices: item.choices };
    return { kind: item.kind === 'text' || item.kind === 'number' ? 'list' : 'json' };
  }
  return { kind: 'json' };
}

/** The object shape under an input schema (a refined or preprocessed object is still its shape). */
function shapeOf(schema: z.ZodMiniType): Record<string, z.ZodMiniType> | undefined {
  const def = defOf(unwrap(schema).core);
  return def.type === 'object' ? def.shape : undefined;
}

/** The fields of a record (an object, or the object in an array of objects), when every one can be asked by a form. */
function recordOf(core: z.ZodMiniType): { shape: Record<string, z.ZodMiniType>; many: boolean } | undefined {
  let def = defOf(core);
  let many = false;
  if (def.type === 'array') {
    def = defOf(unwrap(def.element!).core);
    many = true;
  }
  return def.type === 'object' && def.shape ? { shape: def.shape, many } : undefined;
}

/** The fields of `shape`: an operation's input, or the record of its field `parent`. */
function fieldsOf(shape: Record<string, z.ZodMiniType>, operationId: string, parent?: string): FormField[] {
  return Object.entries(shape).map(([name, schema]) => {
    const { core, optional, meta } = unwrap(schema);
    const { kind, choices } = kindOf(core);
    const { label, description, placeholder } = parent === undefined ? fieldLabelOf(operationId, name) : fieldLabelOf(operationId, parent, name);
    // One level of small form: a record inside a record stays JSON.
    const record = kind === 'json' && parent === undefined ? recordOf(core) : undefined;
    return {
      name,
      kind,
      required: !optional,
      // As the n8n node words it (derive.ts): the shared table, the entry's own title, the picker's record, the key.
      label: label ?? meta.title ?? (meta.picker && kind !== 'list' ? pickerSources[meta.picker].label : labelFromKey(name)),
      ...((description ?? meta.description) ? { description: description ?? meta.description } : {}),
      ...(placeholder ? { placeholder } : {}),
      ...(choices ? { choices } : {}),
      ...(meta.picker ? { picker: meta.picker } : {}),
      ...(record ? { entries: fieldsOf(record.shape, operationId, name), many: record.many } : {}),
    };
  });
}

/**
 * One field per key of the input's object schema, named in the shared words of `operationId`; an input that is not
 * one object is a single JSON field `input`.
 */
export function formFields(input: z.ZodMiniType, operationId = ''): FormField[] {
  const shape = shapeOf(input);
  if (!shape) return [{ name: 'input', kind: 'json', required: true, label: 'Input (JSON)', description: 'The whole input as one JSON object.' }];
  return fieldsOf(shape, operationId);
}
