/**
 * The sandbox's real answers validate against the published v1 response schemas (issue 15, "Done when"), checked with
 * a JSON Schema validator (ajv). Test names cite the published response or field.
 */
import type { RunningSandbox } from '../../sandbox/index';
import { publishedErrors, publishedItemFields, EXAMPLES } from '../support/published-schemas';
import { admin, call, searchIds, start, until, window } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const form = (o: Record<string, string>) => new URLSearchParams(o).toString();
const terminal = (rows: { status: string }[]) => rows.every((r) => r.status !== 'queued' && r.status !== 'researching');
const expectValid = (schema: string, body: unknown) => expect(publishedErrors(schema, body)).toEqual([]);

describe('the validator itself reads the published examples', () => {
  it('published "GET /companies/research/poll 200 example" and "POST /companies/research 202 example" validate; a wrong type does not', () => {
    expectValid('GET /companies/research/poll 200', { success: true, data: EXAMPLES['GET /companies/research/poll 200 example'] });
    expectValid('POST /companies/research 202', EXAMPLES['POST /companies/research 202 example']);
    expect(publishedErrors('GET /companies 200', { data: [{ staffCount: 750 }] })).not.toEqual([]);
    expect(publishedErrors('GET /contacts 200', { data: [{ jobChangeAlert: 'true' }] })).not.toEqual([]);
  });
});

describe('org reads answer the published records (GET /contacts 200, GET /companies 200)', () => {
  it('published GET /contacts 200: every saved contact validates; jobChangeAlert New Hire / New Promotion / null, companyType Public / Private / null', async () => {
    const r = await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey });
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(0);
    expectValid('GET /contacts 200', r.body);
    for (const c of r.body.data) {
      expect(['New Hire', 'New Promotion', null]).toContain(c.jobChangeAlert);
      expect(['Public', 'Private', null]).toContain(c.companyType);
      expect(c.contactLocation.timezone).toMatch(/^[A-Za-z]+\/[A-Za-z_]+$/);
      expect(c.contactLocation.timezoneRawOffset).toMatch(/^-?\d+$/);
    }
  });

  // Every published field: industries, foundedOn, phones, sicCode, topTechnologies, funding, newsAndEvents, the intelligence URLs.
  it('published GET /companies 200: every saved company validates and has every published field, staffCount as text', async () => {
    const r = await call('GET', `${sb.v1}/companies?${window()}`, { key: sb.apiKey });
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(0);
    expectValid('GET /companies 200', r.body);
    const published = publishedItemFields('GET /companies 200');
    for (const c of r.body.data) {
      expect(typeof c.staffCount).toBe('string');
      for (const f of published) expect(Object.keys(c)).toContain(f);
    }
  });
});

describe('search answers the published rows (POST /search/contacts 200: 50 fields, POST /search/companies 200: 29 fields)', () => {
  for (const version of ['v1', 'v2'] as const) {
    it(`published POST /search/contacts 200 on ${version}: the page validates and each row has exactly the 50 published fields`, async () => {
      const r = await call('POST', `${sb[version]}/search/contacts`, { key: sb.apiKey, body: { limit: 20 } });
      expect(r.status).toBe(200);
      expectValid('POST /search/contacts 200', r.body);
      const published = publishedItemFields('POST /search/contacts 200');
      expect(published).toHaveLength(50);
      for (const row of r.body.data) expect(Object.keys(row).sort()).toEqual([...published].sort());
    });

    it(`published POST /search/companies 200 on ${version}: the page validates and each row has exactly the 29 published fields`, async () => {
      const r = await call('POST', `${sb[version]}/search/companies`, { key: sb.apiKey, body: { limit: 20 } });
      expect(r.status).toBe(200);
      expectValid('POST /search/companies 200', r.body);
      const published = publishedItemFields('POST /search/companies 200');
      expect(published).toHaveLength(29);
      for (const row of r.body.data) expect(Object.keys(row).sort()).toEqual([...published].sort());
    });
  }

  it('published v1 search answer: {data, supplementalData} without success, and without a nextToken key on the last page', async () => {
    const last = await call('POST', `${sb.v1}/search/companies`, { key: sb.apiKey, body: { limit: 500 } });
    expect(last.body).not.toHaveProperty('success');
    expect(last.body.supplementalData.isMore).toBe(false);
    expect(last.body.supplementalData).not.toHaveProperty('nextToken');
    const first = await call('POST', `${sb.v1}/search/contacts`, { key: sb.apiKey, body: { limit: 2 } });
    expect(first.body.supplementalData).toMatchObject({ isMore: true, perPage: 2, nextToken: expect.any(String) });
    const next = await call('POST', `${sb.v1}/search/contacts`, { key: sb.apiKey, body: { limit: 2, nextToken: first.body.supplementalData.nextToken } });
    expect(next.status).toBe(200);
    expectValid('POST /search/contacts 200', next.body);
  });
});

