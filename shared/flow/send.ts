import type { z } from 'zod';
import type { AnyOperation, Operation, Sendable } from '../catalogue/types';
import type { Client } from '../client';
import type { Flow, HttpRequest, HttpResponse } from '../effects';
import { authorize } from '../auth/authorize';
import { decode, type Reply } from './decode';
import { exchangeWith } from './exchange';
import { buildRequest } from '../request/build';
import { prepare } from './prepare';

/** Sends a prepared request with the client's credential (see exchangeWith). */
export function* exchange(client: Client, op: Sendable, request: HttpRequest): Flow<HttpResponse> {
  return yield* exchangeWith(client, op, request, (signable, rejected) => authorize(client, op, signable, rejected));
}

/** One request of one operation: validate, send, decode. */
export function* send<I extends z.ZodType, O extends z.ZodType, R>(client: Client, op: Operation<I, O, R>, input: z.input<I>): Flow<Reply<R>> {
  const prepared = prepare(op as AnyOperation, input, client);
  const response = yield* exchange(client, op as AnyOperation, prepared.request);
  return decode(op, response, client.settings.strictResponses, prepared.request);
}

/** `send` for an input `call` has already validated (and split): built and sent as it is, not parsed a second time. */
export function* sendValidated<O extends z.ZodType, R>(client: Client, op: Operation<z.ZodType, O, R>, parsed: Record<string, unknown>): Flow<Reply<R>> {
  const request = buildRequest(op as AnyOperation, parsed, client.settings);
  const response = yield* exchange(client, op as AnyOperation, request);
  return decode(op, response, client.settings.strictResponses, request);
}
