/**
 * Every sidebar function's error reaches the panel in the add-on's words (errors.ts userError), made in one place:
 * the sidebar guard of entry-points.ts, not a try/catch repeated in each function. A trigger's or a cell's error is
 * left to its own handling, and Apps Script's own time-limit error passes unchanged.
 */
import { ProspectingError, ValidationError } from '../../shared';
import { mergeEntryPoints, type EntryPoint } from '../../apps-script/src/entry-points';

const failing =
  (error: unknown): EntryPoint['run'] =>
  () => {
    throw error;
  };
const entry = (guard: EntryPoint['guard'], run: EntryPoint['run']): EntryPoint => ({ params: [], doc: [], guard, run });

beforeAll(() => {
  // A sidebar call: SpreadsheetApp.getUi() answers (a cell's call is refused by it).
  (globalThis as { SpreadsheetApp?: unknown }).SpreadsheetApp = { getUi: () => ({}) };
});
afterAll(() => {
  delete (globalThis as { SpreadsheetApp?: unknown }).SpreadsheetApp;
});

function messageOf(run: () => unknown): { message: string; error: unknown } {
  try {
    run();
  } catch (error) {
    return { message: (error as Error).message, error };
  }
  throw new Error('expected the call to fail');
}

test("a sidebar function's validation error says what to fix, its service error what to do", () => {
  const merged = mergeEntryPoints({
    bad: entry('sidebar', failing(new ValidationError('limit: must be at most 100.', [{ field: 'limit', rule: '<= 100' }]))),
    refused: entry('sidebar', failing(new ProspectingError('The service refused the key.', { hint: 'Connect again from the sidebar.' }))),
  });
  const bad = messageOf(() => merged.bad.run());
  expect(bad.message).toBe('limit: must be at most 100. Fix the argument and try again.');
  expect(bad.error).not.toBeInstanceOf(ValidationError);
  expect(messageOf(() => merged.refused.run()).message).toBe('The service refused the key. What to do: Connect again from the sidebar.');
});

test("Apps Script's time-limit error passes unchanged; a trigger's error is its own", () => {
  const timeUp = new Error('Exceeded maximum execution time');
  const validation = new ValidationError('x: must be y.', [{ field: 'x', rule: 'y' }]);
  const merged = mergeEntryPoints({ slow: entry('sidebar', failing(timeUp)), hourly: entry('trigger', failing(validation)) });
  expect(messageOf(() => merged.slow.run()).error).toBe(timeUp);
  expect(messageOf(() => (merged.hourly.run as (e: unknown) => unknown)({ triggerUid: '1' })).error).toBe(validation);
});
