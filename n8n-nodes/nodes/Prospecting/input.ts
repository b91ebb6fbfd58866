import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { AnyOperation } from '../../../shared';
import { fieldSpecs, type FieldSpec } from './description/derive';
import { isTopLevel, optionalCollectionName } from './description/properties';
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

/** A field needed unless another is set (Send Email's Subject and Body unless a Template): named as the editor shows it. */
function checkRequiredUnless(ctx: IExecuteFunctions, specs: readonly FieldSpec[], input: Record<string, unknown>, itemIndex: number): void {
  for (const spec of specs) {
    if (!spec.requiredUnless || input[spec.requiredUnless] !== undefined) continue;
    const value = input[spec.name];
    if (value !== undefined && !(typeof value === 'string' && !value.trim())) continue;
    const other = specs.find((s) => s.name === spec.requiredUnless)?.displayName ?? spec.requiredUnless;
    throw new NodeOperationError(ctx.getNode(), `${spec.displayName}: required unless a ${other} is chosen. Nothing was sent.`, {
      itemIndex,
      description: `Fill in ${spec.displayName}, or choose a ${other} under Additional Fields.`,
    });
  }
}

/**
 * Reads the input of one item for a derived operation: top-level fields (required ones, and from node version 2 on
 * the needed-unless ones) from the top level, the others from the operation's collection, locators by their value.
 * Validation is the core's, before sending, after the node's own needed-unless check.
 */
export function readInput(ctx: IExecuteFunctions, op: AnyOperation, itemIndex: number): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const specs = fieldSpecs(op);
  const nodeVersion = ctx.getNode().typeVersion;
  const topLevel = (spec: FieldSpec) => isTopLevel(spec, nodeVersion);
  const optional = specs.some((s) => !topLevel(s)) ? (ctx.getNodeParameter(optionalCollectionName(op), itemIndex, {}) as IDataObject) : {};
  for (const spec of specs) {
    let raw: unknown = topLevel(spec)
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
  checkRequiredUnless(ctx, specs, input, itemIndex);
  return input;
}
