/**
 * Issue 15, "The connector must never fail on a real answer": answers written from the published v1 description
 * (test/fixtures/published/responses) go through every response schema and the real decode path (strict
 * responses on, the default), and every published field shows under its column.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import {
  AuthError,
  CreditsError,
  ServerError,
  createClient,
  errorFromResponse,
  newResearchJob,
  operation,
  paginate,
  records,
  runResearch,
  runSync,
  type HttpRequest,
} from '../../shared';
import { send } from '../../shared/flow/send';
import { expectedColumns } from '../fixtures/published/responses/columns';
import { published, publishedCompany, publishedContact, publishedSchemas, type PublishedName } from '../fixtures/published/responses';
import { json, scriptedHost } from '../support/scripted-host';

type Json = Record<string, unknown>;

const client = () => createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0 });
const answerOf = (name: PublishedName) => json(published[name].status, published[name].body);
const period = { startDate: '2025-09-01T00:00:00Z', endDate: '2025-09-30T00:00:00Z' };

/** A nullable enum of the description allows null (jobChangeAlert: "New Hire", "New Promotion" or null). */
function withNullableEnums(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableEnums);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Json = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, withNullableEnums(v)]));
  if (copy.nullable === true && Array.isArray(copy.enum)) copy.enum = [...(copy.enum as unknown[]), null];
  return copy;
}

describe('the fixtures are instances of the published response schemas', () => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  it.each(Object.keys(published) as PublishedName[])('%s', (name) => {
    const { response, body } = published[name];
    if (response === null) return expect(name).toBe('unauthorizedMsg'); // the public reference's {msg}, not published
    const validate = ajv.compile(withNullableEnums(publishedSchemas.responses[response]) as object);
    expect(validate(body) ? [] : validate.errors).toEqual([]);
  });

  it('fill every published field of the records (contacts 80+, companies 51, search rows 50 and 29)', () => {
    const fields = (response: string, pick: (s: Json) => Json = (s) => ((s.properties as Json).data as Json).items as Json) =>
      Object.keys(pick(publishedSchemas.responses[response]).properties as Json);
    expect(Object.keys(publishedContact())).toEqual(fields('GET /contacts 200'));
    expect(Object.keys(publishedCompany())).toEqual(fields('GET /companies 200'));
    expect(Object.keys((published.searchContacts.body.data as Json[])[0])).toHaveLength(50);
    expect(Object.keys((published.searchCompanies.body.data as Json[])[0])).toHaveLength(29);
    expect(publishedCompany()).not.toHaveProperty('companyId');
    expect(publishedCompany().staffCount).toBe('750');
  });
});

/** Sends one operation through the real send/decode path against a host that answers the fixture. */
function read(opId: string, input: Json, name: PublishedName) {
  const host = scriptedHost([answerOf(name)]);
  return runSync(send(client(), operation(opId), input), host.sync);
}

/** Every published field of `record` shows in the parsed record under its column, and the column is listed. */
function expectEveryField(raw: Json, parsed: unknown, names: records.PublishedNames, columns: readonly string[]) {
  for (const { column, value } of expectedColumns(raw, names)) {
    expect([column, records.valueAtPath(parsed, column)]).toEqual([column, value]);
    expect(columns).toContain(column);
  }
  // A renamed field is read under the spec's name only, so it is not shown twice.
  for (const publishedName of Object.keys(names)) if (publishedName in raw) expect(parsed).not.toHaveProperty(publishedName);
}

