import { orgCompanySchema } from './org-company';
import { orgContactSchema } from './org-contact';

/**
 * A webhook delivery's body is the bare record (published webhooks: contact-researched, company-researched).
 * It is read as the API's records are (tolerant, published names under the spec's), so a delivered research
 * fills the same fields as a polled one. A body that is not a record at all is passed on as it came.
 */
export function readDeliveredRecord(event: string, body: Record<string, unknown>): Record<string, unknown> {
  const schema = event === 'company-researched' ? orgCompanySchema : orgContactSchema;
  const read = schema.safeParse(body);
  return read.success ? (read.data as Record<string, unknown>) : body;
}
