/** Research credits and statuses (spec 3.5, 4.10, 4.12, 7, 8; public reference: research). */
import type { RunningSandbox } from '../../sandbox/index';
import { admin, call, searchIds, start, until } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start({ config: { credits: { A: 100, B: 0 } } });
});
afterAll(() => sb.close());

const credits = async () => (await call('GET', `${sb.v2}/credits`, { key: sb.apiKey })).body.data.balance as number;
const pollCompanies = (ids: string[]) => call('GET', `${sb.v1}/companies/research/poll?requestIds=${ids.join(',')}`, { key: sb.apiKey });

describe('credits (spec 8, 7; DECISIONS: research)', () => {
  it('8: a refund of a finished "not found" item shows in GET /credits and the header without any poll', async () => {
    const before = await credits();
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ['no-such-result'] } });
    expect(r.status).toBe(202);
    expect(Number(r.headers.get('x-publicapi-credits'))).toBe(before - 1);
    // Wait past the research latency (80 + 150 ms) without polling.
    await new Promise((res) => setTimeout(res, 400));
    const after = await call('GET', `${sb.v2}/credits`, { key: sb.apiKey });
    expect(after.body.data.balance).toBe(before);
    expect(Number(after.headers.get('x-publicapi-credits'))).toBe(before);
  });

  it('1.6 / 8: concurrent research from two users of one organization never overspends and charges exactly', async () => {
    await admin(sb, 'PUT', '/credits', { org: 'A', balance: 25 });
    const ids = await searchIds(sb, sb.apiKey, { seniority: ['Manager'] }, 40);
    const keys = sb.fixtures.users.filter((u) => u.org === 'A').map((u) => u.apiKey);
    // 40 requests of 1 item each, from both users at once; skipDeduplicationCheck so every item costs 1.
    const replies = await Promise.all(
      ids.map((id, i) =>
        call('POST', `${sb.v1}/contacts/research`, { key: keys[i % keys.length], body: { searchResultIds: [id], skipDeduplicationCheck: true } }),
      ),
    );
    const accepted = replies.filter((r) => r.status === 202).length;
    const refused = replies.filter((r) => r.status === 422);
    expect(accepted).toBe(25);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'insufficientCredits', data: { additionalCreditsNeeded: 1 } });
    expect(await credits()).toBe(0);
    const jobs = (await admin(sb, 'GET', '/research?org=A')).body.filter((j: { searchResultId: string }) => ids.includes(j.searchResultId));
    expect(jobs).toHaveLength(25);
    await admin(sb, 'PUT', '/credits', { org: 'A', balance: 100 });
  });

  it('7: a multi-item request that cannot be covered is refused whole: no partial charge, nothing queued', async () => {
    await admin(sb, 'PUT', '/credits', { org: 'A', balance: 3 });
    const ids = await searchIds(sb, sb.apiKey, { seniority: ['Senior'] }, 4);
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids, skipDeduplicationCheck: true } });
    expect(r.status).toBe(422);
    expect(r.body.data.additionalCreditsNeeded).toBe(1);
    expect(await credits()).toBe(3);
    await admin(sb, 'PUT', '/credits', { org: 'A', balance: 100 });
  });
});

describe('company research statuses (public reference: missing, researching, done, error)', () => {
  it('3.5 / 4.10 / public reference: company research is "researching" at once (never "queued"); an unknown search result or a domain alone that no company has ends "error" and is refunded', async () => {
    const before = await credits();
    const r = await call('POST', `${sb.v1}/companies/research`, {
      key: sb.apiKey,
      body: { searchResultIds: ['no-such-company'], companies: [{ domain: 'definitely-unknown-holdings.example' }] },
    });
    expect(r.status).toBe(202);
    const first = await pollCompanies(r.body.requestIds);
    expect(first.body.data.map((d: { status: string }) => d.status)).toEqual(['researching', 'researching']);
    const done = await until(
      async () => (await pollCompanies(r.body.requestIds)).body.data,
      (rows) => rows.every((d: { status: string }) => d.status !== 'researching'),
    );
    expect(done.map((d: { status: string }) => d.status)).toEqual(['error', 'error']);
    for (const d of done) expect(d.message).toEqual(expect.any(String));
    expect(await credits()).toBe(before);
  });

  it('4.12: a company poll of an unknown id (or a contact request id) is "missing"', async () => {
    const [id] = await searchIds(sb, sb.apiKey, { seniority: ['VP'] }, 1);
    const contact = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: [id] } });
    const p = await pollCompanies(['nope', contact.body.requestIds[0]]);
    expect(p.body.data.map((d: { status: string }) => d.status)).toEqual(['missing', 'missing']);
  });

  it('3.5: a company researched recently is "duplicate" at once and free', async () => {
    const rows = (await call('POST', `${sb.v2}/search/companies`, { key: sb.apiKey, body: { limit: 1, page: 3 } })).body.data;
    const first = await call('POST', `${sb.v1}/companies/research`, { key: sb.apiKey, body: { searchResultIds: [rows[0].searchResultId] } });
    const before = await credits();
    const again = await call('POST', `${sb.v1}/companies/research`, { key: sb.apiKey, body: { companies: [{ domain: rows[0].domain }] } });
    expect(await credits()).toBe(before);
    const p = await pollCompanies(again.body.requestIds);
    expect(p.body.data[0].status).toBe('duplicate');
    // The record comes with the duplicate once the earlier research has finished (DECISIONS).
    await until(
      () => pollCompanies(first.body.requestIds),
      (r) => r.body.data[0].status === 'done',
    );
    expect((await pollCompanies(again.body.requestIds)).body.data[0].company.domain).toBe(rows[0].domain);
  });
});
