import * as z from '../validation/zod';
import { lazySchema } from '../validation/lazy-schema';

/** Contact (prospect) status configured for the organization, spec 2.7 / 4.9. */
export const contactStatusSchema = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    statusId: z.int(),
    name: z.string(),
    label: z.string(),
  }),
);
export type ContactStatus = z.output<typeof contactStatusSchema>;
