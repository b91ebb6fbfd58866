import { createClient, customCallWithWarnings, operation, runSync, ValidationError, newResearchJob } from '../../shared';
import { sendOne } from '../../shared/flow/call';
import { scriptedHost } from '../support/scripted-host';

/** Every rule here must be refused before anything is sent: the scripted server has no answers at all. */
function refusal(opId: string, input: unknown): ValidationError {
  const host = scriptedHost([]);
  const client = createClient({ auth: { type: 'apiKey', apiKey: 'k' } });
  try {
    runSync(sendOne(client, operation(opId), input as never), host.sync);
  } catch (error) {
    expect(host.log).toHaveLength(0);
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error(`${opId} accepted ${JSON.stringify(input)}`);
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const period = { startDate: '2026-01-01T00:00:00Z', endDate: '2026-02-01T00:00:00Z' };

describe('validation before sending (spec 8 limits and spec 4 rules)', () => {
  it.each<[string, string, unknown, string, RegExp]>([
    ['spec 8: contactIds max 500 (campaign create)', 'campaigns.create', { name: 'Q4', contactIds: ids(501) }, 'contactIds', /at most 500/],
    ['spec 8: searchResultIds max 500 (company research)', 'companies.research', { searchResultIds: ids(501).map(String) }, 'searchResultIds', /at most 500/],
    [
      'spec 8: companies max 500 (company research)',
      'companies.research',
      { companies: ids(501).map((i) => ({ domain: `d${i}.com` })) },
      'companies',
      /at most 500/,
    ],
    [
      'spec 8: contacts max 500 (contact research)',
      'contacts.research',
      { contacts: ids(501).map((i) => ({ email: `p${i}@x.com` })) },
      'contacts',
      /at most 500/,
    ],
    ['spec 8: results per page max 500', 'orgContacts.list', { ...period, limit: 501 }, 'limit', /at most 500/],
    ['spec 8: maxActiveContacts minimum 1', 'campaigns.create', { name: 'Q4', maxActiveContacts: 0 }, 'maxActiveContacts', /at least 1/],
    ['spec 8: dueDay minimum 1', 'campaigns.create', { name: 'Q4', steps: [{ type: 'EMAIL', dueDay: 0 }] }, 'steps[0].dueDay', /at least 1/],
    ['spec 8: numResultsApproved minimum 0', 'savedSearches.update', { id: '12', numResultsApproved: -1 }, 'numResultsApproved', /0 or more/],
    [
      'spec 4.10: a company needs domain or companyName',
      'companies.research',
      { companies: [{ domain: 'a.com' }, {}] },
      'companies[1]',
      /domain or companyName/,
    ],
    [
      'public ref: searchResultIds and contacts not both',
      'contacts.research',
      { searchResultIds: ['s1'], contacts: [{ email: 'a@b.co' }] },
      'contacts',
      /not both/,
    ],
    ['public ref: a contact item needs one identifying form', 'contacts.research', { contacts: [{ contactName: 'Ana' }] }, 'contacts[0]', /needs one of/],
    ['public ref: isJobChange only with contacts', 'contacts.research', { searchResultIds: ['s1'], isJobChange: true }, 'isJobChange', /only with contacts/],
    ['public ref: poll takes 1 to 100 ids', 'contacts.pollResearch', { requestIds: ids(101).map(String) }, 'requestIds', /at most 100/],
    ['spec 4.3: contactIds are integers', 'campaigns.create', { name: 'Q4', contactIds: ['12a'] }, 'contactIds[0]', /whole-number id/],
    ['spec 4.3: name is required', 'campaigns.create', { contactIds: [1] }, 'name', /./],
    ['spec 4.5: from must be an email address', 'emails.send', { contactId: 1, from: 'me', to: 'a@b.co', subject: 's', body: 'b' }, 'from', /email address/],
    [
      'spec 4.5: subject required without a template',
      'emails.send',
      { contactId: 1, from: 'me@x.co', to: 'a@b.co', body: 'b' },
      'subject',
      /unless a templateId/,
    ],
    ['public ref: org reads need startDate', 'orgContacts.list', { endDate: '2026-02-01T00:00:00Z' }, 'startDate', /./],
    ['malformed date-time', 'orgContacts.list', { startDate: '2026-13-45', endDate: '2026-02-01T00:00:00Z' }, 'startDate', /ISO 8601/],
    ['endDate before startDate', 'orgContacts.list', { startDate: '2026-03-01T00:00:00Z', endDate: '2026-02-01T00:00:00Z' }, 'endDate', /before startDate/],
    ['malformed path id', 'campaigns.get', { id: '../admin' }, 'id', /without spaces, slashes/],
    ['campaign action must be known', 'campaigns.action', { id: 'c1', action: 'RESTART' }, 'action', /START, PAUSE/],
    ['spec 4.8: an update needs a field', 'savedSearches.update', { id: '5' }, 'name', /at least one field/],
    ['tagIds are integers', 'savedSearches.update', { id: '5', tagIds: ['x'] }, 'tagIds[0]', /whole-number/],
    ['search: department at most 5', 'contacts.search', { department: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'department', /at most 5/],
    ['search: seniority from the known set', 'contacts.search', { seniority: ['Boss'] }, 'seniority[0]', /must be one of/],
    ['search: limit at most 500', 'contacts.search', { limit: 1000 }, 'limit', /at most 500/],
    ['custom call: path only, no host', 'custom.call', { version: 'v2', method: 'GET', path: 'http://evil/x' }, 'path', /start with \//],
  ])('%s', (_what, opId, input, field, rule) => {
    const error = opId === 'custom.call' ? customRefusal(input) : refusal(opId, input);
    const issue = error.issues.find((i) => i.field === field);
    expect(issue).toBeDefined();
    expect(issue!.rule).toMatch(rule);
    expect(error.message).toContain(field);
    expect(error.message).toMatch(/Nothing was sent/);
  });

  it('a research list over one request is split, not refused, by the research flow', () => {
    const job = newResearchJob(
      'contacts',
      ids(1200).map((i) => ({ searchResultId: `s${i}` })),
    );
    expect(job.items).toHaveLength(1200);
  });

  it('the research flow names the bad item before anything is sent', () => {
    expect(() => newResearchJob('companies', [{ company: { domain: 'a.com' } }, { company: {} }])).toThrow(/items\[1\]/);
    expect(() => newResearchJob('contacts', [])).toThrow(/at least one item/);
  });
});

function customRefusal(input: unknown): ValidationError {
  const host = scriptedHost([]);
  const client = createClient({ auth: { type: 'apiKey', apiKey: 'k' } });
  try {
    runSync(customCallWithWarnings(client, input), host.sync);
  } catch (error) {
    expect(host.log).toHaveLength(0);
    return error as ValidationError;
  }
  throw new Error('accepted');
}
