/**
 * Search input as published (requests `POST /search/contacts`, `POST /search/companies`): the filters, their allowed
 * values, the per-filter caps and defaults. Each test names the published filter or rule it checks.
 */
import type { RunningSandbox } from '../../sandbox/index';
import { REQUESTS } from '../support/published-schemas';
import { call, start } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  // Many searches: a window wide enough that pacing is not what these tests measure.
  sb = await start({ contacts: 3000, companies: 300, config: { rateLimit: { defaultLimit: 100_000 } } });
});
afterAll(() => sb.close());

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const DAY = 86_400_000;
const search = async (kind: 'contacts' | 'companies', body: Record<string, unknown>, version: 'v1' | 'v2' = 'v2') =>
  call('POST', `${sb[version]}/search/${kind}`, { key: sb.apiKey, body: { limit: 500, ...body } });
const rowsOf = async (kind: 'contacts' | 'companies', body: Record<string, unknown>): Promise<Row[]> => {
  const r = await search(kind, body);
  expect(r.status).toBe(200);
  return r.body.data;
};
type PublishedProp = { maxItems?: number; items?: { enum?: string[] } };
const props = (kind: 'contacts' | 'companies') => REQUESTS[`POST /search/${kind}`].properties as Record<string, PublishedProp>;
const daysAgo = (date: string) => (Date.now() - Date.parse(date)) / DAY;

describe('published allowed values and caps', () => {
  it('published companySize "201 - 500" and companyRevenue "$5M - $20M" are accepted and matched; "201-500" is refused naming the field', async () => {
    const rows = await rowsOf('companies', { companySize: ['201 - 500'], companyRevenue: ['$5M - $20M', '$20M - $50M'] });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.staffCountRange).toBe('201 - 500');
      expect(['$5M - $20M', '$20M - $50M']).toContain(row.revenueRange);
    }
    const bad = await search('contacts', { companySize: ['201-500'] });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/^companySize\[0\]: "201-500" is not an allowed companySize value/);
  });

  it('published enums: every allowed value of every enum filter is accepted on both searches', async () => {
    for (const kind of ['contacts', 'companies'] as const) {
      for (const [name, p] of Object.entries(props(kind))) {
        if (!p.items?.enum) continue;
        const cap = p.maxItems ?? p.items.enum.length;
        for (let i = 0; i < p.items.enum.length; i += cap) {
          const r = await search(kind, { [name]: p.items.enum.slice(i, i + cap), limit: 1 });
          expect({ name, status: r.status, message: r.body.message }).toEqual({ name, status: 200, message: undefined });
        }
      }
    }
  });

  it('published maxItems: one item over the cap of each list filter is refused (10 for most lists, 5 for seniority, department and industry)', async () => {
    expect(props('contacts').seniority.maxItems).toBe(5);
    expect(props('contacts').department.maxItems).toBe(5);
    expect(props('contacts').jobTitle.maxItems).toBe(10);
    for (const kind of ['contacts', 'companies'] as const) {
      for (const [name, p] of Object.entries(props(kind))) {
        if (p.maxItems === undefined) continue;
        const pool = p.items?.enum ?? Array.from({ length: p.maxItems + 1 }, (_, i) => `value ${i}`);
        const atCap = Array.from({ length: p.maxItems }, (_, i) => pool[i % pool.length]);
        const over = [...atCap, pool[0]];
        const ok = await search(kind, { [name]: atCap, limit: 1 });
        expect({ name, status: ok.status }).toEqual({ name, status: 200 });
        const refused = await search(kind, { [name]: over, limit: 1 });
        expect({ name, status: refused.status }).toEqual({ name, status: 422 });
        expect(refused.body.message).toBe(`${name}: must have at most ${p.maxItems} items (got ${p.maxItems + 1})`);
      }
    }
  });

  it('published departments (IT, Support, Project Management, ...) are the departments people have', async () => {
    const rows = await rowsOf('contacts', { department: ['IT', 'Support', 'Project Management'] });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(['IT', 'Support', 'Project Management']).toContain(row.department);
    expect((await search('contacts', { department: ['Information Technology'] })).status).toBe(422);
  });
});

