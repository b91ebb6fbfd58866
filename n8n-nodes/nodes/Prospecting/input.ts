import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { AnyOperation } from '../../../shared';
import { fieldSpecs, type FieldSpec } from './description/derive';
import { optionalCollectionName } from './description/properties';
import { brokenText, locatorValue } from './input-checks';
import { parseJsonField } from './json-text';

function splitList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function parseJson(ctx: IExecuteFunctions, value: unknown, field: string, itemIndex: number): unknown {
  const parsed = parseJsonField(field, value);
  if (parsed.ok) return parsed.value;
  throw new NodeOperationError(ctx.getNode(), `${parsed.message}\nNothing was sent.`, {
    itemIndex,
    description: `Write ${field} as JSON, e.g. ${field === 'steps' ? '[{"type": "EMAIL", "dueDay": 1}]' : '{"key": "value"}'}`,
  });
}

function refuse(ctx: IExecuteFunctions, spec: FieldSpec, rule: string, itemIndex: number): never {
  throw new NodeOperationError(ctx.getNode(), `${spec.name}: ${rule}. Nothing was sent.`, { itemIndex, description: `Fix ${spec.displayName} and run again.` });
}

/** Turns one n8n parameter value back into what the core's schema takes; empty optional values are left out. */
function coerce(ctx: IExecuteFunctions, spec: FieldSpec, value: unknown, itemIndex: number): unknown {
  if (value === undefined || value === null) return undefined;
  // Blank text in an optional field is an empty field, not a value to send.
  if (typeof value === 'string' && !value.trim() && !spec.required) return undefined;
  const broken = brokenText(value);
  if (broken) refuse(ctx, spec, broken, itemIndex);
  switch (spec.kind) {
    case 'list':
      return splitList(value);
    case 'json':
      return parseJson(ctx, value, spec.name, itemIndex);
    case 'dateTime':
      // n8n hands dates as ISO text without a zone or as a DateTime: the service wants a zone.
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? refuse(ctx, spec, 'is not a valid date', itemIndex) : value.toISOString();
      return typeof value === 'string' && !/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? `${value}Z` : String(value);
    default:
      return value;
  }
}

/**
 * Reads the input of one item for a derived operation: required fields from the top level, optional ones
 * from the operation's collection, locators by their value. Validation is the core's, before sending.
 */
export function readInput(ctx: IExecuteFunctions, op: AnyOperation, itemIndex: number): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const specs = fieldSpecs(op);
  const optional = specs.some((s) => !s.required) ? (ctx.getNodeParameter(optionalCollectionName(op), itemIndex, {}) as IDataObject) : {};
  for (const spec of specs) {
    let raw: unknown = spec.required
      ? ctx.getNodeParameter(spec.name, itemIndex, undefined, spec.kind === 'locator' ? { extractValue: true } : undefined)
      : optional[spec.name];
    if (spec.kind === 'locator') {
      // An id picked from a list, typed, or handed over by an expression: only text or a number is an id.
      const picked = locatorValue(raw);
      if (picked.rule) refuse(ctx, spec, picked.rule, itemIndex);
      raw = picked.value;
    }
    const value = coerce(ctx, spec, raw, itemIndex);
    if (value !== undefined) input[spec.name] = value;
  }
  return input;
}
