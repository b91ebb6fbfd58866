import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, companyFilterFacts, contactFilterFacts, createClient, operation, runSync, ValidationError, type FilterFact } from '../../shared';
import { json, scriptedHost } from '../support/scripted-host';

/** Issue 9 ("Bad input") and issue 15 ("The connector checks what it sends against the same facts"). */

const published = (name: string) => JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'published', name), 'utf8')) as Record<string, unknown>;

function refusal(opId: string, input: unknown): ValidationError {
  const host = scriptedHost([]);
  const client = createClient({ auth: { type: 'apiKey', apiKey: 'k' } });
  try {
    runSync(call(client, operation(opId), input), host.sync);
  } catch (error) {
    expect(host.log).toHaveLength(0);
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error(`${opId} accepted ${JSON.stringify(input).slice(0, 200)}`);
}

/** Sends the input to a server that answers an empty success; returns the request body sent. */
function sentBody(opId: string, input: unknown): Record<string, unknown> {
  const host = scriptedHost(() => json(200, { success: true, data: [], supplementalData: { isMore: false, total: 0, perPage: 50, nextToken: null } }));
  const client = createClient({ auth: { type: 'apiKey', apiKey: 'k' } });
  runSync(call(client, operation(opId), input), host.sync);
  expect(host.log).toHaveLength(1);
  return JSON.parse(host.log[0].body ?? '{}') as Record<string, unknown>;
}

function expectRefused(opId: string, input: unknown, field: string, rule: RegExp): void {
  const error = refusal(opId, input);
  const issue = error.issues.find((i) => i.field === field);
  if (!issue) throw new Error(`no issue for ${field}: ${error.message}`);
  expect(issue.rule).toMatch(rule);
  expect(error.message).toContain(field);
  expect(error.message).toMatch(/Nothing was sent/);
}

describe('empty filters are refused, absent ones are fine', () => {
  it.each<[string, unknown]>([
    ['empty text', ''],
    ['spaces', '   '],
    ['only commas', ',,,'],
    ['an empty list', []],
  ])('%s', (_what, value) => {
    expectRefused('contacts.search', { jobTitle: value }, 'jobTitle', /is empty/);
    expectRefused('contacts.search', { seniority: value }, 'seniority', /is empty/);
    expectRefused('companies.search', { companyDomain: value }, 'companyDomain', /is empty/);
    expectRefused('companies.search', { companySize: value }, 'companySize', /is empty/);
  });

  it('an empty object filter is refused too', () => {
    expectRefused('contacts.search', { jobChanges: {} }, 'jobChanges', /is empty/);
    expectRefused('contacts.search', { pastCompany: { names: [] } }, 'pastCompany.names', /is empty/);
  });

  it('a search with no filter at all is still a search', () => {
    expect(sentBody('contacts.search', {})).toEqual({});
  });
});

describe('unknown keys are refused, naming the key and the accepted ones', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ['orgContacts.list', { startDate: '2026-01-01T00:00:00Z', endDate: '2026-02-01T00:00:00Z', pageSize: 5 }, 'pageSize', 'startDate'],
    ['campaigns.list', { serchText: 'x' }, 'serchText', 'searchText'],
    ['savedSearches.list', { kind: 'contacts' }, 'kind', 'type'],
    ['lists.getAll', { all: true }, 'all', ''],
    ['campaigns.create', { name: 'Q4', steps: [{ type: 'EMAIL', dueDay: 1, delay: 2 }] }, 'steps[0].delay', 'dueDay'],
    ['contacts.search', { seniorty: ['VP'] }, 'seniorty', 'seniority'],
    ['companies.search', { jobTitle: ['CTO'] }, 'jobTitle', 'companyKeyword'],
  ])('%s: %s', (opId, input, field, listed) => {
    const error = refusal(opId, input);
    const issue = error.issues.find((i) => i.field === field)!;
    expect(issue.rule).toMatch(/is not a field this operation takes/);
    expect(issue.rule).toContain(listed);
  });

  it('a saved search stores only filters its type takes, in their checked form', () => {
    expectRefused(
      'savedSearches.create',
      { name: 'VPs', type: 'contacts', values: { seniorty: ['VP'] } },
      'values.seniorty',
      /not a filter of a contacts search/,
    );
    expectRefused('savedSearches.create', { name: 'VPs', type: 'contacts', values: { seniority: ['Boss'] } }, 'values.seniority[0]', /must be one of/);
  });
});