describe('published filters', () => {
  it('published locationType default bothOR: without it, a person matches by their own or their company location', async () => {
    const byDefault = await rowsOf('contacts', { contactCountry: ['Germany'] });
    const bothOr = await rowsOf('contacts', { contactCountry: ['Germany'], locationType: 'bothOR' });
    expect(byDefault.map((r) => r.searchResultId)).toEqual(bothOr.map((r) => r.searchResultId));
    expect(byDefault.some((r) => r.country !== 'Germany' && r.companyCountry === 'Germany')).toBe(true);
    const contactOnly = await rowsOf('contacts', { contactCountry: ['Germany'], locationType: 'contact' });
    for (const r of contactOnly) expect(r.country).toBe('Germany');
  });

  it('published technologiesIsOr: true (default) matches any listed technology, false matches all of them', async () => {
    const any = await rowsOf('companies', { technologies: ['Salesforce', 'HubSpot'] });
    const all = await rowsOf('companies', { technologies: ['Salesforce', 'HubSpot'], technologiesIsOr: false });
    expect(all.length).toBeGreaterThan(0);
    expect(any.length).toBeGreaterThan(all.length);
    for (const r of any) expect(r.technologies.some((t: string) => t === 'Salesforce' || t === 'HubSpot')).toBe(true);
    for (const r of all) expect(r.technologies).toEqual(expect.arrayContaining(['Salesforce', 'HubSpot']));
  });

  it('published companyType Public / Private (nullable: null means no filter)', async () => {
    const pub = await rowsOf('companies', { companyType: 'Public' });
    expect(pub.length).toBeGreaterThan(0);
    for (const r of pub) expect(r.companyType).toBe('Public');
    const people = await rowsOf('contacts', { companyType: 'Private', limit: 50 });
    for (const r of people) expect(r.companyType).toBe('Private');
    expect((await rowsOf('companies', { companyType: null })).length).toBe((await rowsOf('companies', {})).length);
    expect((await search('companies', { companyType: 'Public Company' })).status).toBe(422);
  });

  it('published foundedOn (companies) / companyFoundedOn (contacts) ranges', async () => {
    const young = await rowsOf('companies', { foundedOn: ['Less than 1 Year', 'Last 1-3 Years'] });
    expect(young.length).toBeGreaterThan(0);
    for (const r of young) expect(daysAgo(r.foundedOn)).toBeLessThan(4 * 366);
    const old = await rowsOf('contacts', { companyFoundedOn: ['10+ Years'], limit: 100 });
    for (const r of old) expect(daysAgo(r.companyFoundedOn)).toBeGreaterThan(10 * 365);
  });

  it('published newsTypes and newsTypeDates: a news item of one of the types within the last N days', async () => {
    const rows = await rowsOf('companies', { newsTypes: ['Acquisition', 'Expansion'], newsTypeDates: ['180'] });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.newsAndEvents.some((n: Row) => ['Acquisition', 'Expansion'].includes(n.type) && daysAgo(n.date) <= 180)).toBe(true);
  });

  it('published funding filters: latestFundingDates / -Classifications / -Totals (companyLatestFunding* on contacts)', async () => {
    const classes = ['Series A', 'Series B', 'Series C', 'Seed'];
    const rows = await rowsOf('companies', { latestFundingDates: ['1095'], latestFundingClassifications: classes, latestFundingTotals: ['$100M - $500M'] });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(daysAgo(r.latestFundingDate)).toBeLessThanOrEqual(1095);
      expect(classes).toContain(r.latestFundingClassifications[0]);
      expect(Number(r.fundingTotal)).toBeGreaterThanOrEqual(100e6);
      expect(Number(r.fundingTotal)).toBeLessThanOrEqual(500e6);
    }
    const people = await rowsOf('contacts', { companyLatestFundingDates: ['365'], limit: 50 });
    for (const r of people) expect(daysAgo(r.companyLatestFundingDate)).toBeLessThanOrEqual(365);
  });

  it('published jobChanges {changeType, dayRange}: New Hire in the last 365 days; null fields and a null object are accepted', async () => {
    const hires = await rowsOf('contacts', { jobChanges: { changeType: 'New Hire', dayRange: 'Last 365 Days' } });
    expect(hires.length).toBeGreaterThan(0);
    for (const r of hires) expect(daysAgo(r.startedAtCurrentCompany)).toBeLessThanOrEqual(365);
    expect((await search('contacts', { jobChanges: { changeType: null, dayRange: null } })).status).toBe(200);
    expect((await search('contacts', { jobChanges: null })).status).toBe(200);
    const bad = await search('contacts', { jobChanges: { changeType: 'Fired' } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/^jobChanges\.changeType/);
  });

  it('published pastCompany {names (1..100), onlyMostRecentDeparture}: people who left one of the companies', async () => {
    const someone = (await rowsOf('contacts', { limit: 50 })).find((r) => r.formerCompany);
    const rows = await rowsOf('contacts', { pastCompany: { names: [someone!.formerCompany], onlyMostRecentDeparture: true } });
    expect(rows.map((r) => r.searchResultId)).toContain(someone!.searchResultId);
    for (const r of rows) expect(r.formerCompany).toBe(someone!.formerCompany);
    const empty = await search('contacts', { pastCompany: { names: [] } });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toMatch(/^pastCompany\.names: must have at least 1 item/);
  });

  it('public reference: v1 search takes limit and nextToken only (page and savedSearchId are v2)', async () => {
    const r = await search('contacts', { page: 2 }, 'v1');
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/^page: is not a known field/);
  });
});
