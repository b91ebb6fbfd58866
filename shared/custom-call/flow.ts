import { catalogue } from '../catalogue';
import type { Client } from '../client';
import type { Flow } from '../effects';
import { validate } from '../validation/format';
import type { Answered } from '../flow/call';
import { decodeStated, exchange } from '../flow/send';
import { customCallInput, customCallSummary, customRequest, type CustomCallInput } from './request';

/** Custom API call (any v1/v2 path), through the same exchange as the catalogue; input validated before anything is sent. */
export function* customCall(client: Client, rawInput: CustomCallInput): Flow<unknown> {
  return (yield* customCallWithWarnings(client, rawInput)).data;
}

/** `customCall`, returning the answer's warnings too so a target can show them. */
export function* customCallWithWarnings(client: Client, rawInput: unknown): Flow<Answered<unknown>> {
  const input = validate(customCallInput, rawInput, customCallSummary.title);
  const { target, request } = customRequest(input, client.settings, catalogue);
  const response = yield* exchange(client, target, request);
  const reply = decodeStated(target, response, false, request);
  return { data: reply.data, warnings: reply.warnings };
}
