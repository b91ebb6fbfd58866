import { z } from 'zod';
import { callDispositionSchema, callSchema, callSentimentSchema, v2Envelope } from '../records';
import { integerId, isoDateTimeInput, shortText } from '../validation/fields';
import { textCaps } from '../validation/limits';
import { keyedById, defineOperation } from './types';
import { lazySchema } from '../validation/lazy-schema';

/** Calls (public reference, "The rest of the service": Calls; the rest in DECISIONS "Tasks, calls, activity"). */

const base = { version: 'v2', resource: 'calls', pathFields: [], queryFields: [], credits: 'none', pagination: { style: 'none' }, auth: 'required' } as const;

/** A phone number as people write it: digits with +, spaces, dots, dashes or brackets. */
const phoneNumber = lazySchema(() => shortText(50).refine((v) => /^\+?[0-9 ().-]{3,}$/.test(v.trim()), 'must be a phone number such as +1 555 010 0100'));

export const logCallOperation = defineOperation({
  ...base,
  id: 'calls.log',
  action: 'log',
  title: 'Log call',
  description: 'Records a phone call with a saved contact: how it ended, how it felt, how long it took.',
  method: 'POST',
  path: '/calls/log',
  input: lazySchema(() =>
    z.strictObject({
      contactId: integerId,
      callDispositionId: integerId.optional(),
      callSentimentId: integerId.optional(),
      callScript: z.string().max(textCaps.any, `must be at most ${textCaps.any} characters`).optional(),
      calledAt: isoDateTimeInput.optional(),
      durationMs: z
        .number({ message: 'must be a number of milliseconds' })
        .int('must be a whole number of milliseconds')
        .min(0, 'must be 0 or more')
        .optional(),
      fromNumber: phoneNumber.optional(),
      toNumber: phoneNumber.optional(),
      taskId: integerId.optional(),
    }),
  ),
  output: lazySchema(() => v2Envelope(callSchema)),
  result: (body) => body.data,
  // Never repeat a log after an ambiguous failure: the call would be in the history twice.
  retry: 'unsafe',
});

export const listCallDispositionsOperation = defineOperation({
  ...base,
  id: 'calls.listDispositions',
  action: 'listDispositions',
  returns: 'list',
  title: 'List call dispositions',
  description: 'Lists the outcomes a logged call can have (connected, voicemail, no answer...).',
  method: 'GET',
  path: '/calls/dispositions',
  input: lazySchema(() => z.strictObject({})),
  output: lazySchema(() => v2Envelope(z.array(callDispositionSchema))),
  result: (body) => body.data,
  retry: 'safe',
});

export const listCallSentimentsOperation = defineOperation({
  ...base,
  id: 'calls.listSentiments',
  action: 'listSentiments',
  returns: 'list',
  title: 'List call sentiments',
  description: 'Lists the moods a logged call can have (positive, neutral, negative).',
  method: 'GET',
  path: '/calls/sentiments',
  input: lazySchema(() => z.strictObject({})),
  output: lazySchema(() => v2Envelope(z.array(callSentimentSchema))),
  result: (body) => body.data,
  retry: 'safe',
});

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const callOperations = keyedById([logCallOperation, listCallDispositionsOperation, listCallSentimentsOperation]);
