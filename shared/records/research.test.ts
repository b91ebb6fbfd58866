import {
  companyPollResponseSchema,
  contactPollItemSchema,
  isTerminalResearchStatus,
  researchOutcome,
  researchSubmitResponseSchema,
  researchVerdict,
} from './research';
import { sampleOrgCompany, sampleOrgContact } from './test-fixtures';

describe('research status vocabulary', () => {
  it.each([
    ['queued', 'pending', false],
    ['researching', 'pending', false],
    ['done', 'done', true],
    ['error', 'error', true],
    ['missing', 'error', true],
    ['duplicate', 'duplicate', true],
    ['not found', 'not-found', true],
    ['contact-already-researched', 'duplicate', true],
    ['No license or credits available', 'error', true],
    ['Researching', 'pending', false],
    ['quota-exhausted', 'error', true],
  ])('%s -> %s (terminal %s)', (status, outcome, terminal) => {
    expect(researchOutcome(status)).toBe(outcome);
    expect(isTerminalResearchStatus(status)).toBe(terminal);
  });

  it('does not treat object prototype names as known statuses', () => {
    expect(researchOutcome('constructor')).toBe('error');
  });

  it('keeps the text of an unknown status', () => {
    expect(researchVerdict({ status: 'quota-exhausted', message: null })).toEqual({
      outcome: 'error',
      status: 'quota-exhausted',
      known: false,
      detail: 'quota-exhausted',
    });
    expect(researchVerdict({ status: 'error', message: 'No company for domain x.example' }).detail).toBe(
      'No company for domain x.example',
    );
  });
});

describe('research records', () => {
  it('parses the submit answer', () => {
    expect(researchSubmitResponseSchema.parse({ success: true, requestIds: ['a', 'b'] }).requestIds).toEqual(['a', 'b']);
  });

  it('parses contact poll items with and without a contact', () => {
    const done = { requestId: 'a', searchResultId: 's1', status: 'done', message: null, contact: sampleOrgContact };
    expect(contactPollItemSchema.parse(done).contact?.contactId).toBe('1001');
    const unknown = { requestId: 'z', searchResultId: null, status: 'missing', message: 'unknown request id' };
    expect(contactPollItemSchema.parse(unknown).contact).toBeUndefined();
  });

  it('rejects a bad embedded record with its path', () => {
    const r = contactPollItemSchema.safeParse({
      requestId: 'a',
      searchResultId: 's1',
      status: 'done',
      message: null,
      contact: { ...sampleOrgContact, companyStaffCount: 'many' },
    });
    expect(r.error?.issues[0].path).toEqual(['contact', 'companyStaffCount']);
  });

  it('parses a company poll answer', () => {
    const body = {
      success: true,
      data: [{ requestId: 'c', searchResultId: null, status: 'done', message: '', company: sampleOrgCompany }],
    };
    expect(companyPollResponseSchema.parse(body).data[0].company?.companyId).toBe('501');
  });
});
