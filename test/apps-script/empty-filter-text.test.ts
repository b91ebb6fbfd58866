/** Issue 9: a filter named with no value in the filter text ("jobTitle=") is refused, not dropped. */
import { createClient, operation, runSync, call, ValidationError } from '../../shared';
import { filtersArg } from '../../apps-script/src/args';
import { scriptedHost } from '../support/scripted-host';

function refusedFilters(text: string): ValidationError {
  const host = scriptedHost([]);
  try {
    runSync(call(createClient({ auth: { type: 'apiKey', apiKey: 'k' } }), operation('contacts.search'), filtersArg(text)), host.sync);
  } catch (error) {
    expect(host.log).toHaveLength(0);
    return error as ValidationError;
  }
  throw new Error(`searched with ${text}`);
}

test.each(['jobTitle=', 'jobTitle=  ; seniority=VP', 'seniority=VP; jobTitle=,,,'])('%s is refused naming jobTitle', (text) => {
  const error = refusedFilters(text);
  expect(error).toBeInstanceOf(ValidationError);
  expect(error.message).toMatch(/jobTitle: is empty/);
});

test('a two-column range keeps skipping blank value cells (a form of filter names)', () => {
  expect(
    filtersArg([
      ['seniority', 'VP'],
      ['jobTitle', ''],
    ]),
  ).toEqual({ seniority: 'VP' });
});
