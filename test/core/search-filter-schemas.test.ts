/**
 * The search filters' schemas are built once per kind and shared by the search input and the saved-search filters
 * (issue 13: every Apps Script execution builds all schemas while Code.js loads, and the filters were built twice).
 * Sharing them keeps validation the same: the same filter is refused in both places with the same message.
 */
import { companySearchInput, contactSearchInput, searchFiltersSchema } from '../../shared/catalogue/search';

// A refined object (the search inputs) is the object with a check added: it keeps the object's shape.
const shapeOf = (schema: unknown) => (schema as { shape: Record<string, unknown> }).shape;

test.each([
  ['contacts', contactSearchInput],
  ['companies', companySearchInput],
] as const)('%s: every filter of the search input is the saved-search filter itself', (kind, input) => {
  const filters = shapeOf(searchFiltersSchema[kind]);
  const names = Object.keys(filters);
  expect(names.length).toBeGreaterThan(5);
  for (const name of names) expect(shapeOf(input)[name]).toBe(filters[name]);
});

test('a bad filter gets the same refusal from the search input and from the saved-search filters', () => {
  const name = Object.keys(shapeOf(searchFiltersSchema.contacts))[0];
  const asInput = contactSearchInput.safeParse({ [name]: [] });
  const asSaved = searchFiltersSchema.contacts.safeParse({ [name]: [] });
  expect(asInput.success).toBe(false);
  expect(asSaved.success).toBe(false);
  expect(asInput.error?.issues.map((i) => [i.path, i.message])).toEqual(asSaved.error?.issues.map((i) => [i.path, i.message]));
});