describe('research and polling answer the published shapes', () => {
  it('published POST /contacts/research 202, GET /contacts/research/poll 200: research by details gives an item without searchResultId', async () => {
    const [id] = await searchIds(sb, sb.apiKey, { seniority: ['Director'] }, 1);
    const bySearch = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: [id] } });
    expect(bySearch.status).toBe(202);
    expectValid('POST /contacts/research 202', bySearch.body);
    const rows = (await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, body: { seniority: ['VP'], limit: 1 } })).body.data;
    const contacts = [{ contactName: rows[0].name, companyName: rows[0].company }];
    const byDetails = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { contacts } });
    expect(byDetails.status).toBe(202);
    const ids = [...bySearch.body.requestIds, ...byDetails.body.requestIds];
    const pending = await call('GET', `${sb.v1}/contacts/research/poll?requestIds=${ids.join(',')}`, { key: sb.apiKey });
    expectValid('GET /contacts/research/poll 200', pending.body);
    const pollAll = async () => (await call('GET', `${sb.v1}/contacts/research/poll?requestIds=${ids.join(',')}`, { key: sb.apiKey })).body;
    const done = await until(pollAll, (b) => terminal(b.data));
    expectValid('GET /contacts/research/poll 200', done);
    expect(done.data.map((d: { status: string }) => d.status)).toEqual(['done', 'done']);
    expect(done.data[0].searchResultId).toBe(id);
    expect(done.data[1]).not.toHaveProperty('searchResultId');
  });

  it('published POST /companies/research 202 and GET /companies/research/poll 200 (status missing | researching | done | error)', async () => {
    const row = (await call('POST', `${sb.v2}/search/companies`, { key: sb.apiKey, body: { limit: 1, companyType: 'Private' } })).body.data[0];
    const body = { searchResultIds: [row.searchResultId], companies: [{ domain: 'nobody-has-this.example' }], skipDeduplicationCheck: true };
    const r = await call('POST', `${sb.v1}/companies/research`, { key: sb.apiKey, body });
    expect(r.status).toBe(202);
    expectValid('POST /companies/research 202', r.body);
    const ids = [...r.body.requestIds, 'no-such-request'].join(',');
    const first = (await call('GET', `${sb.v1}/companies/research/poll?requestIds=${ids}`, { key: sb.apiKey })).body;
    expectValid('GET /companies/research/poll 200', first);
    const pollAll = async () => (await call('GET', `${sb.v1}/companies/research/poll?requestIds=${ids}`, { key: sb.apiKey })).body;
    const done = await until(pollAll, (b) => terminal(b.data));
    expectValid('GET /companies/research/poll 200', done);
    expect(done.data.map((d: { status: string }) => d.status)).toEqual(['done', 'error', 'missing']);
    expect(typeof done.data[0].company.staffCount).toBe('string');
  });
});

describe('token and error bodies (POST /oauth/accessToken 200, 401, 422, 500)', () => {
  it('published POST /oauth/accessToken 200: the v1 token answer validates (access_token, expires_at, refresh_token)', async () => {
    const login = await call('POST', `${sb.auth}/oauth/authorize`, {
      rawBody: form({ client_id: sb.oauth.clientId, redirect_uri: sb.oauth.redirectUri, state: 's', email: sb.user.email, password: sb.user.password }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const code = new URL(login.headers.get('location')!).searchParams.get('code')!;
    const body = {
      client_id: sb.oauth.clientId,
      client_secret: sb.oauth.clientSecret,
      redirect_uri: sb.oauth.redirectUri,
      grant_type: 'authorization_code',
      code,
    };
    const r = await call('POST', `${sb.v1}/oauth/accessToken`, { body });
    expect(r.status).toBe(200);
    expectValid('POST /oauth/accessToken 200', r.body);
    expect(Number.isInteger(r.body.expires_at)).toBe(true);
  });

  it('published 401 {message}: missing and wrong credentials', async () => {
    for (const key of [undefined, 'not-a-key']) {
      const r = await call('GET', `${sb.v1}/contacts?${window()}`, { key });
      expect(r.status).toBe(401);
      expectValid('401', r.body);
    }
  });

  it('published 422: a validation error and the credit body {msg, code, data: {productCategory, additionalCreditsNeeded}}', async () => {
    const bad = await call('POST', `${sb.v1}/search/contacts`, { key: sb.apiKey, body: { companySize: ['201-500'] } });
    expect(bad.status).toBe(422);
    expectValid('422', bad.body);
    await admin(sb, 'PUT', '/credits', { org: 'A', balance: 0 });
    const ids = await searchIds(sb, sb.apiKey, { seniority: ['Other'] }, 2);
    const broke = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids, skipDeduplicationCheck: true } });
    await admin(sb, 'PUT', '/credits', { org: 'A', balance: 1000 });
    expect(broke.status).toBe(422);
    expectValid('422', broke.body);
    const data = { productCategory: expect.any(String), additionalCreditsNeeded: 2 };
    expect(broke.body).toMatchObject({ msg: expect.any(String), code: 'insufficientCredits', data });
  });

  it('published 500 {message}: an injected server error', async () => {
    await admin(sb, 'POST', '/faults', { endpoint: 'GET /v1/companies', kind: 'error500', count: 1 });
    const r = await call('GET', `${sb.v1}/companies?${window()}`, { key: sb.apiKey });
    expect(r.status).toBe(500);
    expectValid('500', r.body);
  });
});
