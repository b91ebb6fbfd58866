/**
 * Issue 9, sandbox fidelity: company research by companyName (+ domain) of a company the seeded universe does not hold.
 * Spec 4.10 makes `error` the case of a domain alone that no company is known for; a named company is researchable.
 */
import type { RunningSandbox } from '../../sandbox/index';
import { publishedErrors } from '../support/published-schemas';
import { call, start, until, window } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const credits = async () => (await call('GET', `${sb.v2}/credits`, { key: sb.apiKey })).body.data.balance as number;
const research = (companies: unknown[], extra: Record<string, unknown> = {}) =>
  call('POST', `${sb.v1}/companies/research`, { key: sb.apiKey, body: { companies, ...extra } });
const pollOnce = async (ids: string[]) => (await call('GET', `${sb.v1}/companies/research/poll?requestIds=${ids.join(',')}`, { key: sb.apiKey })).body;
// Polled every 250 ms (not the helper's 25 ms): on a loaded machine 25 ms polls ran into the poll route's rate limit,
// and a 429 body has no data.
const pollUntilDone = async (ids: string[]) =>
  until(
    () => pollOnce(ids),
    (b) => Array.isArray(b?.data) && b.data.every((d: { status: string }) => d.status !== 'researching'),
    20_000,
    250,
  );

describe('issue 9: a named company the service did not know is researchable (spec 4.10)', () => {
  it('4.10: companyName + domain of an unknown company ends done, spends one credit, and the org company record exists', async () => {
    const before = await credits();
    const r = await research([{ companyName: 'Zebra Quarry Holdings', domain: 'https://www.zebra-quarry.example/' }]);
    expect(r.status).toBe(202);
    expect(await credits()).toBe(before - 1);
    const done = await pollUntilDone(r.body.requestIds);
    const requestId = r.body.requestIds[0];
    expect(done.data[0]).toMatchObject({
      requestId,
      status: 'done',
      company: { name: 'Zebra Quarry Holdings', domain: 'zebra-quarry.example', apiResearchId: requestId },
    });
    expect(publishedErrors('GET /companies/research/poll 200', done)).toEqual([]);
    expect(await credits()).toBe(before - 1);
    const org = await call('GET', `${sb.v1}/companies?${window()}`, { key: sb.apiKey });
    expect(org.body.data.filter((c: { apiResearchId: string }) => c.apiResearchId === r.body.requestIds[0])).toHaveLength(1);
  });

  it('public reference (duplicate): the same company researched again, by name or by its domain, answers duplicate and spends nothing', async () => {
    const first = await research([{ companyName: 'Quokka Lantern Works', domain: 'quokka-lantern.example' }]);
    await pollUntilDone(first.body.requestIds);
    const before = await credits();
    const quokka = { companyName: 'Quokka Lantern Works', domain: 'quokka-lantern.example' };
    const again = await research([quokka, { companyName: 'quokka lantern works' }, { domain: 'quokka-lantern.example' }]);
    expect(again.status).toBe(202);
    expect(await credits()).toBe(before);
    const p = await call('GET', `${sb.v1}/companies/research/poll?requestIds=${again.body.requestIds.join(',')}`, { key: sb.apiKey });
    expect(p.body.data.map((d: { status: string }) => d.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(p.body.data[0].company.apiResearchId).toBe(first.body.requestIds[0]);
  });

  it('the same new company twice in one request: one credit, the second item is a duplicate; skipDeduplicationCheck researches both', async () => {
    const before = await credits();
    const ibis = { companyName: 'Ibis Meadow Co', domain: 'ibis-meadow.example' };
    const r = await research([ibis, { ...ibis }]);
    expect(await credits()).toBe(before - 1);
    const done = await pollUntilDone(r.body.requestIds);
    expect(done.data.map((d: { status: string }) => d.status)).toEqual(['done', 'duplicate']);
    const fresh = await research([ibis], { skipDeduplicationCheck: true });
    expect(await credits()).toBe(before - 2);
    expect((await pollUntilDone(fresh.body.requestIds)).data[0].status).toBe('done');
  });

  it('4.10: a domain alone that no company is known for still ends error and is refunded; a refused request creates nothing', async () => {
    const before = await credits();
    const r = await research([{ domain: 'no-company-here.example' }]);
    const done = await pollUntilDone(r.body.requestIds);
    expect(done.data[0].status).toBe('error');
    expect(done.data[0].message).toMatch(/no-company-here\.example/);
    expect(await credits()).toBe(before);
    // No credits: 422, and the company does not become known (researching it by domain alone is still an error).
    await call('PUT', `${sb.admin}/credits`, { body: { org: 'A', balance: 0 } });
    const refused = await research([{ companyName: 'Heron Gate Ltd', domain: 'heron-gate.example' }]);
    await call('PUT', `${sb.admin}/credits`, { body: { org: 'A', balance: 100 } });
    expect(refused.status).toBe(422);
    const byDomain = await research([{ domain: 'heron-gate.example' }]);
    expect((await pollUntilDone(byDomain.body.requestIds)).data[0].status).toBe('error');
  });
});

describe('published isJobChange: a job change research', () => {
  it('published isJobChange: a name with the company the person left finds them at their current company', async () => {
    const rows = (await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, body: { limit: 50 } })).body.data;
    const mover = rows.find((r: { formerCompany: string | null }) => r.formerCompany);
    const contacts = [{ contactName: mover.name, companyName: mover.formerCompany }];
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { isJobChange: true, contacts, skipDeduplicationCheck: true } });
    expect(r.status).toBe(202);
    const poll = async () => (await call('GET', `${sb.v1}/contacts/research/poll?requestIds=${r.body.requestIds[0]}`, { key: sb.apiKey })).body;
    const done = await until(poll, (b) => !['queued', 'researching'].includes(b.data[0].status));
    expect(done.data[0].status).toBe('done');
    expect(done.data[0].contact).toMatchObject({ fullName: mover.name, company: mover.company, formerCompany: mover.formerCompany });
  });
});
