import type { AnyOperation } from '../catalogue/types';
import type { Client } from '../client';
import type { HttpRequest } from '../effects';
import { buildRequest } from '../request/build';
import { validate } from '../validation/format';

/** Validates and builds the request; throws a ValidationError naming the field before anything is sent. */
export function prepare(op: AnyOperation, input: unknown, client: Client): { input: Record<string, unknown>; request: HttpRequest } {
  const parsed = validate(op.input, input ?? {}, op.title) as Record<string, unknown>;
  return { input: parsed, request: buildRequest(op, parsed, client.settings) };
}
