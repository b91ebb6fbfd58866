import type { RunningSandbox } from '../../sandbox/index';
import { admin, call, searchIds, start, until, window } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start({ config: { credits: { A: 200, B: 50 } } });
});
afterAll(() => sb.close());

const credits = async () => (await call('GET', `${sb.v2}/credits`, { key: sb.apiKey })).body.data.balance as number;
const pollContacts = (ids: string[]) => call('GET', `${sb.v1}/contacts/research/poll?requestIds=${ids.join(',')}`, { key: sb.apiKey });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const terminal = (rows: any[]) => rows.every((r) => r.status !== 'queued' && r.status !== 'researching');

describe('contact research (spec 4.12, 3.5, 8; public reference)', () => {
  it('4.12 / 3.5: research is asynchronous: 202 with one id per item, queued, researching, then done', async () => {
    const ids = await searchIds(sb, sb.apiKey, { seniority: ['VP'] }, 3);
    const before = await credits();
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids } });
    expect(r.status).toBe(202);
    expect(r.body.success).toBe(true);
    expect(r.body.requestIds).toHaveLength(3);
    expect(Number(r.headers.get('x-publicapi-credits'))).toBe(before - 3);
    const first = await pollContacts(r.body.requestIds);
    expect(first.status).toBe(200);
    expect(['queued', 'researching']).toContain(first.body.data[0].status);
    const seen = new Set<string>([first.body.data[0].status]);
    const done = await until(async () => {
      const p = await pollContacts(r.body.requestIds);
      seen.add(p.body.data[0].status);
      return p.body.data;
    }, terminal);
    expect(seen.has('researching')).toBe(true);
    expect(done.map((d: { status: string }) => d.status)).toEqual(['done', 'done', 'done']);
    expect(done.map((d: { requestId: string }) => d.requestId)).toEqual(r.body.requestIds);
    expect(done[0].searchResultId).toBe(ids[0]);
    expect(done[0].contact.apiResearchId).toBe(r.body.requestIds[0]);
    expect(await credits()).toBe(before - 3);
  });

  it('3.5 / 8: a record researched recently is duplicate at once and costs nothing; skipDeduplicationCheck researches again for a credit', async () => {
    const ids = await searchIds(sb, sb.apiKey, { seniority: ['Director'] }, 1);
    const first = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids } });
    const before = await credits();
    const again = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids } });
    expect(again.status).toBe(202);
    expect(await credits()).toBe(before);
    const p = await pollContacts(again.body.requestIds);
    expect(p.body.data[0].status).toBe('duplicate');
    // DECISIONS: a duplicate of research still running has no record yet; once it finished, it carries it.
    if (terminal((await pollContacts(first.body.requestIds)).body.data)) expect(p.body.data[0].contact).toBeDefined();
    else expect(p.body.data[0].contact).toBeUndefined();
    await until(
      () => pollContacts(first.body.requestIds),
      (r) => terminal(r.body.data),
    );
    expect((await pollContacts(again.body.requestIds)).body.data[0].contact.apiResearchId).toBe(first.body.requestIds[0]);
    const fresh = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids, skipDeduplicationCheck: true } });
    expect(fresh.status).toBe(202);
    expect(await credits()).toBe(before - 1);
    const fp = await pollContacts(fresh.body.requestIds);
    expect(fp.body.data[0].status).not.toBe('duplicate');
    expect(first.body.requestIds[0]).not.toBe(fresh.body.requestIds[0]);
  });

  it('DECISIONS / research: a person named twice in one request is a duplicate the second time', async () => {
    const [id] = await searchIds(sb, sb.apiKey, { seniority: ['Manager'] }, 1);
    const before = await credits();
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: [id, id] } });
    expect(await credits()).toBe(before - 1);
    const p = await pollContacts(r.body.requestIds);
    expect(p.body.data[1].status).toBe('duplicate');
  });

  it('public reference: contact items by email, profile URL and name+company resolve; an unknown person ends "not found" and its credit comes back', async () => {
    const rows = (await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, body: { seniority: ['Senior'], limit: 2 } })).body.data;
    const before = await credits();
    const r = await call('POST', `${sb.v1}/contacts/research`, {
      key: sb.apiKey,
      body: {
        contacts: [
          { contactName: rows[0].name, companyName: rows[0].company },
          { contactName: rows[1].name, domain: rows[1].domain },
          { contactName: 'Nobody Atall', companyName: 'No Such Co' },
        ],
      },
    });
    expect(r.status).toBe(202);
    expect(await credits()).toBe(before - 3);
    const done = await until(async () => (await pollContacts(r.body.requestIds)).body.data, terminal);
    expect(done.map((d: { status: string }) => d.status)).toEqual(['done', 'done', 'not found']);
    expect(done[0].contact.fullName).toBe(rows[0].name);
    expect(done[1].contact.companyDomain).toBe(rows[1].domain);
    expect(await credits()).toBe(before - 2);
    // the researched e-mail can be used to research again: a duplicate.
    const byEmail = await call('POST', `${sb.v1}/contacts/research`, {
      key: sb.apiKey,
      body: { contacts: [{ email: done[0].contact.email }, { liProfileUrl: done[1].contact.lIProfileUrl }] },
    });
    const p = await pollContacts(byEmail.body.requestIds);
    expect(p.body.data.map((d: { status: string }) => d.status)).toEqual(['duplicate', 'duplicate']);
  });

  it('4.11 / 3 rule 3: research writes to the organization contacts, with apiResearchId = requestId', async () => {
    const ids = await searchIds(sb, sb.apiKey, { seniority: ['Entry Level'] }, 1);
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids } });
    await until(async () => (await pollContacts(r.body.requestIds)).body.data, terminal);
    const org = await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey });
    const mine = org.body.data.filter((c: { apiResearchId: string }) => c.apiResearchId === r.body.requestIds[0]);
    expect(mine).toHaveLength(1);
    expect(mine[0].contactId).toMatch(/^\d+$/);
  });

  it('4.12: polling is free, takes 1 to 100 ids, and answers "missing" for ids unknown to the organization', async () => {
    const before = await credits();
    const p = await pollContacts(['nope-1', 'nope-2']);
    expect(p.body.data.map((d: { status: string }) => d.status)).toEqual(['missing', 'missing']);
    expect(await credits()).toBe(before);
    const many = Array.from({ length: 101 }, (_, i) => `id${i}`);
    const tooMany = await pollContacts(many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/requestIds/);
    expect((await call('GET', `${sb.v1}/contacts/research/poll`, { key: sb.apiKey })).status).toBe(400);
    expect((await call('GET', `${sb.v1}/contacts/research/poll?requestIds=a,,b`, { key: sb.apiKey })).status).toBe(400);
  });

  it('1.6: research ids of organization A are missing for organization B', async () => {
    const ids = await searchIds(sb, sb.apiKey, { seniority: ['Other'] }, 1);
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids } });
    const p = await call('GET', `${sb.v1}/contacts/research/poll?requestIds=${r.body.requestIds[0]}`, { key: sb.apiKeyB });
    expect(p.body.data[0].status).toBe('missing');
  });

  it('public reference: searchResultIds and contacts together is 422; neither is 422; a bad item names its index', async () => {
    const both = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ['a'], contacts: [{ email: 'a@b.co' }] } });
    expect(both.status).toBe(422);
    expect(both.body.message).toMatch(/searchResultIds.*contacts.*not both/);
    expect((await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: {} })).status).toBe(422);
    const bad = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { contacts: [{ email: 'a@b.co' }, { contactName: 'Only Name' }] } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/^contacts\[1\]/);
    const badEmail = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { contacts: [{ email: 'not-an-email' }] } });
    expect(badEmail.body.message).toMatch(/contacts\[0\]\.email/);
    const jobChange = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ['a'], isJobChange: true } });
    expect(jobChange.status).toBe(422);
    expect(jobChange.body.message).toMatch(/isJobChange/);
  });

  it('8: more than 500 items in one research request is 422 naming the field, and nothing is charged', async () => {
    const before = await credits();
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: Array.from({ length: 501 }, (_, i) => `x${i}`) } });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/searchResultIds: must have at most 500 items/);
    expect(await credits()).toBe(before);
  });

  it('7: not enough credits is 422 insufficientCredits with additionalCreditsNeeded, and nothing is queued', async () => {
    await admin(sb, 'PUT', '/credits', { org: 'A', balance: 2 });
    const ids = await searchIds(sb, sb.apiKey, { department: ['Legal'] }, 5);
    const jobsOf = async () =>
      (await admin(sb, 'GET', '/research?org=A')).body.filter((j: { searchResultId: string }) => ids.includes(j.searchResultId)).length;
    const jobsBefore = await jobsOf();
    // skipDeduplicationCheck: every item is charged, whatever the organization researched before.
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKey, body: { searchResultIds: ids, skipDeduplicationCheck: true } });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'insufficientCredits', data: { additionalCreditsNeeded: 3 } });
    expect(typeof r.body.msg).toBe('string');
    expect(typeof r.body.data.productCategory).toBe('string');
    expect(await credits()).toBe(2);
    // Nothing queued by the refused request (an earlier test may have researched one of these people).
    expect(await jobsOf()).toBe(jobsBefore);
    await admin(sb, 'PUT', '/credits', { org: 'A', balance: 200 });
  });

  it('5.8 / 7: organization B (no Public API license) gets 422 missingLicense on research', async () => {
    const r = await call('POST', `${sb.v1}/contacts/research`, { key: sb.apiKeyB, body: { searchResultIds: ['x'] } });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('missingLicense');
    expect(r.body.data).toHaveProperty('additionalCreditsNeeded');
    const c = await call('POST', `${sb.v1}/companies/research`, { key: sb.apiKeyB, body: { companies: [{ domain: 'x.com' }] } });
    expect(c.body.code).toBe('missingLicense');
  });
});