describe('cursor, sort order and lengths', () => {
  it.each<[string, unknown, RegExp]>([
    ['empty', '', /is empty/],
    ['spaces', '   ', /printable text without spaces/],
    ['a control character', 'abc\u0000def', /printable/],
    ['a line break', 'abc\ndef', /printable/],
    ['absurdly long', 'a'.repeat(20_000), /at most 16384/],
    ['a number', 12, /nextToken text/],
    ['an object', { token: 'x' }, /nextToken text/],
  ])('nextToken: %s', (_what, nextToken, rule) => {
    expectRefused('contacts.search', { nextToken }, 'nextToken', rule);
  });

  it('a token as a service mints it, and null for the first page, are sent unchanged', () => {
    const token = Buffer.from(JSON.stringify({ o: 50, f: 12345 })).toString('base64url');
    expect(sentBody('contacts.search', { nextToken: token }).nextToken).toBe(token);
    expect(sentBody('contacts.search', { nextToken: null }).nextToken).toBeNull();
  });

  it('sortOrder is asc or desc (spec 4.8 gives "e.g. desc"), in any case', () => {
    expectRefused('savedSearches.update', { id: '5', sortOrder: 'down' }, 'sortOrder', /asc or desc/);
    expectRefused('savedSearches.update', { id: '5', sortOrder: '' }, 'sortOrder', /asc or desc/);
    expectRefused('savedSearches.create', { name: 'n', type: 'contacts', values: {}, sortOrder: 7 }, 'sortOrder', /asc or desc/);
  });

  const mega = 'x'.repeat(1024 * 1024);
  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ['campaigns.create', { name: mega }, 'name', /too long/],
    ['campaigns.create', { name: 'n'.repeat(256) }, 'name', /at most 255/],
    ['lists.create', { name: 'n'.repeat(256) }, 'name', /at most 255/],
    ['lists.rename', { id: '1', name: mega }, 'name', /too long/],
    ['savedSearches.create', { name: 'n'.repeat(300), type: 'contacts', values: {} }, 'name', /at most 255/],
    ['emails.send', { contactId: 1, from: 'a@b.co', to: 'c@d.co', subject: 's'.repeat(999), body: 'b' }, 'subject', /at most 998/],
    ['emails.send', { contactId: 1, from: 'a@b.co', to: 'c@d.co', subject: 'a\r\nBcc: x@y.z', body: 'b' }, 'subject', /one line/],
    ['emails.send', { contactId: 1, from: 'a@b.co', to: 'c@d.co', subject: 's', body: mega }, 'body', /at most 100000/],
    ['campaigns.get', { id: 'i'.repeat(129) }, 'id', /at most 128/],
    ['campaigns.get', { id: mega }, 'id', /too long/],
    ['contacts.research', { searchResultIds: [mega] }, 'searchResultIds[0]', /too long/],
    ['contacts.search', { jobTitle: ['t'.repeat(256)] }, 'jobTitle[0]', /at most 255/],
  ])('%s: %s is capped', (opId, input, field, rule) => {
    expectRefused(opId, input, field, rule);
  });

  it('data no request can carry is refused by field', () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    expectRefused('campaigns.create', { name: 'n', steps: [{ type: 'EMAIL', templateData: loop }] }, 'steps[0].templateData.self', /contains itself/);
    expectRefused('campaigns.create', { name: 'n', maxActiveContacts: Number.NaN }, 'maxActiveContacts', /finite number/);
    expectRefused('savedSearches.create', { name: 'n', type: 'contacts', values: { seniority: [BigInt(1)] } }, 'values.seniority[0]', /got a bigint/);
  });
});

