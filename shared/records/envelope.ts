import * as z from '../validation/zod';
import { lazySchema, lazyLooseObject } from '../validation/lazy-schema';

/**
 * Response envelopes (spec 1): v2 wraps success bodies as `{success, data}`; some v1 bodies are `{data: [...]}`.
 * Loose so that fields the service adds beside `data` (e.g. search `supplementalData`) survive parsing.
 */

/** v2 success body `{success: boolean, data}` around any data schema. */
export function v2Envelope<T extends z.ZodMiniType>(dataSchema: T) {
  return z.looseObject({ success: z.boolean(), data: dataSchema });
}

/**
 * v1 list body `{data: [item]}` (org contacts / companies reads); it carries no pagination metadata. `data` is
 * optional as published: absent, the answer holds no records.
 */
export function v1DataList<T extends z.ZodMiniType>(itemSchema: T) {
  return z.looseObject({ data: z._default(z.array(itemSchema), []) });
}

/** Body of deletes: `{success: true}` without data (spec 4.4, DECISIONS). */
export const successOnlySchema = /* @__PURE__ */ lazyLooseObject(() => ({ success: z.boolean() }));
export type SuccessOnly = z.output<typeof successOnlySchema>;

/** `v2Envelope(data)`, built on first use (an operation's output). */
export const v2Of = <T extends z.ZodMiniType>(data: T) => lazySchema(() => v2Envelope(data));

/** `v2Envelope(z.array(item))`, built on first use (a list operation's output). */
export const v2ListOf = <T extends z.ZodMiniType>(item: T) => lazySchema(() => v2Envelope(z.array(item)));
