import * as z from '../validation/zod';
import { nonNegativeInt } from './primitives';
import { lazyLooseObject } from '../validation/lazy-schema';

/** Data of `GET /v2/credits` (DECISIONS): the organization's research credit balance; v1 has only the header. */
export const creditsSchema = /* @__PURE__ */ lazyLooseObject({
  balance: nonNegativeInt,
});
export type Credits = z.output<typeof creditsSchema>;