describe('search filters against the published enums and caps (issue 15)', () => {
  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ['contacts.search', { companySize: ['201-500'] }, 'companySize[0]', /did you mean "201 - 500"/],
    ['companies.search', { companySize: '501-1000' }, 'companySize[0]', /did you mean "501 - 1,000"/],
    ['contacts.search', { companyRevenue: ['$5M-$20M'] }, 'companyRevenue[0]', /did you mean "\$5M - \$20M"/],
    ['contacts.search', { companyRevenue: ['$10-50M'] }, 'companyRevenue[0]', /must be one of \$0 - \$100K/],
    ['contacts.search', { department: ['Information Technology'] }, 'department[0]', /must be one of Sales, Marketing/],
    ['contacts.search', { seniority: ['vp'] }, 'seniority[0]', /did you mean "VP"/],
    ['contacts.search', { companyFoundedOn: ['Last 2 Years'] }, 'companyFoundedOn[0]', /Less than 1 Year/],
    ['companies.search', { foundedOn: ['10+ years'] }, 'foundedOn[0]', /did you mean "10\+ Years"/],
    ['companies.search', { newsTypeDates: ['60', '90'] }, 'newsTypeDates', /at most 1 values/],
    ['contacts.search', { jobTitle: Array.from({ length: 11 }, (_, i) => `T${i}`) }, 'jobTitle', /at most 10 values/],
    ['contacts.search', { seniority: ['C-Level', 'VP', 'Director', 'Manager', 'Senior', 'Other'] }, 'seniority', /at most 5 values/],
    ['contacts.search', { department: ['Sales', 'Marketing', 'Engineering', 'Finance', 'IT', 'Legal'] }, 'department', /at most 5 values/],
    ['companies.search', { industry: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'industry', /at most 5 values/],
    ['contacts.search', { companyType: 'public' }, 'companyType', /did you mean "Public"/],
    ['contacts.search', { locationType: 'both' }, 'locationType', /bothOR/],
    ['contacts.search', { jobChanges: { changeType: 'Hire' } }, 'jobChanges.changeType', /New Hire/],
    ['contacts.search', { technologiesIsOr: 'maybe' }, 'technologiesIsOr', /true or false/],
  ])('%s %j', (opId, input, field, rule) => {
    expectRefused(opId, input, field, rule);
  });

  it('sizes keep their thousands commas in a comma-separated text', () => {
    expect(sentBody('companies.search', { companySize: '501 - 1,000, 1,001 - 5,000,10,001+' }).companySize).toEqual([
      '501 - 1,000',
      '1,001 - 5,000',
      '10,001+',
    ]);
    // Joined without spaces, as a sheet range or an n8n expression joins values.
    expect(sentBody('companies.search', { companySize: '51 - 200,201 - 500,501 - 1,000' }).companySize).toEqual(['51 - 200', '201 - 500', '501 - 1,000']);
    expect(sentBody('contacts.search', { companyRevenue: '$1B+,$0 - $100K' }).companyRevenue).toEqual(['$1B+', '$0 - $100K']);
    expectRefused('companies.search', { companySize: '51 - 200,501-1,000' }, 'companySize[1]', /"501-1,000" is not accepted: did you mean "501 - 1,000"/);
  });

  it('the published filters are accepted and sent as given', () => {
    const body = {
      technologiesIsOr: false,
      jobChanges: { changeType: 'New Hire or New Promotion', dayRange: 'Last 90 Days' },
      pastCompany: { names: ['Acme'], onlyMostRecentDeparture: true },
      companyType: null,
      newsTypes: ['Leadership'],
      newsTypeDates: ['365'],
      companyLatestFundingDates: ['1095'],
      companyLatestFundingClassifications: ['Series A', 'Pre-Seed'],
      companyLatestFundingTotals: ['$1B+'],
    };
    expect(sentBody('contacts.search', body)).toEqual(body);
  });

  it('every published search and research example passes the input validation', () => {
    const examples = published('request-examples.json');
    let checked = 0;
    for (const [opId, list] of Object.entries(examples)) {
      if (opId === 'source') continue;
      for (const input of list as unknown[]) {
        expect(() => operation(opId).input.parse(input)).not.toThrow();
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(12);
  });

  it('the filter facts are the published ones: names, value sets and caps', () => {
    const facts = published('search-filters.json') as Record<
      string,
      Record<string, { type: string; maxItems?: number; items?: { enum?: string[] }; enum?: string[] }>
    >;
    const paging = new Set(['nextToken', 'limit']);
    for (const [route, ours] of [
      ['POST /search/contacts', contactFilterFacts],
      ['POST /search/companies', companyFilterFacts],
    ] as const) {
      const theirs = facts[route];
      for (const [name, p] of Object.entries(theirs)) {
        if (paging.has(name)) continue;
        const fact: FilterFact | undefined = ours[name];
        if (!fact) throw new Error(`${route}: published filter ${name} is missing`);
        if (p.type === 'array' && p.items?.enum) expect(fact).toEqual({ kind: 'enumList', values: p.items.enum, max: p.maxItems });
        else if (p.type === 'array') expect(fact).toEqual({ kind: 'textList', max: p.maxItems });
        else if (p.enum) expect(fact.kind === 'enum' && fact.values).toEqual(p.enum);
      }
      // Ours beyond the published list: only the documented lastModified pair (docs/DECISIONS.md).
      const extra = Object.keys(ours).filter((n) => !(n in theirs));
      expect(extra.every((n) => n === 'lastModifiedAfter' || n === 'lastModifiedBefore')).toBe(true);
    }
  });
});