describe('every response schema reads the published answers (strict responses on)', () => {
  it('org contacts page: every field, branded links and the network id under the spec names', () => {
    const reply = read('orgContacts.list', period, 'orgContactsPage');
    const [full, sparse] = reply.data as Json[];
    expectEveryField(publishedContact(), full, records.contactPublishedNames, records.orgContactColumns);
    expect(full).toMatchObject({
      companyNetworkId: '1337042',
      trafficRankScore: expect.stringContaining('traffic-rank'),
      encyclopediaUrl: expect.stringContaining('encyclopedia'),
    });
    expect(full).toMatchObject({
      financeLookup: expect.stringContaining('/finance?'),
      financeLookup2: expect.stringContaining('/finance-2?'),
      webResearch: expect.stringContaining('/research?'),
    });
    expect(sparse).toMatchObject({ jobChangeAlert: null, companyType: null, stockTicker: null });
    expect(reply.warnings).toEqual([]);
  });

  it('org companies page: no companyId, staffCount "750", every published field in a column', () => {
    const reply = read('orgCompanies.list', period, 'orgCompaniesPage');
    const [company] = reply.data as Json[];
    expect(company.staffCount).toBe('750');
    expect(company).toMatchObject({
      industry: 'Software Development',
      founded: '2014-03-01',
      type: 'Private',
      phone: '+1 415 555 0100',
      companyNetworkId: '1337042',
    });
    expectEveryField(publishedCompany(), company, records.companyPublishedNames, records.orgCompanyColumns);
  });

  it('contact search: no success and no nextToken; the one page is read and paging stops', () => {
    const host = scriptedHost([answerOf('searchContacts')]);
    const run = runSync(paginate<Json>(client(), operation('contacts.search'), { jobTitle: ['Chief Technology Officer'] }), host.sync);
    expect(run).toMatchObject({ next: null, requests: 1 });
    const raw = (published.searchContacts.body.data as Json[])[0];
    expectEveryField(raw, run.items[0], records.contactSearchPublishedNames, records.contactSearchColumns);
    expect(run.items[0]).toMatchObject({
      fullName: 'Jane Doe',
      companyDomain: 'example.com',
      contactLocation: { city: 'Austin', state: 'Texas', country: 'United States' },
    });
  });

  it('company search: flat address into location, industries into industry, linkedInId into companyNetworkId', () => {
    const host = scriptedHost([answerOf('searchCompanies')]);
    const run = runSync(paginate<Json>(client(), operation('companies.search'), {}), host.sync);
    const raw = (published.searchCompanies.body.data as Json[])[0];
    expectEveryField(raw, run.items[0], records.companySearchPublishedNames, records.companySearchColumns);
    expect(run.items[0]).toMatchObject({
      industry: ['Software Development'],
      companyNetworkId: '1337042',
      location: { city: 'San Francisco', postCode: '94105' },
    });
  });

  it('research 202: the request ids, contacts and companies', () => {
    expect(read('contacts.research', { contacts: [{ contactName: 'John Doe', companyName: 'Acme Corp' }] }, 'researchContacts202').data).toEqual([
      '6Ei5iKuSHzJXvqjVPWiZ_',
      '7Fj6jLvTIAKYwrkWQXjA_',
    ]);
    const companies = read('companies.research', { companies: [{ domain: 'example.com', companyName: 'Example Co' }] }, 'researchCompanies202');
    expect(companies).toMatchObject({ data: ['8T7LmzqW2Q6hA19', 'Ka2nQ9L3pR4vD1F'], warnings: [] });
  });

  it('contact poll: items without searchResultId, the record read whole, additionalData kept', () => {
    const reply = read('contacts.pollResearch', { requestIds: '6Ei5iKuSHzJXvqjVPWiZ_,7Fj6jLvTIAKYwrkWQXjA_' }, 'pollContacts');
    const [done, pending] = reply.data as Json[];
    expect(done).not.toHaveProperty('searchResultId');
    expect(done.additionalData).toEqual({ source: 'research by details' });
    expectEveryField(publishedContact(), done.contact, records.contactPublishedNames, records.orgContactColumns);
    expect(pending).toEqual({ requestId: '7Fj6jLvTIAKYwrkWQXjA_', status: 'researching' });
  });

  it('company poll: the published example and a full record without companyId', () => {
    const example = read('companies.pollResearch', { requestIds: '8T7LmzqW2Q6hA19,Ka2nQ9L3pR4vD1F' }, 'pollCompaniesExample');
    expect((example.data as Json[])[1].company).toEqual({ companyId: '12938475', apiResearchId: 'Ka2nQ9L3pR4vD1F', name: 'Example Co', domain: 'example.com' });
    const full = read('companies.pollResearch', { requestIds: '8T7LmzqW2Q6hA19,Ka2nQ9L3pR4vD1F' }, 'pollCompanies');
    const company = (full.data as Json[])[1].company as Json;
    expect(company.staffCount).toBe('750');
    expectEveryField(publishedCompany(), company, records.companyPublishedNames, records.orgCompanyColumns);
  });

  it('a paid company research by details is kept whole: submit, poll, done with the published record', () => {
    const host = scriptedHost((req: HttpRequest) =>
      req.method === 'POST'
        ? json(202, { success: true, requestIds: ['Ka2nQ9L3pR4vD1F'] })
        : json(200, { success: true, data: [(published.pollCompanies.body.data as Json[])[1]] }),
    );
    const job = runSync(runResearch(client(), newResearchJob('companies', [{ company: { domain: 'example.com' } }]), { waitForResults: true }), host.sync);
    expect(job.items[0]).toMatchObject({ outcome: 'done', requestId: 'Ka2nQ9L3pR4vD1F' });
    expect(job.items[0].record).toMatchObject({ staffCount: '750', name: 'Example Co', trafficRankScore: expect.any(String) });
  });

  it('token: the published v1 form {access_token, expires_at (epoch s), refresh_token}', () => {
    const body = published.token.body;
    expect(operation('oauth.tokenV1').output.safeParse(body).success).toBe(true);
    expect(records.normalizeToken(body, 0)).toMatchObject({ accessToken: body.access_token, refreshToken: body.refresh_token, expiresAtMs: 1893456000 * 1000 });
  });

  it('one odd field never fails the record: it is coerced when clear, else kept as sent', () => {
    const odd = { ...publishedCompany(), staffCount: 750, foundedOn: 2014, location: 'San Francisco', latestFundingDate: 'November 2024', whoisUrl: 'n/a' };
    const company = records.orgCompanySchema.parse(odd);
    expect(company).toMatchObject({
      staffCount: '750',
      founded: '2014',
      location: 'San Francisco',
      latestFundingDate: 'November 2024',
      whoisUrl: 'n/a',
      name: 'Example Co',
    });
    const contact = records.orgContactSchema.parse({ ...publishedContact(), companyStaffCount: '750', email1Selected: 'false', contactId: 5550001 });
    expect(contact).toMatchObject({ companyStaffCount: 750, email1Selected: false, contactId: '5550001' });
  });
});

