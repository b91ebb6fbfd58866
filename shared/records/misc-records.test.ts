import { emailAccountSchema, emailSchema, templateSchema } from './email';
import { savedSearchSchema } from './saved-search';
import { listSchema } from './list';
import { contactStatusSchema } from './contact-status';
import { meSchema } from './me';
import { creditsSchema } from './credits';
import { contactSearchResponseSchema, companySearchResponseSchema } from './search';
import { successOnlySchema, v2Envelope } from './envelope';
import * as z from '../validation/zod';

const email = {
  emailId: 'em_1',
  contactId: '1001',
  from: 'me@acme.example',
  to: 'ada@acme.example',
  cc: null,
  bcc: '',
  subject: 'Hi',
  body: '<p>Hello</p>',
  status: 'SCHEDULED',
  scheduledAt: '2024-05-01T12:00:00Z',
  sentAt: null,
  createdAt: '2024-05-01T12:00:00Z',
};

const savedSearch = {
  savedSearchId: 'ss_1',
  name: 'CTOs in Texas',
  type: 'contacts',
  values: { seniority: ['C-Level'], contactState: ['Texas'] },
  sortColumn: 'fullName',
  sortOrder: 'desc',
  tagIds: [1, 2],
  numResultsApproved: 0,
  gptRequestIdNLS: '',
};

describe('other v2 records', () => {
  it('parses an email and its account / template', () => {
    expect(v2Envelope(emailSchema).parse({ success: true, data: email }).data.status).toBe('SCHEDULED');
    // A display-name address is a valid answer (RFC 5322), so only an empty one is refused.
    expect(emailSchema.safeParse({ ...email, to: 'Ana <ana@x.example>' }).success).toBe(true);
    expect(emailSchema.safeParse({ ...email, to: '' }).error?.issues[0].path).toEqual(['to']);
    expect(emailAccountSchema.parse({ emailAccountId: 'ea_1', email: 'me@acme.example', name: 'Me' }).name).toBe('Me');
    expect(templateSchema.safeParse({ templateId: '7', name: 't', subject: 's', body: 'b' }).success).toBe(false);
  });

  it('parses a saved search; tagIds integers, numResultsApproved >= 0', () => {
    expect(savedSearchSchema.parse(savedSearch)).toEqual(savedSearch);
    expect(savedSearchSchema.safeParse({ ...savedSearch, tagIds: ['1'] }).error?.issues[0].path).toEqual(['tagIds', 0]);
    expect(savedSearchSchema.safeParse({ ...savedSearch, numResultsApproved: -1 }).error?.issues[0].path).toEqual(['numResultsApproved']);
  });

  it('parses lists, contact statuses, me, credits and delete answers', () => {
    const list = { listId: '12', name: 'Hot', createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-02T00:00:00Z' };
    expect(v2Envelope(z.array(listSchema)).parse({ success: true, data: [list] }).data).toEqual([list]);
    expect(contactStatusSchema.safeParse({ statusId: '1', name: 'new', label: 'New' }).success).toBe(false);
    expect(meSchema.parse({ success: true, email: 'me@acme.example', firstname: 'Grace', lastname: 'Hopper' }).firstname).toBe('Grace');
    expect(v2Envelope(creditsSchema).parse({ success: true, data: { balance: 42 } }).data.balance).toBe(42);
    expect(successOnlySchema.parse({ success: true })).toEqual({ success: true });
  });

  it('parses search answers with supplementalData', () => {
    const contacts = {
      success: true,
      data: [{ searchResultId: 'sr_1', fullName: 'Ada Lovelace', contactLocation: { city: 'Austin', fullString: 'Austin, TX' } }],
      supplementalData: { isMore: true, total: 120, perPage: 50, nextToken: 'abc' },
    };
    expect(contactSearchResponseSchema.parse(contacts).supplementalData?.nextToken).toBe('abc');
    const companies = {
      success: true,
      data: [{ searchResultId: 'sr_9', name: 'Acme', location: { country: 'US' } }],
      supplementalData: { isMore: false, total: 1, perPage: 50, nextToken: null },
    };
    expect(companySearchResponseSchema.parse(companies).data[0].name).toBe('Acme');
    // Issue 21 changed this: supplementalData is optional as published; absent, there is no further page.
    expect(contactSearchResponseSchema.parse({ ...contacts, supplementalData: undefined }).supplementalData).toBeUndefined();
  });
});
