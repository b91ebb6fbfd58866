import type { AnyOperation } from '../catalogue/types';
import type { Client } from '../client';
import type { HttpRequest } from '../effects';
import { buildRequest } from '../request/build';
import { validate } from '../validation/format';

/** The input as the operation reads it (none is `{}`); throws a ValidationError naming the field before anything is sent. */
export function validInput(op: AnyOperation, input: unknown): Record<string, unknown> {
  return validate(op.input, input ?? {}, op.title) as Record<string, unknown>;
}

/** Validates and builds the request; throws a ValidationError naming the field before anything is sent. */
export function prepare(op: AnyOperation, input: unknown, client: Client): { input: Record<string, unknown>; request: HttpRequest } {
  const parsed = validInput(op, input);
  return { input: parsed, request: buildRequest(op, parsed, client.settings) };
}
