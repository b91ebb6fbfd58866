import * as z from '../validation/zod';
import { text } from './primitives';
import { lazyLooseObject } from '../validation/lazy-schema';

/** `GET /v2/oauth/me`: the user, not wrapped in `data` (public reference). Lower-case names as the service sends them. */
export const meSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  success: z.boolean(),
  email: z.email(),
  firstname: text,
  lastname: text,
}));
export type Me = z.output<typeof meSchema>;
