import * as z from '../validation/zod';
import { idText, looseDateTime, looseInt, looseText } from './lenient';
import { lazyLooseObject } from '../validation/lazy-schema';

/** Call records (public reference, "The rest of the service": Calls; fields in DECISIONS "Tasks, calls, activity"). */

/** A logged call as the service answers `POST /calls/log`. */
export const callSchema = /* @__PURE__ */ lazyLooseObject({
  callId: idText,
  contactId: looseText,
  callDispositionId: looseInt,
  callSentimentId: looseInt,
  callScript: looseText,
  calledAt: looseDateTime,
  durationMs: looseInt,
  fromNumber: looseText,
  toNumber: looseText,
  taskId: looseText,
  createdAt: looseDateTime,
});
export type LoggedCall = z.output<typeof callSchema>;

/** Item of `GET /calls/dispositions`: how a call ended (connected, voicemail...). */
export const callDispositionSchema = /* @__PURE__ */ lazyLooseObject({ callDispositionId: looseInt, name: looseText });
export type CallDisposition = z.output<typeof callDispositionSchema>;

/** Item of `GET /calls/sentiments`: how the call felt (positive, neutral, negative). */
export const callSentimentSchema = /* @__PURE__ */ lazyLooseObject({ callSentimentId: looseInt, name: looseText });
export type CallSentiment = z.output<typeof callSentimentSchema>;
