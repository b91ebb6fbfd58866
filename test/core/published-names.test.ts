/**
 * Published names read as the connector's (shared/records/published-names.ts), the cases the one-pass move (issue 32)
 * must keep: the moved field takes its schema place, the connector's own name wins when both are sent, a nested
 * target gets its holder without the parsed input changing, and a record with no published name keeps its order.
 */
import { contactSearchRowSchema, orgContactSchema } from '../../shared/records';

test('a published name is read into the connector field, in the schema order, read as that field reads', () => {
  const parsed = orgContactSchema.parse({ fullName: 'Jane Doe', extra: 1, companyLinkedInId: 12345, contactId: '7' }) as Record<string, unknown>;
  expect(parsed).toEqual({ contactId: '7', fullName: 'Jane Doe', companyNetworkId: '12345', extra: 1 });
  expect(Object.keys(parsed)).toEqual(['contactId', 'fullName', 'companyNetworkId', 'extra']);
});

test("the connector's own name wins when both are sent: the published one stays as an extra field", () => {
  const parsed = orgContactSchema.parse({ companyNetworkId: 'own', companyLinkedInId: 'published' }) as Record<string, unknown>;
  expect(parsed).toEqual({ companyNetworkId: 'own', companyLinkedInId: 'published' });
  // A null own value is none: the published value fills it.
  expect(orgContactSchema.parse({ companyNetworkId: null, companyLinkedInId: 'published' })).toEqual({ companyNetworkId: 'published' });
});

test('nested targets: the holder is made or copied, the input is never changed, and two moves share one holder', () => {
  const input = { name: 'Jane', city: 'Austin', country: 'US', contactLocation: { state: 'TX' } };
  const parsed = contactSearchRowSchema.parse(input) as Record<string, unknown>;
  expect(parsed.fullName).toBe('Jane');
  expect(parsed.contactLocation).toEqual({ state: 'TX', city: 'Austin', country: 'US' });
  expect(input.contactLocation).toEqual({ state: 'TX' });
  expect(parsed).not.toHaveProperty('city');
  // No holder sent: one is made.
  expect((contactSearchRowSchema.parse({ city: 'Austin' }) as Record<string, unknown>).contactLocation).toEqual({ city: 'Austin' });
  // A holder that is no object (a location sent as text) is left as sent, and so is the published field.
  expect(contactSearchRowSchema.parse({ contactLocation: 'Austin, TX', city: 'Austin' })).toEqual({ contactLocation: 'Austin, TX', city: 'Austin' });
});

test('a record without published names keeps the order zod gave it, extras after the fields', () => {
  const parsed = orgContactSchema.parse({ zExtra: true, lastName: 'Doe', contactId: '7' }) as Record<string, unknown>;
  expect(Object.keys(parsed)).toEqual(['contactId', 'lastName', 'zExtra']);
});
