import { z } from 'zod';

/** Contact (prospect) status configured for the organization, spec 2.7 / 4.9. */
export const contactStatusSchema = z.looseObject({
  statusId: z.int(),
  name: z.string(),
  label: z.string(),
});
export type ContactStatus = z.infer<typeof contactStatusSchema>;
