import type * as z from '../validation/zod';
import { operation as operationById } from '../catalogue';
import type { AnyOperation, Operation, ThenAdd } from '../catalogue/types';
import type { Client } from '../client';
import type { Flow } from '../effects';
import { PartialCampaignError, ValidationError } from '../errors';
import { checkFeatures } from '../mcp/features';
import { runMcpOperation } from '../mcp/run';
import { chunk } from './chunk';
import { validInput } from './prepare';
import { refusal } from './refusal';
import { sendValidated } from './send';

/** The one array field of `input` that is over the operation's per-request cap, if any. */
function oversized(op: AnyOperation, input: Record<string, unknown>, client: Client): { field: string; max: number } | null {
  if (!op.batch) return null;
  const max = client.settings[op.batch.setting];
  for (const field of op.batch.fields) {
    const value = input[field];
    if (Array.isArray(value) && value.length > max) return { field, max };
  }
  return null;
}

/** Refuses one request over a cap (spec 8) before sending: `call` splits instead, `sendOne` does not. */
function checkBatchLimits(op: AnyOperation, input: Record<string, unknown>, client: Client): void {
  const over = oversized(op, input, client);
  if (over) throw refusal(op.title, over.field, `at most ${over.max} items in one request (spec 8)`);
}

/** Exactly one request, with every limit enforced before sending. */
export function* sendOne<I extends z.ZodMiniType, O extends z.ZodMiniType, R>(client: Client, op: Operation<I, O, R>, input: z.input<I>): Flow<R> {
  const parsed = validInput(op as AnyOperation, input);
  checkBatchLimits(op as AnyOperation, parsed, client);
  return (yield* sendValidated(client, op, parsed)).data;
}

/** What an operation answered, with the warnings the service's answers carried (e.g. "it was carried out; do not repeat it"). */
export interface Answered<R> {
  data: R;
  warnings: string[];
}

/**
 * Runs an operation as the user means it: inputs larger than one request's cap are split into several
 * requests (campaign contacts, list contacts, poll ids) and the answers are merged. A campaign create
 * with more contacts than one request takes is a create with the first chunk, then adds for the rest.
 * Research has its own flow (flow/research.ts): it also polls and can resume.
 */
export function* call<I extends z.ZodMiniType, O extends z.ZodMiniType, R>(client: Client, op: Operation<I, O, R>, rawInput: unknown): Flow<R> {
  return (yield* callWithWarnings(client, op, rawInput)).data;
}

/** What a target shows of an answer, with the answer's warnings only when it carried some (sidebar, n8n items). */
export function withWarnings<T extends object, W extends readonly string[]>(shown: T, warnings: W): T & { warnings?: W } {
  return warnings.length ? { ...shown, warnings } : shown;
}

/** `call`, returning the answer's warnings too so a target can show them. */
export function* callWithWarnings<I extends z.ZodMiniType, O extends z.ZodMiniType, R>(
  client: Client,
  op: Operation<I, O, R>,
  rawInput: unknown,
): Flow<Answered<R>> {
  const warnings: string[] = [];
  const data = yield* callCollecting(client, op as AnyOperation, rawInput, warnings);
  return { data: data as R, warnings };
}

function* callCollecting(client: Client, op: AnyOperation, rawInput: unknown, warnings: string[]): Flow<unknown> {
  if (op.mcp) return yield* runMcpOperation(client, op, rawInput);
  const input = validInput(op, rawInput);
  // An input that needs a feature the organization has off is refused before sending (spec 3 rule 2).
  yield* checkFeatures(client, op, input);
  const over = oversized(op, input, client);
  const sendParsed = (o: AnyOperation, i: Record<string, unknown>) => sendCollecting(client, o, i, warnings);
  if (!over) return yield* sendParsed(op, input);
  const { field, max } = over;
  if (op.credits === 'perItem') {
    throw new ValidationError(`${op.title}: ${field}: at most ${max} items in one request; use the research flow, which splits and polls. Nothing was sent.`, [
      { field, rule: `at most ${max} items` },
    ]);
  }
  const pieces = chunk(input[field] as unknown[], max);
  if (op.batch?.thenAdd) return yield* createThenAdd(client, op, op.batch.thenAdd, input, field, pieces, sendParsed);
  const results: unknown[] = [];
  for (const piece of pieces) results.push(yield* sendParsed(op, { ...input, [field]: piece }));
  return mergeChunkResults(results);
}

type SendParsed = (op: AnyOperation, input: Record<string, unknown>) => Flow<unknown>;

/**
 * An oversized create: the create with the first chunk, then the entry's add operation for each other chunk on the
 * record it made. A failed add ends with an error naming the record and what was not added, so the user adds the rest
 * instead of creating it again.
 */
function* createThenAdd(
  client: Client,
  create: AnyOperation,
  how: ThenAdd,
  input: Record<string, unknown>,
  field: string,
  pieces: unknown[][],
  sendParsed: SendParsed,
): Flow<unknown> {
  const created = (yield* sendParsed(create, { ...input, [field]: pieces[0] })) as Record<string, unknown>;
  const recordId = how.recordId(created);
  let added = countIn(created, how.countField);
  for (const [k, piece] of pieces.slice(1).entries()) {
    try {
      const add = operationById(how.operation);
      added += countIn(yield* sendParsed(add, validInput(add, { id: recordId, [field]: piece })), how.countField);
    } catch (error) {
      throw new PartialCampaignError(recordId, added, pieces.slice(k + 1).flat(), error as Error);
    }
  }
  const record = how.reread ? yield* reread(client, how.reread, recordId) : undefined;
  return { ...created, ...(record === undefined ? {} : { [how.reread!.field]: record }), [how.countField]: added };
}

function countIn(answer: unknown, field: string): number {
  const value = (answer as Record<string, unknown> | null)?.[field];
  return typeof value === 'number' ? value : 0;
}

/**
 * The record as the service holds it once every add is in. Reading it is safe to repeat; if it still fails, the
 * record exists and must not be created again, so the create's own answer stands (undefined here).
 */
function* reread(client: Client, how: NonNullable<ThenAdd['reread']>, id: string): Flow<unknown> {
  try {
    const read = operationById(how.operation);
    const detail = (yield* sendCollecting(client, read, validInput(read, { id }), [])) as Record<string, unknown> | null;
    return detail?.[how.field] ?? undefined;
  } catch {
    return undefined;
  }
}

/** Lists are concatenated; count objects ({contactsAdded}) are summed. */
function mergeChunkResults(results: unknown[]): unknown {
  if (results.every(Array.isArray)) return (results as unknown[][]).flat();
  const sum: Record<string, unknown> = { ...(results[0] as Record<string, unknown>) };
  for (const r of results.slice(1)) {
    for (const [k, v] of Object.entries(r as Record<string, unknown>)) {
      if (typeof v === 'number' && typeof sum[k] === 'number') sum[k] = (sum[k] as number) + v;
      // One uncertain chunk makes the whole count uncertain (flow/uncertain-count.ts).
      else if (k === 'countUncertain' || k === 'countNote') sum[k] ??= v;
    }
  }
  return sum;
}

/** One request of an input `call` has validated, its warnings added to `warnings`. */
function* sendCollecting(client: Client, op: AnyOperation, input: Record<string, unknown>, warnings: string[]): Flow<unknown> {
  const reply = yield* sendValidated(client, op, input);
  warnings.push(...reply.warnings);
  return reply.data;
}
