import type * as z from '../validation/zod';
import type { AnyOperation, Decodable, Operation, Sendable } from '../catalogue/types';
import type { Client } from '../client';
import type { Flow, HttpRequest, HttpResponse } from '../effects';
import { authorize } from '../auth/authorize';
import { decode, type Reply } from './decode';
import { exchangeWith, type Sign } from './exchange';
import { stateOutcome } from '../errors/outcome';
import { markUncertainCount } from './uncertain-count';
import { buildRequest } from '../request/build';
import { prepare } from './prepare';

/**
 * Sends a prepared request with the client's credential (see exchangeWith). An error leaving it states its outcome
 * (errors/outcome.ts): one raised while signing (a refused or failed token refresh) came before anything was sent.
 */
export function* exchange(client: Client, op: Sendable & { id?: string }, request: HttpRequest): Flow<HttpResponse> {
  const sign: Sign = function* (signable, rejected) {
    try {
      return yield* authorize(client, op, signable, rejected);
    } catch (error) {
      throw stateOutcome(error, op, true);
    }
  };
  try {
    return yield* exchangeWith(client, op, request, sign);
  } catch (error) {
    throw stateOutcome(error, op);
  }
}

/** One request of one operation: validate, send, decode. */
export function* send<I extends z.ZodMiniType, O extends z.ZodMiniType, R>(client: Client, op: Operation<I, O, R>, input: z.input<I>): Flow<Reply<R>> {
  return yield* sendBuilt(client, op, prepare(op as AnyOperation, input, client).request);
}

/** `send` for an input `call` has already validated (and split): built and sent as it is, not parsed a second time. */
export function* sendValidated<O extends z.ZodMiniType, R>(
  client: Client,
  op: Operation<z.ZodMiniType, O, R>,
  parsed: Record<string, unknown>,
): Flow<Reply<R>> {
  return yield* sendBuilt(client, op, buildRequest(op as AnyOperation, parsed, client.settings));
}

/** A built request sent, its answer decoded. */
function* sendBuilt<O extends z.ZodMiniType, R>(client: Client, op: Operation<z.ZodMiniType, O, R>, request: HttpRequest): Flow<Reply<R>> {
  const response = yield* exchange(client, op as AnyOperation, request);
  return decodeStated(op, response, client.settings.strictResponses, request);
}

/** `decode`, stating the outcome of an answer it cannot read: the request was carried (a 2xx), so it may have acted. */
export function decodeStated<O extends z.ZodMiniType, R>(
  op: Decodable<O, R> & { id?: string; countsUncertainAfterRepeat?: readonly string[] },
  response: HttpResponse,
  strict: boolean,
  request: HttpRequest,
): Reply<R> {
  let reply: Reply<R>;
  try {
    reply = decode(op, response, strict, request);
  } catch (error) {
    throw stateOutcome(error, op);
  }
  const marked = markUncertainCount(op, response, reply.data);
  return marked.warning ? { ...reply, data: marked.data as R, warnings: [...reply.warnings, marked.warning] } : reply;
}
