import type { RunningSandbox } from '../../sandbox/index';
import { call, start, window } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const CONTACT_FIELDS_2_8 = [
  'contactId',
  'username',
  'createdAt',
  'updatedAt',
  'firstName',
  'middleName',
  'lastName',
  'fullName',
  'name',
  'nameOriginal',
  'email',
  'personalEmail',
  'emailDomain',
  'email1',
  'email2',
  'email3',
  'email1Selected',
  'email1TotalAI',
  'email2TotalAI',
  'email3TotalAI',
  'email1EmailAI',
  'email2EmailAI',
  'email3EmailAI',
  'contactPhone1',
  'contactPhone2',
  'contactPhone1TotalAI',
  'contactPhone1DataType',
  'contactPhone2DataType',
  'companyPhone1',
  'companyPhone2',
  'companyPhone3',
  'companyPhone1TotalAI',
  'companyPhone2TotalAI',
  'companyPhone3TotalAI',
  'companyPhone1DataType',
  'companyPhone2DataType',
  'companyPhone3DataType',
  'company',
  'companyOriginal',
  'companyDescription',
  'companyFounded',
  'companyIndustry',
  'companyStaffCount',
  'companyStaffCountRange',
  'companyAnnualRevenue',
  'companyRevenueRange',
  'companyDomain',
  'companyLIProfileUrl',
  'companyNetworkId',
  'companyType',
  'stockTicker',
  'companyFundingTotal',
  'companyLatestFundingDate',
  'companyLatestFundingClassifications',
  'title',
  'department',
  'seniority',
  'lIProfileUrl',
  'lISalesNavUrl',
  'lIRecruiterUrl',
  'website',
  'image',
  'contactLocation',
  'companyLocation',
  'formerCompany',
  'formerTitle',
  'formerStartedAt',
  'formerEndedAt',
  'titleStartedAt',
  'startedAtCurrentCompany',
  'timeAtRole',
  'timeAtCompany',
  'jobChangeAlert',
  'apiResearchId',
  'jobHistory',
  'newsAndEvents',
  'advertisingIntelligence',
  'companyNews',
  'employeeReviews',
  'jobPostings',
  'localSportsTeams',
  'localWeather',
  'paidSearchIntelligence',
  'paidSearchKeywordsIntelligence',
  'searchMarketingIntelligence',
  'secFilings',
  'seoResearch',
  'similarWebsites',
  'socialMediaMentions',
  'socialMediaPosts',
  'socialPosts',
  'websiteAudit',
  'websiteAudit2',
  'websiteGrader',
  'webTechnologies',
  'whois',
  'trafficRankScore',
  'financeLookup',
  'webResearch',
  'financeLookup2',
  'encyclopediaUrl',
];

describe('org reads (spec 4.11, 2.8; DECISIONS: org reads)', () => {
  it('4.11 / 2.8: the seeded organization returns contacts at once, every 2.8 field filled with the right type', async () => {
    const r = await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['data']);
    expect(r.body.data.length).toBeGreaterThan(10);
    const c = r.body.data[0];
    for (const f of CONTACT_FIELDS_2_8) expect(c).toHaveProperty(f);
    expect(typeof c.companyStaffCount).toBe('number');
    expect(typeof c.email1Selected).toBe('boolean');
    expect(typeof c.contactLocation.countryNumeric).toBe('number');
    expect(typeof c.companyLocation.street1).toBe('string');
    expect(c.companyLatestFundingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Array.isArray(c.jobHistory) && Array.isArray(c.newsAndEvents)).toBe(true);
    expect(c.contactId).toMatch(/^\d+$/);
    expect(Number(r.headers.get('x-publicapi-credits'))).toBeGreaterThan(0);
  });

  it('4.11: page and limit page through records ordered by updatedAt; a short page is the last', async () => {
    const all = (await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey })).body.data;
    const p1 = (await call('GET', `${sb.v1}/contacts?${window()}&page=1&limit=7`, { key: sb.apiKey })).body.data;
    const p2 = (await call('GET', `${sb.v1}/contacts?${window()}&page=2&limit=7`, { key: sb.apiKey })).body.data;
    expect(p1.map((c: { contactId: string }) => c.contactId)).toEqual(all.slice(0, 7).map((c: { contactId: string }) => c.contactId));
    expect(p2.map((c: { contactId: string }) => c.contactId)).toEqual(all.slice(7, 14).map((c: { contactId: string }) => c.contactId));
    const sorted = [...all].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
    expect(all.map((c: { updatedAt: string }) => c.updatedAt)).toEqual(sorted.map((c) => c.updatedAt));
    const last = Math.ceil(all.length / 7);
    expect((await call('GET', `${sb.v1}/contacts?${window()}&page=${last}&limit=7`, { key: sb.apiKey })).body.data.length).toBeLessThan(8);
  });

  it('4.11: startDate and endDate bound the lookback period', async () => {
    const all = (await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey })).body.data;
    const mid = all[Math.floor(all.length / 2)].updatedAt;
    const start = encodeURIComponent(new Date(Date.now() - 400 * 86_400_000).toISOString());
    const older = (await call('GET', `${sb.v1}/contacts?startDate=${start}&endDate=${encodeURIComponent(mid)}`, { key: sb.apiKey })).body.data;
    expect(older.length).toBeGreaterThan(0);
    expect(older.length).toBeLessThan(all.length);
    for (const c of older) expect(c.updatedAt <= mid).toBe(true);
  });

  it('4.11 / 8: limit over 500 is 400 naming limit; missing or malformed dates are 400 naming them', async () => {
    const big = await call('GET', `${sb.v1}/contacts?${window()}&limit=501`, { key: sb.apiKey });
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/^limit: must be <= 500/);
    const noStart = await call('GET', `${sb.v1}/contacts?endDate=2026-01-01T00:00:00Z`, { key: sb.apiKey });
    expect(noStart.status).toBe(400);
    expect(noStart.body.message).toMatch(/^startDate/);
    const badDate = await call('GET', `${sb.v1}/contacts?startDate=yesterday&endDate=2026-01-01T00:00:00Z`, { key: sb.apiKey });
    expect(badDate.body.message).toMatch(/^startDate: must be an ISO 8601/);
    const page0 = await call('GET', `${sb.v1}/contacts?${window()}&page=0`, { key: sb.apiKey });
    expect(page0.status).toBe(400);
    const typo = await call('GET', `${sb.v1}/contacts?${window()}&pageSize=10`, { key: sb.apiKey });
    expect(typo.status).toBe(400);
    expect(typo.body.message).toMatch(/^pageSize/);
  });

  it('published GET /companies 200: org companies carry the published record fields (and companyId, as in the published poll example)', async () => {
    const r = await call('GET', `${sb.v1}/companies?${window()}`, { key: sb.apiKey });
    expect(r.status).toBe(200);
    for (const f of ['companyId', 'name', 'domain', 'industries', 'staffCount', 'location', 'apiResearchId', 'createdAt', 'updatedAt'])
      expect(r.body.data[0]).toHaveProperty(f);
  });

  it('7: organization B (no license) gets 422 missingLicense on the contacts read', async () => {
    const r = await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKeyB });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('missingLicense');
  });
});

