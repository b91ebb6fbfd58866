/**
 * Issue 9, research path in the core: an unreadable credit cap, non-text search result ids, the item rules
 * of the service, refusals naming one item, credits that cover part of a batch, and submit answers
 * without request ids. Credits are tested against the real sandbox (its 422 and X-PublicAPI-Credits).
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import {
  createClient,
  CreditsError,
  newResearchJob,
  operation,
  paginate,
  runAsync,
  runResearch,
  runSync,
  summarize,
  ValidationError,
  type Client,
  type Flow,
  type HttpRequest,
  type ResearchJob,
} from '../../shared';
import { memoryStore } from '../../shared/drivers/memory';
import { nodeFetchHost } from '../../shared/hosts/node-fetch';
import { json, scriptedHost } from '../support/scripted-host';

const scriptedClient = () => createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0, settings: { pollIntervalMs: 2000 } });
const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ searchResultId: `s${i}` }));

/** Accepts every item (one id each) unless `refuse` names one: then a 422 like the service's, naming its path. */
function acceptingService(refuse: (item: unknown) => string | null = () => null) {
  const submitted: unknown[][] = [];
  let n = 0;
  const responder = (req: HttpRequest) => {
    if (req.method === 'GET') return json(200, { success: true, data: [] });
    const body = JSON.parse(req.body!) as Record<string, unknown[]>;
    const field = ['searchResultIds', 'contacts', 'companies'].find((f) => body[f])!;
    for (const [k, item] of body[field].entries()) {
      const why = refuse(item);
      if (why) return json(422, { message: `${field}[${k}]${why}` });
    }
    submitted.push(body[field]);
    return json(202, { success: true, requestIds: body[field].map(() => `r${++n}`) });
  };
  return { responder, submitted };
}

describe('Maximum credits that cannot be read refuses the run, nothing sent', () => {
  it.each([
    ['NaN', NaN],
    ['text', 'five'],
    ['a fraction as text', '5.5'],
    ['a fraction', 5.5],
    ['negative', -1],
    ['an object', { max: 5 }],
    ['a list', [5]],
    ['a boolean', true],
    ['null', null],
    ['an expression that resolved to text', 'ten credits'],
  ])('%s', (_label, value) => {
    const host = scriptedHost([]);
    const run = () =>
      runSync(runResearch(scriptedClient(), newResearchJob('contacts', ids(3)), { waitForResults: false, maxCredits: value as number }), host.sync);
    expect(run).toThrow(ValidationError);
    expect(run).toThrow(/maxCredits: must be a whole number of credits, 0 or more/);
    expect(host.log).toHaveLength(0);
  });

  it('whole-number text is read as the number (a sheet cell, an n8n expression)', () => {
    const refused = scriptedHost([]);
    expect(() =>
      runSync(runResearch(scriptedClient(), newResearchJob('contacts', ids(6)), { waitForResults: false, maxCredits: '5' as unknown as number }), refused.sync),
    ).toThrow(CreditsError);
    expect(refused.log).toHaveLength(0);
    const svc = acceptingService();
    const host = scriptedHost(svc.responder);
    runSync(runResearch(scriptedClient(), newResearchJob('contacts', ids(6)), { waitForResults: false, maxCredits: '6' as unknown as number }), host.sync);
    expect(svc.submitted).toHaveLength(1);
  });
});

describe('search result ids must be text', () => {
  it.each([
    ['an object', {}],
    ['a list', ['a', 'b']],
    ['NaN', NaN],
    ['true', true],
    ['a number', 42],
    ['empty text', ''],
    ['a megabyte of text', 'x'.repeat(1_000_000)],
  ])('%s is refused for its item before anything is sent', (_label, value) => {
    const svc = acceptingService();
    const host = scriptedHost(svc.responder);
    const targets = [...ids(2), { searchResultId: value as string }];
    expect(() => runSync(runResearch(scriptedClient(), newResearchJob('contacts', targets), { waitForResults: false }), host.sync)).toThrow(
      /items\[2\]\.searchResultId: must/,
    );
    expect(host.log).toHaveLength(0);
  });
});

describe('the item rules are the service rules', () => {
  it('a title is allowed only beside contactName and companyName', () => {
    expect(() => newResearchJob('contacts', [{ contact: { contactName: 'Ana', domain: 'acme.com', title: 'CEO' } }])).toThrow(
      /items\[0\]\.contact\.title: is allowed only together with contactName and companyName/,
    );
    expect(() => newResearchJob('contacts', [{ contact: { email: 'ana@acme.com', title: 'CEO' } }])).toThrow(/contact\.title/);
    expect(newResearchJob('contacts', [{ contact: { contactName: 'Ana', companyName: 'Acme', title: 'CEO' } }]).items).toHaveLength(1);
  });

  it('errors name the item as the user knows it (refs), not its place in the job', () => {
    const refs = ['row 2', 'row 3', 'row 7'];
    expect(() => newResearchJob('contacts', [...ids(2), { contact: { contactName: 'Ana', domain: 'acme.com', title: 'CEO' } }], {}, refs)).toThrow(
      /row 7: contact\.title/,
    );
  });
});

