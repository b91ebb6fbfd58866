import * as z from '../validation/zod';
import { text } from './primitives';
import { lazyLooseObject } from '../validation/lazy-schema';

/** Contact (prospect) status configured for the organization, spec 2.7 / 4.9. */
export const contactStatusSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  statusId: z.int(),
  name: text,
  label: text,
}));
export type ContactStatus = z.output<typeof contactStatusSchema>;