describe('search (public reference: search; DECISIONS: search)', () => {
  it('8 / credit use: search is free and returns searchResultIds with supplementalData', async () => {
    const before = (await call('GET', `${sb.v2}/credits`, { key: sb.apiKey })).body.data.balance;
    const r = await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, body: { seniority: ['VP', 'C-Level'], limit: 5 } });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(5);
    for (const row of r.body.data) {
      expect(['VP', 'C-Level']).toContain(row.seniority);
      expect(row.searchResultId).toEqual(expect.any(String));
      expect(row).not.toHaveProperty('email');
    }
    expect(r.body.supplementalData).toMatchObject({ isMore: true, perPage: 5 });
    expect((await call('GET', `${sb.v2}/credits`, { key: sb.apiKey })).body.data.balance).toBe(before);
  });

  it('public reference: nextToken pages through the same results as page', async () => {
    const body = { department: ['Sales'], limit: 4 };
    const first = await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, body });
    const next = await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, body: { ...body, nextToken: first.body.supplementalData.nextToken } });
    const page2 = await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, body: { ...body, page: 2 } });
    expect(next.body.data).toEqual(page2.body.data);
    const forged = await call('POST', `${sb.v2}/search/contacts`, {
      key: sb.apiKey,
      body: { department: ['Legal'], limit: 4, nextToken: first.body.supplementalData.nextToken },
    });
    expect(forged.status).toBe(422);
    expect(forged.body.message).toMatch(/^nextToken/);
  });

  it('public reference: filter rules are enforced (seniority values, department max 5, limit 1..500, unknown filters)', async () => {
    const bad = await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, body: { seniority: ['Boss'] } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/^seniority/);
    const six = await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, body: { department: ['a', 'b', 'c', 'd', 'e', 'f'] } });
    expect(six.body.message).toMatch(/^department: must have at most 5/);
    expect((await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, body: { limit: 501 } })).body.message).toMatch(/^limit/);
    expect((await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, body: { jobtitle: ['x'] } })).body.message).toMatch(
      /^jobtitle: is not a known field/,
    );
  });

  it('public reference: company search filters by industry; savedSearchId applies a saved search of the user', async () => {
    const r = await call('POST', `${sb.v2}/search/companies`, { key: sb.apiKey, body: { industry: ['Software Development'], limit: 50 } });
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(0);
    for (const row of r.body.data) expect(row.industries).toContain('Software Development');
    const saved = (await call('GET', `${sb.v2}/saved-searches?type=contacts`, { key: sb.apiKey })).body.data[0];
    const viaSaved = await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, body: { savedSearchId: saved.savedSearchId, limit: 20 } });
    expect(viaSaved.status).toBe(200);
    for (const row of viaSaved.body.data) expect(saved.values.seniority).toContain(row.seniority);
    const bob = sb.fixtures.users.find((u) => u.email.startsWith('bob'))!;
    expect((await call('POST', `${sb.v2}/search/contacts`, { key: bob.apiKey, body: { savedSearchId: saved.savedSearchId } })).status).toBe(404);
  });

  it('seed: the same seed gives the same data, another seed other data', async () => {
    const again = await start();
    const other = await start({ seed: 7 });
    try {
      const q = { body: { limit: 3 } };
      const a = (await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, ...q })).body.data;
      const b = (await call('POST', `${again.v2}/search/contacts`, { key: again.apiKey, ...q })).body.data;
      const c = (await call('POST', `${other.v2}/search/contacts`, { key: other.apiKey, ...q })).body.data;
      expect(b).toEqual(a);
      expect(c).not.toEqual(a);
      expect(again.apiKey).toBe(sb.apiKey);
    } finally {
      await again.close();
      await other.close();
    }
  });
});
