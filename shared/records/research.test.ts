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
    expect(researchVerdict({ status: 'error', message: 'No company for domain x.example' }).detail).toBe('No company for domain x.example');
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

  // Issue 15 reverses the old rule (a bad embedded field failed the item): a paid result is never thrown away.
  it('keeps an embedded record with an odd field, the value as sent', () => {
    const item = contactPollItemSchema.parse({
      requestId: 'a',
      searchResultId: 's1',
      status: 'done',
      message: null,
      contact: { ...sampleOrgContact, companyStaffCount: 'many' },
    });
    expect(item.contact?.companyStaffCount).toBe('many');
    expect(item.contact?.email).toBe(sampleOrgContact.email);
  });

  // Issue 21: both are optional as published; the poll sweep makes an item without them that item's error.
  it('reads an item without requestId or status instead of refusing the answer', () => {
    expect(contactPollItemSchema.parse({ status: 'done' }).requestId).toBeUndefined();
    expect(contactPollItemSchema.parse({ requestId: 'a' }).status).toBeUndefined();
    expect(contactPollItemSchema.parse({ requestId: 7, status: 'done' }).requestId).toBe('7');
    expect(companyPollResponseSchema.parse({ success: true }).data).toEqual([]);
  });

  it('parses a company poll answer', () => {
    const body = {
      success: true,
      data: [{ requestId: 'c', searchResultId: null, status: 'done', message: '', company: sampleOrgCompany }],
    };
    expect(companyPollResponseSchema.parse(body).data[0].company?.companyId).toBe('501');
  });
});

describe('poll item message (issue 15: tolerant reading)', () => {
  it('is always text, so the verdict can show it', () => {
    const item = contactPollItemSchema.parse({ requestId: 'a', status: 'error', message: { reason: 'quota' } });
    expect(item.message).toBe('{"reason":"quota"}');
    expect(researchVerdict({ status: 'error', message: item.message }).detail).toBe('{"reason":"quota"}');
    expect(contactPollItemSchema.parse({ requestId: 'a', status: 'error', message: 404 }).message).toBe('404');
  });
});
