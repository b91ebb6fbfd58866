/**
 * Annotations of REST-backed tools by what they do, and the small JSON-Schema builders the tool tables use, so
 * each table reads like the published bodies.
 */
import type { RestToolKind, RestToolSpec, ToolAnnotations } from './tool-types';

export type { RestToolSpec } from './tool-types';

const HINTS: Record<RestToolKind, Omit<ToolAnnotations, 'title'>> = {
  read: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  create: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  update: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  delete: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  action: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  // An email reaches people outside the organization.
  send: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
};

export const annotationsOf = (spec: RestToolSpec): ToolAnnotations => ({ title: spec.title, ...HINTS[spec.kind] });

export const listOutput = {
  type: 'object',
  properties: { results: { type: 'array', items: { type: 'object' } }, pagination: { type: 'object' } },
  required: ['results'],
};
export const recordOutput = { type: 'object', additionalProperties: true };

type Schema = Record<string, unknown>;

/** An object schema that refuses undeclared arguments (the published bodies are strict on what is sent). */
export function args(properties: Record<string, Schema>, required: string[] = []): Schema {
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/**
 * Arguments that name one record more than one way (the service takes `id` or `listId`, a campaign by id or by
 * identifier): the call must give one of the forms, each a list of arguments that go together.
 */
export const eitherOf = (schema: Schema, forms: (string | string[])[]): Schema => ({
  ...schema,
  anyOf: forms.map((f) => ({ required: typeof f === 'string' ? [f] : f })),
});

export const text = (description?: string, max?: number): Schema => ({
  type: 'string',
  minLength: 1,
  ...(max ? { maxLength: max } : {}),
  ...(description ? { description } : {}),
});
export const anyText = (description?: string): Schema => ({ type: 'string', ...(description ? { description } : {}) });
export const oneOf = (values: readonly string[], description?: string): Schema => ({
  type: 'string',
  enum: [...values],
  ...(description ? { description } : {}),
});
export const integer = (minimum?: number, maximum?: number, description?: string): Schema => ({
  type: 'integer',
  ...(minimum !== undefined ? { minimum } : {}),
  ...(maximum !== undefined ? { maximum } : {}),
  ...(description ? { description } : {}),
});
export const bool = (description?: string): Schema => ({ type: 'boolean', ...(description ? { description } : {}) });
export const dateTime = (description?: string): Schema => ({ type: 'string', format: 'date-time', ...(description ? { description } : {}) });
/** Record ids: numeric; the service's integration sends them as numbers (`Number(id)`), answers carry numeric strings. */
export const id = (what: string): Schema => ({ type: ['string', 'integer'], minLength: 1, minimum: 1, description: `The ${what} id.` });
export const ids = (what: string, max = 500): Schema => ({
  type: 'array',
  items: { type: 'integer', minimum: 1 },
  minItems: 1,
  maxItems: max,
  description: `${what} ids.`,
});
export const strings = (description?: string, max?: number): Schema => ({
  type: 'array',
  items: { type: 'string' },
  ...(max ? { maxItems: max } : {}),
  ...(description ? { description } : {}),
});
export const object = (description?: string): Schema => ({ type: 'object', ...(description ? { description } : {}) });
