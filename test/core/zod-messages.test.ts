/**
 * Issue 32: zod/mini ships no locale, and zod's English one carried nouns for ~30 string formats the connector never
 * checks. An issue whose schema gives no message of its own is worded by shared/validation/zod-messages.ts, as a rule
 * read after the field's name, in both targets (zod.ts registers it once).
 */
import * as z from '../../shared/validation/zod';
import { validate } from '../../shared/validation/format';

/** The rule zod reports for `value` against `schema`, or null when it passes. */
function ruleFor(schema: z.ZodMiniType, value: unknown): string | null {
  const result = z.safeParse(schema, value);
  return result.success ? null : result.error.issues.map((i) => i.message).join(' / ');
}

test('type, size, value and format rules read after a field name', () => {
  expect(ruleFor(z.string(), 5)).toBe('must be text (got a number)');
  expect(ruleFor(z.number(), 'x')).toBe('must be a number (got text)');
  expect(ruleFor(z.int(), 1.5)).toBe('must be a whole number (got a number)');
  expect(ruleFor(z.boolean(), null)).toBe('must be true or false (got null)');
  expect(ruleFor(z.array(z.string()), {})).toBe('must be a list (got an object)');
  expect(ruleFor(z.strictObject({ a: z.string() }), [])).toBe('must be an object (got a list)');
  expect(ruleFor(z.strictObject({ a: z.string() }), {})).toBe('is required');
  expect(ruleFor(z.number().check(z.minimum(1)), 0)).toBe('must be at least 1');
  expect(ruleFor(z.number().check(z.maximum(100)), 101)).toBe('must be at most 100');
  expect(ruleFor(z.number().check(z.positive()), 0)).toBe('must be more than 0');
  expect(ruleFor(z.string().check(z.minLength(1)), '')).toBe('must have at least 1 character');
  expect(ruleFor(z.string().check(z.maxLength(3)), 'abcd')).toBe('must have at most 3 characters');
  expect(ruleFor(z.array(z.number()).check(z.minLength(2)), [1])).toBe('must have at least 2 items');
  expect(ruleFor(z.enum(['contacts', 'companies']), 'people')).toBe('must be one of "contacts", "companies"');
  expect(ruleFor(z.literal('v2'), 'v1')).toBe('must be "v2"');
  expect(ruleFor(z.email(), 'not-an-address')).toBe('must be a valid email address');
  expect(ruleFor(z.url(), 'nope')).toBe('must be a valid URL');
  expect(ruleFor(z.iso.date(), '2026-13-40')).toBe('must be a valid date (YYYY-MM-DD)');
  expect(ruleFor(z.string().check(z.regex(/^\d+$/)), 'a1')).toBe('must match /^\\d+$/');
  expect(ruleFor(z.number().check(z.multipleOf(5)), 7)).toBe('must be a multiple of 5');
  expect(ruleFor(z.union([z.string(), z.number()]), true)).toMatch(/^must be text \(got boolean\) \/ |^matches none of the forms it takes$/);
});

test("a schema's own message still wins over the default rule", () => {
  expect(ruleFor(z.number({ message: 'must be a count' }), 'x')).toBe('must be a count');
  expect(ruleFor(z.number().check(z.minimum(1, 'must be at least 1 (spec 8)')), 0)).toBe('must be at least 1 (spec 8)');
});

test('the connector error names the field and the default rule', () => {
  expect(() => validate(z.strictObject({ limit: z.number().check(z.maximum(100)) }), { limit: 500 }, 'List contacts')).toThrow(/limit: must be at most 100/);
});
