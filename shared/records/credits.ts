import { z } from 'zod';
import { nonNegativeInt } from './primitives';

/** Data of `GET /v2/credits` (DECISIONS): the organization's research credit balance; v1 has only the header. */
export const creditsSchema = z.looseObject({
  balance: nonNegativeInt,
});
export type Credits = z.infer<typeof creditsSchema>;
