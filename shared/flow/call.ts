import type { z } from 'zod';
import { customCallInput, customRequest, type CustomCallInput } from '../catalogue/custom';
import { getCampaignOperation } from '../catalogue/campaigns';
import { catalogue, operation } from '../catalogue';
import type { AnyOperation, Operation } from '../catalogue/types';
import type { Client } from '../client';
import type { Flow } from '../effects';
import { PartialCampaignError, ValidationError } from '../errors';
import { checkFeatures } from '../mcp/features';
import { runMcpOperation } from '../mcp/run';
import { validate } from '../validation/format';
import { chunk } from './chunk';
import { decode } from './decode';
import { exchange, send } from './send';

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
export function checkBatchLimits(op: AnyOperation, input: Record<string, unknown>, client: Client): void {
  const over = oversized(op, input, client);
  if (over) {
    const rule = `at most ${over.max} items in one request (spec 8)`;
    throw new ValidationError(`${op.title}: ${over.field}: ${rule}. Nothing was sent.`, [{ field: over.field, rule }]);
  }
}

/** Exactly one request, with every limit enforced before sending. */
export function* sendOne<I extends z.ZodType, O extends z.ZodType, R>(client: Client, op: Operation<I, O, R>, input: z.input<I>): Flow<R> {
  checkBatchLimits(op as AnyOperation, validate(op.input, input ?? {}, op.title) as Record<string, unknown>, client);
  return (yield* send(client, op, input)).data;
}

type CountResult = { contactsAdded?: number; contactsRemoved?: number };

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
export function* call<I extends z.ZodType, O extends z.ZodType, R>(client: Client, op: Operation<I, O, R>, rawInput: unknown): Flow<R> {
  return (yield* callWithWarnings(client, op, rawInput)).data;
}

/** `call`, returning the answer's warnings too so a target can show them. */
export function* callWithWarnings<I extends z.ZodType, O extends z.ZodType, R>(client: Client, op: Operation<I, O, R>, rawInput: unknown): Flow<Answered<R>> {
  const warnings: string[] = [];
  const data = yield* callCollecting(client, op as AnyOperation, rawInput, warnings);
  return { data: data as R, warnings };
}

function* callCollecting(client: Client, op: AnyOperation, rawInput: unknown, warnings: string[]): Flow<unknown> {
  if (op.anyPath) return yield* customCallCollecting(client, rawInput as CustomCallInput, warnings);
  if (op.mcp) return yield* runMcpOperation(client, op, rawInput);
  const input = validate(op.input, rawInput ?? {}, op.title) as Record<string, unknown>;
  // An input that needs a feature the organization has off is refused before sending (spec 3 rule 2).
  yield* checkFeatures(client, op, input);
  const over = oversized(op, input, client);
  const sendParsed = (o: AnyOperation, i: Record<string, unknown>) => sendCollecting(client, o, i, warnings);
  if (!over) return yield* sendParsed(op, input);
  if (op.credits === 'perItem') {
    throw new ValidationError(
      `${op.title}: ${over.field}: at most ${over.max} items in one request; use the research flow, which splits and polls. Nothing was sent.`,
      [{ field: over.field, rule: `at most ${over.max} items` }],
    );
  }
  const pieces = chunk(input[over.field] as unknown[], over.max);
  if (op.batch?.thenAdd) {
    const addOperation = operation(op.batch.thenAdd);
    const created = (yield* sendParsed(op, { ...input, [over.field]: pieces[0] })) as { campaign: { campaignId: string }; contactsAdded: number };
    let added = created.contactsAdded;
    for (const [k, piece] of pieces.slice(1).entries()) {
      try {
        const more = (yield* sendParsed(addOperation, { id: created.campaign.campaignId, contactIds: piece })) as CountResult;
        added += more.contactsAdded ?? 0;
      } catch (error) {
        // The campaign exists: say so, so the user adds the rest instead of creating it again.
        const left = pieces.slice(k + 1).flat();
        throw new PartialCampaignError(created.campaign.campaignId, added, left, error as Error);
      }
    }
    return { ...created, campaign: yield* campaignAfterAdds(client, created.campaign), contactsAdded: added };
  }
  const results: unknown[] = [];
  for (const piece of pieces) results.push(yield* sendParsed(op, { ...input, [over.field]: piece }));
  return mergeChunkResults(results);
}

/**
 * The campaign as the service holds it once every add is in (its numContacts counts them all). Reading it
 * is safe to repeat; if it still fails, the campaign exists and must not be created again, so the create's
 * own answer is returned rather than an error.
 */
function* campaignAfterAdds(client: Client, created: { campaignId: string }): Flow<unknown> {
  try {
    const detail = (yield* sendCollecting(client, getCampaignOperation, { id: created.campaignId }, [])) as { campaign?: unknown };
    return detail.campaign ?? created;
  } catch {
    return created;
  }
}

/** Lists are concatenated; count objects ({contactsAdded}) are summed. */
function mergeChunkResults(results: unknown[]): unknown {
  if (results.every(Array.isArray)) return (results as unknown[][]).flat();
  const sum: Record<string, unknown> = { ...(results[0] as Record<string, unknown>) };
  for (const r of results.slice(1)) {
    for (const [k, v] of Object.entries(r as Record<string, unknown>)) {
      if (typeof v === 'number' && typeof sum[k] === 'number') sum[k] = (sum[k] as number) + v;
    }
  }
  return sum;
}

/** One request, its warnings added to `warnings`; the input may already be parsed, which is harmless since parsing it again is idempotent. */
function* sendCollecting(client: Client, op: AnyOperation, input: Record<string, unknown>, warnings: string[]): Flow<unknown> {
  const reply = yield* send(client, op, input);
  warnings.push(...reply.warnings);
  return reply.data;
}

/** Custom API call (any v1/v2 path), through the same exchange as the catalogue. */
export function* customCall(client: Client, rawInput: CustomCallInput): Flow<unknown> {
  return yield* customCallCollecting(client, rawInput, []);
}

function* customCallCollecting(client: Client, rawInput: CustomCallInput, warnings: string[]): Flow<unknown> {
  const input = validate(customCallInput, rawInput, 'Custom API call');
  const { op, request } = customRequest(input, client.settings, catalogue);
  const response = yield* exchange(client, op, request);
  const reply = decode(op, response, false, request);
  warnings.push(...reply.warnings);
  return reply.data;
}
