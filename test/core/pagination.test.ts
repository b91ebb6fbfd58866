import { createClient, operation, paginate, runSync, call, type HttpRequest } from '../../shared';
import { sampleOrgContact } from '../../shared/records/test-fixtures';
import { json, rateHeaders, scriptedHost } from '../support/scripted-host';

const client = () => createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0 });
const period = { startDate: '2026-01-01T00:00:00Z', endDate: '2026-12-01T00:00:00Z' };

/** Org contacts server: `total` records, page+limit, no metadata (public reference). */
function orgServer(total: number, faults: Record<number, () => ReturnType<typeof json>> = {}) {
  let n = 0;
  return (req: HttpRequest, now: number) => {
    n++;
    if (faults[n]) return faults[n]();
    const q = new URL(req.url).searchParams;
    const page = Number(q.get('page'));
    const limit = Number(q.get('limit'));
    const from = (page - 1) * limit;
    const data = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => ({ ...sampleOrgContact, contactId: String(from + i + 1) }));
    return json(200, { data }, rateHeaders(60, 50, Math.floor(now / 1000) + 60));
  };
}

describe('pagination (public reference: page+limit until a short page; nextToken)', () => {
  it('reads 1,234 org contacts in 3 pages of 500 and stops at the short page', () => {
    const host = scriptedHost(orgServer(1234));
    const run = runSync(paginate(client(), operation('orgContacts.list'), period), host.sync);
    expect(run.items).toHaveLength(1234);
    expect(run.next).toBeNull();
    expect(host.log.map((r) => new URL(r.url).searchParams.get('page'))).toEqual(['1', '2', '3']);
  });

  it('an exact multiple of the page size costs one more (empty) page, since there is no metadata', () => {
    const host = scriptedHost(orgServer(1000));
    const run = runSync(paginate(client(), operation('orgContacts.list'), period), host.sync);
    expect(run.items).toHaveLength(1000);
    expect(host.log).toHaveLength(3);
  });

  it('goes through a 429 and a 502 mid-way without losing or repeating a page', () => {
    const reset = Math.floor(Date.UTC(2026, 10, 21, 12, 0, 5) / 1000);
    const host = scriptedHost(
      orgServer(1100, {
        2: () => json(429, { message: 'x', code: 'rateLimitExceeded' }, rateHeaders(60, 0, reset)),
        4: () => json(502, { message: 'bad gateway' }),
      }),
    );
    const run = runSync(paginate(client(), operation('orgContacts.list'), period), host.sync);
    expect(run.items.map((c) => Number((c as { contactId: string }).contactId))).toEqual(Array.from({ length: 1100 }, (_, i) => i + 1));
  });

  it('stops at maxRequests with a cursor, and a resumed run continues from it', () => {
    const host = scriptedHost(orgServer(1700));
    const first = runSync(paginate(client(), operation('orgContacts.list'), period, { maxRequests: 2 }), host.sync);
    expect(first.items).toHaveLength(1000);
    expect(first.next).toEqual({ page: 3 });
    const rest = runSync(paginate(client(), operation('orgContacts.list'), { ...period, page: 3 }), host.sync);
    expect(rest.items).toHaveLength(700);
  });

  it('follows nextToken while isMore', () => {
    const pages = [
      { data: [{ searchResultId: 'a' }, { searchResultId: 'b' }], supplementalData: { isMore: true, total: 3, perPage: 2, nextToken: 't2' } },
      { data: [{ searchResultId: 'c' }], supplementalData: { isMore: false, total: 3, perPage: 2, nextToken: null } },
    ];
    const host = scriptedHost(pages.map((p) => json(200, { success: true, ...p })));
    const run = runSync(paginate(client(), operation('contacts.search'), { jobTitle: ['CTO'] }, { limit: 2 }), host.sync);
    expect(run.items.map((r) => (r as { searchResultId: string }).searchResultId)).toEqual(['a', 'b', 'c']);
    expect(host.log.map((r) => JSON.parse(r.body!).nextToken)).toEqual([null, 't2']);
  });
});

describe('call: inputs larger than one request are split (campaign and list contacts)', () => {
  it('a campaign with 1,200 contacts: create with 500, then add 500 and 200', () => {
    const bodies: unknown[] = [];
    const host = scriptedHost((req) => {
      bodies.push({ url: req.url.replace(/.*\/api/, ''), n: JSON.parse(req.body!).contactIds.length });
      if (req.url.endsWith('/campaigns')) {
        return json(201, { success: true, data: { campaign: campaign, steps: [], contactsAdded: 500 } });
      }
      return json(200, { success: true, data: { contactsAdded: JSON.parse(req.body!).contactIds.length } });
    });
    const ids = Array.from({ length: 1200 }, (_, i) => i + 1);
    const result = runSync(call(client(), operation('campaigns.create'), { name: 'Q4', contactIds: ids }), host.sync);
    expect(bodies).toEqual([
      { url: '/v2/campaigns', n: 500 },
      { url: '/v2/campaigns/c1/contacts', n: 500 },
      { url: '/v2/campaigns/c1/contacts', n: 200 },
    ]);
    expect(result).toMatchObject({ contactsAdded: 1200 });
  });
});

const campaign = {
  campaignId: 'c1',
  name: 'Q4',
  identifier: 'q4',
  status: 'draft',
  isPublic: false,
  maxActiveContacts: null,
  numContacts: '500',
  numSteps: '0',
  numDays: 0,
  userIdOwner: 'u1',
  ownerName: 'Ana',
  startedAt: null,
  pausedAt: null,
  completedAt: null,
  createdAt: '2026-11-21T12:00:00Z',
  emailAccountIds: [],
};
