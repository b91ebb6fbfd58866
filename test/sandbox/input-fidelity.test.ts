/**
 * Places where the sandbox used to be more lenient than the spec: each would let a connector bug pass here
 * and fail against the real service.
 */
import type { RunningSandbox } from '../../sandbox/index';
import { call, start, window } from './helpers';

let sb: RunningSandbox;
let contactId: number;
beforeAll(async () => {
  sb = await start();
  contactId = Number((await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey })).body.data[0].contactId);
});
afterAll(() => sb.close());

describe('null is not "absent" (spec 2, 4: fields are typed, never nullable)', () => {
  it('4.3: maxActiveContacts, steps, contactIds, emailAccountIds null are 422 naming the field; nothing is created', async () => {
    for (const field of ['maxActiveContacts', 'steps', 'contactIds', 'emailAccountIds']) {
      const r = await call('POST', `${sb.v2}/campaigns`, { key: sb.apiKey, body: { name: `null ${field}`, [field]: null } });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(new RegExp(`^${field}: must be an? \\w+ \\(got null\\)`));
    }
    const list = await call('GET', `${sb.v2}/campaigns?searchText=null`, { key: sb.apiKey });
    expect(list.body.data).toEqual([]);
  });

  it('4.8: a null field in a saved-search update is 422, not "unchanged"', async () => {
    const s = (await call('GET', `${sb.v2}/saved-searches`, { key: sb.apiKey })).body.data[0];
    for (const field of ['name', 'values', 'tagIds', 'numResultsApproved', 'sortOrder']) {
      const r = await call('PUT', `${sb.v2}/saved-searches/${s.savedSearchId}`, { key: sb.apiKey, body: { [field]: null } });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('4.5: cc, bcc, templateId null are 422; 4.10: a null company field is 422', async () => {
    const base = { contactId, from: sb.user.email, to: 'a@b.co', subject: 's', body: 'b' };
    for (const field of ['cc', 'bcc', 'templateId']) {
      const r = await call('POST', `${sb.v2}/emails/send`, { key: sb.apiKey, body: { ...base, [field]: null } });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(new RegExp(`^${field}: `));
    }
    const c = await call('POST', `${sb.v1}/companies/research`, { key: sb.apiKey, body: { companies: [{ domain: 'a.com', companyName: null }] } });
    expect(c.status).toBe(422);
    expect(c.body.message).toMatch(/^companies\[0\]\.companyName/);
    const ids = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: null, contacts: [{ email: 'a@b.co' }] } });
    expect(ids.status).toBe(422);
    expect(ids.body.message).toMatch(/^searchResultIds: must be an array \(got null\)/);
  });

  it('public reference: nextToken null is the documented first page and stays accepted', async () => {
    const r = await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, body: { nextToken: null, limit: 2 } });
    expect(r.status).toBe(200);
  });
});

describe('query strings (spec 4.11, 4.12; DECISIONS: status codes)', () => {
  it('4.12: requestIds given twice (array style) is 400, not silently the first one', async () => {
    const r = await call('GET', `${sb.v1}/contacts/research/poll?requestIds=a&requestIds=b`, { key: sb.apiKey });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^requestIds: given more than once/);
  });

  it('4.11 / 8: limit given twice is 400 (limit=1&limit=900 must not read as 1)', async () => {
    const r = await call('GET', `${sb.v1}/contacts?${window()}&limit=1&limit=900`, { key: sb.apiKey });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^limit: given more than once/);
  });

  it('4.11: endDate is required too (400 naming it)', async () => {
    const r = await call('GET', `${sb.v1}/contacts?startDate=2026-01-01T00:00:00Z`, { key: sb.apiKey });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^endDate: required/);
  });

  it('DECISIONS: a query parameter on a route that reads none is 400 (e.g. a misplaced ?page on GET /credits)', async () => {
    for (const url of [`${sb.v2}/credits?page=2`, `${sb.v2}/lists/201?x=1`, `${sb.v2}/oauth/me?fields=all`, `${sb.v2}/email-accounts?sort=name`]) {
      const r = await call('GET', url, { key: sb.apiKey });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/is not a known query parameter/);
    }
    const post = await call('POST', `${sb.v2}/search/contacts?limit=5`, { key: sb.apiKey, body: {} });
    expect(post.status).toBe(400);
  });

  it('4.1 / RFC 6749: the authorize page still ignores parameters it does not know', async () => {
    const r = await call(
      'GET',
      `${sb.auth}/oauth/authorize?client_id=${sb.oauth.clientId}&redirect_uri=${encodeURIComponent(sb.oauth.redirectUri)}&prompt=consent&access_type=offline`,
    );
    expect(r.status).toBe(200);
  });
});

