import * as z from '../validation/zod';
import { callDispositionSchema, callSchema, callSentimentSchema, v2ListOf, v2Of } from '../records';
import { integerId, isoDateTimeInput, shortText, optionalLongText } from '../validation/fields';
import { keyedById, defineOperation, v2Base } from './types';
import { lazySchema, lazyStrictObject } from '../validation/lazy-schema';
import { noInput } from './inputs';

/** Calls (public reference, "The rest of the service": Calls; the rest in DECISIONS "Tasks, calls, activity"). */

const base = { ...v2Base, resource: 'calls' } as const;

/** A phone number as people write it: digits with +, spaces, dots, dashes or brackets. */
const phoneNumber = /* @__PURE__ */ lazySchema(() =>
  shortText(50).check(z.refine((v) => /^\+?[0-9 ().-]{3,}$/.test(v.trim()), 'must be a phone number such as +1 555 010 0100')),
);

export const logCallOperation = defineOperation({
  ...base,
  action: 'log',
  title: 'Log call',
  description: 'Records a phone call with a saved contact: how it ended, how it felt, how long it took.',
  method: 'POST',
  path: '/calls/log',
  input: lazyStrictObject(() => ({
    contactId: integerId,
    callDispositionId: z.optional(integerId),
    callSentimentId: z.optional(integerId),
    callScript: optionalLongText,
    calledAt: z.optional(isoDateTimeInput),
    durationMs: z.optional(
      z.number({ message: 'must be a number of milliseconds' }).check(z.int('must be a whole number of milliseconds'), z.minimum(0, 'must be 0 or more')),
    ),
    fromNumber: z.optional(phoneNumber),
    toNumber: z.optional(phoneNumber),
    taskId: z.optional(integerId),
  })),
  output: v2Of(callSchema),
  // Never repeat a log after an ambiguous failure: the call would be in the history twice.
});

export const listCallDispositionsOperation = defineOperation({
  ...base,
  method: 'GET',
  action: 'listDispositions',
  title: 'List call dispositions',
  description: 'Lists the outcomes a logged call can have (connected, voicemail, no answer...).',
  path: '/calls/dispositions',
  input: noInput,
  output: v2ListOf(callDispositionSchema),
});

export const listCallSentimentsOperation = defineOperation({
  ...base,
  method: 'GET',
  action: 'listSentiments',
  title: 'List call sentiments',
  description: 'Lists the moods a logged call can have (positive, neutral, negative).',
  path: '/calls/sentiments',
  input: noInput,
  output: v2ListOf(callSentimentSchema),
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const callOperations = keyedById([logCallOperation, listCallDispositionsOperation, listCallSentimentsOperation]);