describe('a request refused for one item: that item fails alone, the rest is submitted', () => {
  it('takes the named item out with the service message, names the user item, never resubmits an accepted one', () => {
    const blocked = (item: unknown) =>
      (item as { email?: string }).email?.endsWith('@refused.test') ? '.email: this address is refused by the service' : null;
    const svc = acceptingService(blocked);
    const host = scriptedHost(svc.responder);
    const targets = Array.from({ length: 600 }, (_, i) => ({ contact: { email: i === 3 || i === 520 ? `p${i}@refused.test` : `p${i}@acme.test` } }));
    const refs = targets.map((_, i) => `item ${i}`);
    const job = runSync(runResearch(scriptedClient(), newResearchJob('contacts', targets, {}, refs), { waitForResults: false }), host.sync);
    expect(job.items[3]).toMatchObject({ outcome: 'error', status: 'submit-failed', requestId: null });
    expect(job.items[3].message).toMatch(/^Research contacts: item 3: email: this address is refused by the service \(the service refused this item/);
    // The second batch's refusal names the user's item 520, not position 20 of its request.
    expect(job.items[520].message).toMatch(/item 520: email/);
    expect(summarize(job)).toMatchObject({ pending: 598, refused: 2, error: 2 });
    expect(summarize(job).note).toMatch(/2 items were refused as invalid/);
    // Accepted requests held 499 and 99 items; every accepted item was sent exactly once.
    expect(svc.submitted.map((s) => s.length)).toEqual([499, 99]);
    const sent = svc.submitted.flat().map((c) => (c as { email: string }).email);
    expect(new Set(sent).size).toBe(598);
  });

  it('an item our own check refuses in a resumed job is taken out the same way', () => {
    const svc = acceptingService();
    const host = scriptedHost(svc.responder);
    const job = newResearchJob('contacts', [{ contact: { email: 'a@acme.test' } }, { contact: { email: 'b@acme.test' } }], {}, ['row 2', 'row 3']);
    // A job saved by an older version, with an item the rules now refuse.
    const saved = JSON.parse(JSON.stringify(job)) as ResearchJob;
    saved.items[1].target = { contact: { contactName: 'Bo', domain: 'acme.com', title: 'CTO' } };
    const done = runSync(runResearch(scriptedClient(), saved, { waitForResults: false }), host.sync);
    expect(done.items.map((i) => i.outcome)).toEqual(['pending', 'error']);
    expect(done.items[1].message).toMatch(/row 3: title: is allowed only together/);
    expect(svc.submitted).toHaveLength(1);
  });
});

describe('a 2xx submit answer without usable request ids', () => {
  const cases: [string, () => ReturnType<typeof json>][] = [
    ['no requestIds', () => json(202, { success: true })],
    ['fewer ids than items', () => json(202, { success: true, requestIds: ['a'] })],
    ['an empty body', () => ({ status: 202, headers: {}, body: '' })],
    ['requestIds not a list', () => json(202, { success: true, requestIds: 'a,b,c' })],
  ];
  it.each(cases)('%s: the items are unknown (may be charged), never resubmitted, no TypeError', (_label, answer) => {
    const host = scriptedHost([answer()]);
    const job = runSync(runResearch(scriptedClient(), newResearchJob('contacts', ids(3)), { waitForResults: true }), host.sync);
    expect(job.items.map((i) => i.outcome)).toEqual(['unknown', 'unknown', 'unknown']);
    expect(job.items[0].message).toMatch(/accepted the request .* they were not sent again/);
    const again = runSync(runResearch(scriptedClient(), job, { waitForResults: true }), host.sync);
    expect(again.items.map((i) => i.outcome)).toEqual(['unknown', 'unknown', 'unknown']);
    expect(host.log).toHaveLength(1);
  });

  it('an id that is not text or a number leaves only its own item unknown', () => {
    const host = scriptedHost([json(202, { success: true, requestIds: ['a', { id: 7 }, 'c'] })]);
    const job = runSync(runResearch(scriptedClient(), newResearchJob('contacts', ids(3)), { waitForResults: false }), host.sync);
    expect(job.items.map((i) => [i.outcome, i.requestId])).toEqual([
      ['pending', 'a'],
      ['unknown', null],
      ['pending', 'c'],
    ]);
  });

  // Tolerant reading (issue 15): a number where the service documents text is its digits, and is polled.
  it('a numeric id is read as its digits and polled like the others', () => {
    const host = scriptedHost([json(202, { success: true, requestIds: ['a', 7, 'c'] })]);
    const job = runSync(runResearch(scriptedClient(), newResearchJob('contacts', ids(3)), { waitForResults: false }), host.sync);
    expect(job.items.map((i) => [i.outcome, i.requestId])).toEqual([
      ['pending', 'a'],
      ['pending', '7'],
      ['pending', 'c'],
    ]);
  });
});

describe('credits that cover part of a batch (scripted answers)', () => {
  /** A service holding `credits`, all-or-nothing per request, that never sends X-PublicAPI-Credits. */
  function creditService(credits: { left: number }, code = 'insufficientCredits') {
    let n = 0;
    return (req: HttpRequest) => {
      const items = (JSON.parse(req.body!) as { searchResultIds: string[] }).searchResultIds;
      if (code === 'missingLicense') return json(422, { msg: 'No license', code, data: { productCategory: 'contactResearch', additionalCreditsNeeded: 0 } });
      if (items.length > credits.left) {
        const short = items.length - credits.left;
        return json(422, {
          msg: `Not enough credits (${short} more needed)`,
          code,
          data: { productCategory: 'contactResearch', additionalCreditsNeeded: short },
        });
      }
      credits.left -= items.length;
      return json(202, { success: true, requestIds: items.map(() => `r${++n}`) });
    };
  }

  it('without the balance header, the shortfall decides what is covered; no more than needed is asked', () => {
    const credits = { left: 5 };
    const host = scriptedHost(creditService(credits));
    const job = runSync(runResearch(scriptedClient(), newResearchJob('contacts', ids(12)), { waitForResults: false }), host.sync);
    expect(job.items.map((i) => i.outcome)).toEqual([...Array(5).fill('pending'), ...Array(7).fill('error')]);
    expect(credits.left).toBe(0);
    expect(host.log).toHaveLength(2);
  });

  it('no license: nothing is retried smaller, every item says so, and the note names the license', () => {
    const host = scriptedHost(creditService({ left: 100 }, 'missingLicense'));
    const job = runSync(runResearch(scriptedClient(), newResearchJob('contacts', ids(3)), { waitForResults: false }), host.sync);
    expect(host.log).toHaveLength(1);
    expect(summarize(job).note).toMatch(/3 of 3 items were not researched: the organization has no active Public API license/);
  });
});

describe('credits that cover part of a batch (real sandbox)', () => {
  let sandbox: RunningSandbox;
  let client: Client;
  let searchIds: string[];
  const host = nodeFetchHost({ store: memoryStore() });
  const run = <T>(flow: Flow<T>) => runAsync(flow, host);

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, contacts: 3000, companies: 50, log: () => undefined, config: { research: { queuedMs: 50, researchingMs: 100 } } });
    client = createClient({
      auth: { type: 'apiKey', apiKey: sandbox.apiKey },
      settings: { baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2, authUrl: sandbox.auth },
    });
    const page = await run(paginate(client, operation('contacts.search'), {}, { limit: 500, maxItems: 1080 }));
    searchIds = (page.items as { searchResultId: string }[]).map((r) => r.searchResultId);
    expect(searchIds.length).toBeGreaterThanOrEqual(1080);
  }, 60_000);
  afterAll(() => sandbox.close());

  const setCredits = (balance: number) =>
    fetch(`${sandbox.admin}/credits`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ org: 'A', balance }) });
  const submits = async () => {
    const counts = ((await (await fetch(`${sandbox.admin}/requests`)).json()) as { counts: Record<string, Record<string, number>> }).counts;
    return counts['POST /v1/contacts/research'] ?? {};
  };

  it.each([
    [550, 600],
    [252, 1080],
  ])(
    '%i credits and %i rows: that many are submitted, in input order; the rest fail with the credits error',
    async (credits, rows) => {
      await setCredits(credits);
      await fetch(`${sandbox.admin}/requests`, { method: 'DELETE' });
      const targets = searchIds.slice(0, rows).map((searchResultId) => ({ searchResultId }));
      const job = await run(runResearch(client, newResearchJob('contacts', targets, { skipDeduplicationCheck: true }), { waitForResults: false }));
      const s = summarize(job);
      expect(s.pending).toBe(credits);
      expect(s.notResearchedForCredits).toBe(rows - credits);
      job.items.forEach((item, i) => expect(item.outcome).toBe(i < credits ? 'pending' : 'error'));
      expect(job.items[rows - 1].message).toMatch(/credits/i);
      expect(job.items[rows - 1].message).toMatch(/ran out before this item/);
      expect(s.note).toMatch(new RegExp(`^${rows - credits} of ${rows} items were not researched because the research credits ran out`));
      const orgs = (await (await fetch(`${sandbox.admin}/orgs`)).json()) as { handle: string; credits: number }[];
      expect(orgs.find((o) => o.handle === 'A')!.credits).toBe(0);
      // Refused requests accepted nothing; at most a few extra requests find the covered part.
      const byStatus = await submits();
      expect(byStatus['202']).toBeLessThanOrEqual(Math.ceil(credits / 500) + 1);
      expect(byStatus['422']).toBeLessThanOrEqual(2);
    },
    60_000,
  );

  it('with no credit at all, nothing is accepted and every item says why', async () => {
    await setCredits(0);
    const job = await run(
      runResearch(
        client,
        newResearchJob(
          'contacts',
          searchIds.slice(0, 30).map((searchResultId) => ({ searchResultId })),
          { skipDeduplicationCheck: true },
        ),
        { waitForResults: false },
      ),
    );
    expect(summarize(job)).toMatchObject({ pending: 0, notResearchedForCredits: 30 });
  });
});