describe('paths and media types (spec 4, 9.1)', () => {
  it('9.1: a trailing slash or a doubled slash is 404, as on a strict server', async () => {
    expect((await call('GET', `${sb.v2}/lists/`, { key: sb.apiKey })).status).toBe(404);
    expect((await call('GET', `${sb.v2}//lists`, { key: sb.apiKey })).status).toBe(404);
    expect((await call('GET', `${sb.origin}/api/v2/lists`, { key: sb.apiKey })).status).toBe(200);
  });

  it('9.1: an endpoint under the other version is 404 (campaigns are v2 only, research v1 only)', async () => {
    expect((await call('POST', `${sb.v1}/campaigns`, { key: sb.apiKey, body: { name: 'x' } })).status).toBe(404);
    expect((await call('POST', `${sb.v2}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ['x'] } })).status).toBe(404);
  });

  it('4: Content-Type must be application/json (charset allowed); a vendor +json type is 415', async () => {
    const vendor = await call('POST', `${sb.v2}/lists`, { key: sb.apiKey, rawBody: '{"name":"v"}', headers: { 'content-type': 'application/vnd.api+json' } });
    expect(vendor.status).toBe(415);
    const charset = await call('POST', `${sb.v2}/lists`, {
      key: sb.apiKey,
      rawBody: '{"name":"v"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(charset.status).toBe(201);
  });
});

describe('limits not yet covered (spec 8)', () => {
  it('8: company research with 501 searchResultIds is 422 naming the field, nothing charged', async () => {
    const before = (await call('GET', `${sb.v2}/credits`, { key: sb.apiKey })).body.data.balance;
    const r = await call('POST', `${sb.v1}/companies/research`, { key: sb.apiKey, body: { searchResultIds: Array.from({ length: 501 }, (_, i) => `c${i}`) } });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/^searchResultIds: must have at most 500 items/);
    expect((await call('GET', `${sb.v2}/credits`, { key: sb.apiKey })).body.data.balance).toBe(before);
  });

  it('8: exactly 500 contactIds is accepted by the validator (the boundary), 501 is not', async () => {
    const ids = Array.from({ length: 500 }, () => contactId);
    const r = await call('POST', `${sb.v2}/campaigns`, { key: sb.apiKey, body: { name: 'boundary', contactIds: ids } });
    expect(r.status).toBe(201);
    expect(r.body.data.contactsAdded).toBe(1);
  });

  it('4.3: maxActiveContacts must be an integer (1.5 and "3" are 422)', async () => {
    for (const v of [1.5, '3']) {
      const r = await call('POST', `${sb.v2}/campaigns`, { key: sb.apiKey, body: { name: 'typed', maxActiveContacts: v } });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(/^maxActiveContacts: must be an integer/);
    }
  });

  it('4.3: dueDay must be an integer >= 1 (1.5, "2" and 0 are 422)', async () => {
    for (const v of [1.5, '2', 0]) {
      const r = await call('POST', `${sb.v2}/campaigns`, { key: sb.apiKey, body: { name: 'due', steps: [{ type: 'EMAIL', dueDay: v }] } });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(/^steps\[0\]\.dueDay: must be/);
    }
  });
});