describe('company research (spec 4.10, 4.12)', () => {
  const pollCompanies = (ids: string[]) => call('GET', `${sb.v1}/companies/research/poll?requestIds=${ids.join(',')}`, { key: sb.apiKey });

  it('4.10: by searchResultIds and by domain/companyName; a domain no company has ends in error with a message', async () => {
    const rows = (await call('POST', `${sb.v2}/search/companies`, { key: sb.apiKey, body: { limit: 3 } })).body.data;
    const before = await credits();
    const r = await call('POST', `${sb.v1}/companies/research`, {
      key: sb.apiKey,
      body: {
        searchResultIds: [rows[0].searchResultId],
        companies: [{ domain: rows[1].domain }, { companyName: rows[2].name }, { domain: 'unknown-domain-xyz.example' }],
        skipDeduplicationCheck: true,
      },
    });
    expect(r.text).toContain('requestIds');
    expect(r.status).toBe(202);
    expect(r.body.requestIds).toHaveLength(4);
    expect(await credits()).toBe(before - 4);
    const done = await until(async () => (await pollCompanies(r.body.requestIds)).body.data, terminal);
    expect(done.map((d: { status: string }) => d.status)).toEqual(['done', 'done', 'done', 'error']);
    expect(done[3].message).toMatch(/unknown-domain-xyz/);
    expect(done[1].company.domain).toBe(rows[1].domain);
    expect(done[0].company.apiResearchId).toBe(r.body.requestIds[0]);
    expect(await credits()).toBe(before - 3);
    const org = await call('GET', `${sb.v1}/companies?${window()}`, { key: sb.apiKey });
    expect(org.body.data.some((c: { apiResearchId: string }) => c.apiResearchId === r.body.requestIds[1])).toBe(true);
  });

  it('4.10: a company item needs domain or companyName (422 naming the item); over 500 companies is 422', async () => {
    const r = await call('POST', `${sb.v1}/companies/research`, { key: sb.apiKey, body: { companies: [{}] } });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/^companies\[0\]/);
    const big = await call('POST', `${sb.v1}/companies/research`, {
      key: sb.apiKey,
      body: { companies: Array.from({ length: 501 }, () => ({ domain: 'a.com' })) },
    });
    expect(big.status).toBe(422);
    expect(big.body.message).toMatch(/companies: must have at most 500/);
  });
});
