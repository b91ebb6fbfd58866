import * as z from 'zod/v4/mini';
import type { AnyOperation } from '../../../../shared';
import { isoDateTimeInput } from '../../../../shared/validation/fields';
import { labelFromKey } from '../../../../shared/catalogue/field-labels';
import { hintFor } from './hints';
import { keptRequired } from './field-changes';
import { locatorFor, type LocatorSource } from './locators';

/** How a field is shown in n8n and how its value is turned back into core input. */
export type FieldKind = 'string' | 'number' | 'boolean' | 'options' | 'multiOptions' | 'list' | 'json' | 'dateTime' | 'locator';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required: boolean;
  displayName: string;
  description?: string;
  placeholder?: string;
  /** Shown under the field (n8n's hint): what the user should know before running it. */
  hint?: string;
  options?: string[];
  /** The service's default of an options field (e.g. locationType bothOR), shown as the field's default. */
  default?: string;
  min?: number;
  max?: number;
  locator?: LocatorSource;
  /** Optional for the schema, but needed unless this other field is set (hints.ts). */
  requiredUnless?: string;
}

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  /** Set by `picks` in the catalogue: the field is one of the user's records of this resource. */
  picker?: string;
  /** The entry's own words for the field (zod `.meta({ title, description })`), used when hints.ts has none. */
  title?: string;
  description?: string;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  format?: string;
}

/** Paging fields are replaced by Return All / Limit on list operations. */
const pagingFields = new Set(['limit', 'page', 'offset', 'nextToken']);

export function isListOperation(op: AnyOperation): boolean {
  return op.returns === 'list';
}

function kindOf(schema: JsonSchema): Pick<FieldSpec, 'kind' | 'options' | 'default' | 'min' | 'max'> {
  // A date-time input (the core's isoDateTimeInput declares the format): a date picker, whatever the field's name.
  if (schema.format === 'date-time') return { kind: 'dateTime' };
  // A nullable field (companyType, jobChanges) is shown as its non-null form.
  const s = schema.anyOf?.find((branch) => branch.type !== 'null') ?? schema;
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (s.enum) return { kind: 'options', options: s.enum.map(String), default: typeof s.default === 'string' ? s.default : undefined };
  // A list of values from a set (seniority, companySize): several picks. A comma text saved by older versions still works (the core splits it).
  if (types.includes('array') && s.items?.enum) return { kind: 'multiOptions', options: s.items.enum.map(String) };
  if (types.includes('array')) return s.items?.type === 'object' || s.items?.anyOf ? { kind: 'json' } : { kind: 'list' };
  if (types.includes('object')) return { kind: 'json' };
  if (types.length === 1 && (types[0] === 'integer' || types[0] === 'number')) return { kind: 'number', min: s.minimum, max: s.maximum };
  if (types.length === 1 && types[0] === 'boolean') return { kind: 'boolean' };
  // Strings, ids typed "string or number", and values the schema only checks by code: typed as text.
  return { kind: 'string' };
}

/** Whether a field is the core's ISO date-time input (optional or not): n8n shows it as a date picker. */
function isDateTimeInput(schema: z.ZodMiniType | undefined): boolean {
  let s: unknown = schema;
  while (s instanceof z.ZodMiniOptional || s instanceof z.ZodMiniDefault) s = (s as z.ZodMiniOptional).def.innerType;
  return s === isoDateTimeInput;
}

/**
 * The fields of an operation, read off its zod input schema (as JSON Schema, input side), with the
 * hand-tuned wording of hints.ts and the resource locators of locators.ts. Constants are left out.
 */
export function fieldSpecs(op: AnyOperation): FieldSpec[] {
  const schema = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const shape = (op.input as unknown as { shape?: Record<string, z.ZodMiniType> }).shape ?? {};
  // JSON Schema cannot see through preprocessing (comma lists), so also ask zod whether a field may be left out.
  const required = new Set([...(schema.required ?? []), ...Object.keys(shape).filter((name) => !shape[name].safeParse(undefined).success)]);
  const list = isListOperation(op);
  const specs: FieldSpec[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property.const !== undefined) continue;
    if (list && pagingFields.has(name)) continue;
    const hint = hintFor(op.id, name);
    // A list of records (an array field) is typed as a list here; only a single record is a locator.
    const locator = property.type === 'array' ? undefined : locatorFor(property);
    const derived = kindOf(property);
    const kind: FieldKind = locator ? 'locator' : hint.type === 'dateTime' || isDateTimeInput(shape[name]) ? 'dateTime' : derived.kind;
    specs.push({
      ...derived,
      name,
      kind,
      required: required.has(name) || keptRequired.has(`${op.id}.${name}`),
      displayName: hint.displayName ?? property.title ?? (locator ? locator.label : labelFromKey(name)),
      description: hint.description ?? property.description,
      placeholder: hint.placeholder,
      hint: hint.hint,
      locator,
      // Only where the other field exists, and not on an update (it changes only what it is given).
      requiredUnless: hint.requiredUnless && hint.requiredUnless in (schema.properties ?? {}) && !op.changesRecord ? hint.requiredUnless : undefined,
    });
  }
  return specs;
}