describe('published error bodies become the right errors', () => {
  const request = { method: 'POST', url: 'https://api.example.com/api/client/v1/contacts/research', headers: {} };
  const errorOf = (name: PublishedName) =>
    errorFromResponse({ status: published[name].status, headers: {}, body: JSON.stringify(published[name].body) }, request, 'Research contacts');

  it('401 {message} and the {msg} form', () => {
    expect(errorOf('unauthorized')).toBeInstanceOf(AuthError);
    expect(errorOf('unauthorized').serviceMessage).toBe('Unauthorized');
    expect(errorOf('unauthorizedMsg')).toMatchObject({ status: 401, serviceMessage: 'Invalid token' });
    expect(errorOf('unauthorizedMsg')).toBeInstanceOf(AuthError);
  });

  it('422 insufficientCredits without data: a credit error with a hint that makes sense', () => {
    const error = errorOf('insufficientCredits') as CreditsError;
    expect(error).toBeInstanceOf(CreditsError);
    expect(error).toMatchObject({ code: 'insufficientCredits', serviceMessage: 'Not enough research credits', additionalCreditsNeeded: undefined });
    expect(error.hint).toBe('Add research credits, or research fewer records.');
    expect(records.readErrorBody(published.insufficientCredits.body)).toEqual({ message: 'Not enough research credits', code: 'insufficientCredits' });
  });

  it('422 missingLicense with a partial data object, and a shortfall sent as text', () => {
    expect(errorOf('missingLicense')).toMatchObject({ code: 'missingLicense', productCategory: 'research' });
    const text = errorFromResponse(
      { status: 422, headers: {}, body: JSON.stringify({ msg: 'x', code: 'insufficientCredits', data: { additionalCreditsNeeded: '3' } }) },
      request,
      'Research contacts',
    );
    expect(text).toMatchObject({ additionalCreditsNeeded: 3, hint: 'Add at least 3 research credits, or research fewer records.' });
  });

  it('500 {message}', () => {
    expect(errorOf('serverError')).toBeInstanceOf(ServerError);
    expect(errorOf('serverError').serviceMessage).toBe('Internal server error');
  });

  it('each error body parses with the error body schema', () => {
    for (const name of ['unauthorized', 'unauthorizedMsg', 'insufficientCredits', 'missingLicense', 'serverError'] as PublishedName[]) {
      expect(records.errorBodySchema.safeParse(published[name].body).success).toBe(true);
    }
  });
});
