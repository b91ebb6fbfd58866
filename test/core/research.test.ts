import { createClient, newResearchJob, runAsync, runSync, runResearch, summarize, CreditsError, type HttpRequest, type ResearchJob } from '../../shared';
import { sampleOrgContact } from '../../shared/records/test-fixtures';
import { json, networkFailure, rateHeaders, scriptedHost } from '../support/scripted-host';

/**
 * A scripted research service: ids `r<n>` per submitted item; an item is done `latencyMs` after its
 * submit; `dup:` search ids are duplicates at once. Optional fault hooks per request number.
 */
function researchServer(options: { latencyMs?: number; faults?: Record<number, () => ReturnType<typeof json>>; pollCap?: number } = {}) {
  const latency = options.latencyMs ?? 5_000;
  const jobs = new Map<string, { at: number; searchResultId: string | null; duplicate: boolean }>();
  let n = 0;
  let requestNo = 0;
  const submits: number[] = [];
  const polls: number[] = [];
  const responder = (req: HttpRequest, now: number) => {
    requestNo++;
    const fault = options.faults?.[requestNo];
    if (fault) return fault();
    const reset = Math.floor(now / 1000) + 60;
    if (req.method === 'POST' && req.url.endsWith('/research')) {
      const body = JSON.parse(req.body ?? '{}') as { searchResultIds?: string[]; contacts?: unknown[] };
      const items = body.searchResultIds ?? body.contacts ?? [];
      submits.push(items.length);
      const requestIds = items.map((item) => {
        const id = `r${++n}`;
        const sid = typeof item === 'string' ? item : null;
        jobs.set(id, { at: now, searchResultId: sid, duplicate: Boolean(sid?.startsWith('dup:')) });
        return id;
      });
      return json(202, { success: true, requestIds }, rateHeaders(60, 59, reset, 1000 - n));
    }
    const ids = new URL(req.url).searchParams.get('requestIds')!.split(',');
    polls.push(ids.length);
    if (ids.length > (options.pollCap ?? 100)) return json(400, { message: 'requestIds: at most 100 ids' });
    const data = ids.map((requestId) => {
      const job = jobs.get(requestId);
      if (!job) return { requestId, searchResultId: null, status: 'missing', message: 'unknown id' };
      if (job.duplicate)
        return {
          requestId,
          searchResultId: job.searchResultId,
          status: 'duplicate',
          message: 'researched recently',
          contact: { ...sampleOrgContact, apiResearchId: 'old' },
        };
      if (now - job.at < latency) return { requestId, searchResultId: job.searchResultId, status: 'researching', message: null };
      return { requestId, searchResultId: job.searchResultId, status: 'done', message: null, contact: { ...sampleOrgContact, apiResearchId: requestId } };
    });
    return json(200, { success: true, data }, rateHeaders(60, 59, reset, 1000 - n));
  };
  return { responder, submits, polls, jobs };
}

const client = () => createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0, settings: { pollIntervalMs: 2000 } });
const targets = (n: number, prefix = 's') => Array.from({ length: n }, (_, i) => ({ searchResultId: `${prefix}${i}` }));

describe('research flow (DESIGN: chunk, submit, remember ids, poll together, input order)', () => {
  it('1200 items: 3 submits (500 per request), polls of at most 100 ids, results in input order', () => {
    const server = researchServer({ latencyMs: 3_000 });
    const host = scriptedHost(server.responder);
    const job = runSync(runResearch(client(), newResearchJob('contacts', targets(1200)), { waitForResults: true }), host.sync);
    expect(server.submits).toEqual([500, 500, 200]);
    expect(Math.max(...server.polls)).toBeLessThanOrEqual(100);
    // One sleep of 2 s is not enough for 3 s latency: two sweeps of 12 polls.
    expect(server.polls).toHaveLength(24);
    const s = summarize(job);
    expect(s).toMatchObject({ total: 1200, done: 1200, pending: 0, complete: true });
    job.items.forEach((item, i) => {
      expect(item.target).toEqual({ searchResultId: `s${i}` });
      expect(item.record?.apiResearchId).toBe(item.requestId);
    });
  });

  it('saves every request id before the first poll (checkpoint after submit)', () => {
    const server = researchServer();
    const host = scriptedHost(server.responder);
    const firstPollAt: { saved?: ResearchJob } = {};
    const sync = {
      ...host.sync,
      fetch: (req: HttpRequest) => {
        if (req.method === 'GET' && !firstPollAt.saved) firstPollAt.saved = JSON.parse(host.store.get('job')!) as ResearchJob;
        return host.sync.fetch(req);
      },
    };
    runSync(runResearch(client(), newResearchJob('contacts', targets(3)), { waitForResults: true, checkpointKey: 'job' }), sync);
    expect(firstPollAt.saved!.items.map((i) => i.requestId)).toEqual(['r1', 'r2', 'r3']);
  });

  it('reports duplicates with the earlier record and never resubmits them', () => {
    const server = researchServer();
    const host = scriptedHost(server.responder);
    const c = client();
    const first = runSync(
      runResearch(c, newResearchJob('contacts', [{ searchResultId: 'dup:1' }, { searchResultId: 's2' }]), { waitForResults: true }),
      host.sync,
    );
    expect(first.items.map((i) => i.outcome)).toEqual(['duplicate', 'done']);
    expect(first.items[0].record).toMatchObject({ apiResearchId: 'old' });
    const again = runSync(runResearch(c, first, { waitForResults: true }), host.sync);
    expect(server.submits).toEqual([2]);
    expect(again.items.map((i) => i.outcome)).toEqual(['duplicate', 'done']);
  });

  it('on a time limit returns what finished plus the pending ids; resuming spends nothing again', () => {
    const server = researchServer({ latencyMs: 20_000 });
    const host = scriptedHost(server.responder);
    const partial = runSync(runResearch(client(), newResearchJob('contacts', targets(250)), { waitForResults: true, timeLimitMs: 7_000 }), host.sync);
    const s = summarize(partial);
    expect(s.complete).toBe(false);
    expect(s.pendingRequestIds).toHaveLength(250);
    const resumed = runSync(runResearch(client(), partial, { waitForResults: true }), host.sync);
    expect(summarize(resumed).done).toBe(250);
    expect(server.submits).toEqual([250]);
  });

  it('without waiting returns request ids only', () => {
    const server = researchServer();
    const host = scriptedHost(server.responder);
    const job = runSync(runResearch(client(), newResearchJob('contacts', targets(2)), { waitForResults: false }), host.sync);
    expect(job.items.map((i) => [i.requestId, i.outcome])).toEqual([
      ['r1', 'pending'],
      ['r2', 'pending'],
    ]);
    expect(server.polls).toHaveLength(0);
  });

  it('a maximum of credits refuses the run before anything is sent', () => {
    const host = scriptedHost([]);
    expect(() => runSync(runResearch(client(), newResearchJob('contacts', targets(10)), { waitForResults: true, maxCredits: 9 }), host.sync)).toThrow(
      CreditsError,
    );
    expect(host.log).toHaveLength(0);
  });

  it('an ambiguous submit failure marks those items unknown and never resubmits them; other chunks go on', () => {
    // Request 1 (first chunk of 500) times out after sending; request 2 (second chunk) succeeds.
    const server = researchServer({ faults: { 1: () => networkFailure('ETIMEDOUT', true) } });
    const host = scriptedHost(server.responder);
    const job = runSync(runResearch(client(), newResearchJob('contacts', targets(600)), { waitForResults: true }), host.sync);
    const s = summarize(job);
    expect(s.unknown).toBe(500);
    expect(s.done).toBe(100);
    expect(job.items[0].message).toMatch(/not sent again/);
    const resumed = runSync(runResearch(client(), job, { waitForResults: true }), host.sync);
    expect(summarize(resumed).unknown).toBe(500);
    expect(server.submits).toEqual([100]);
  });

  it('insufficient credits on a chunk: those and later items carry the reason; earlier results are kept', () => {
    const server = researchServer({
      faults: {
        2: () => json(422, { msg: 'Not enough credits', code: 'insufficientCredits', data: { productCategory: 'research', additionalCreditsNeeded: 40 } }),
      },
    });
    const host = scriptedHost(server.responder);
    const job = runSync(runResearch(client(), newResearchJob('contacts', targets(540)), { waitForResults: true }), host.sync);
    expect(summarize(job)).toMatchObject({ done: 500, error: 40 });
    expect(job.items[539].message).toMatch(/40/);
  });

  it('polls through 429s and 5xx without losing results', () => {
    const reset = () => Math.floor(Date.UTC(2026, 10, 21, 12, 0, 10) / 1000);
    const server = researchServer({
      latencyMs: 1_000,
      faults: { 2: () => json(429, { message: 'slow down', code: 'rateLimitExceeded' }, rateHeaders(60, 0, reset())), 3: () => json(503, { message: 'busy' }) },
    });
    const host = scriptedHost(server.responder);
    const job = runSync(runResearch(client(), newResearchJob('contacts', targets(5)), { waitForResults: true }), host.sync);
    expect(summarize(job).done).toBe(5);
  });

  it('an unknown status is terminal with its text kept', () => {
    const host = scriptedHost([
      json(202, { success: true, requestIds: ['x1'] }),
      json(200, { success: true, data: [{ requestId: 'x1', searchResultId: 's0', status: 'quarantined', message: null }] }),
    ]);
    const job = runSync(runResearch(client(), newResearchJob('contacts', targets(1)), { waitForResults: true }), host.sync);
    expect(job.items[0]).toMatchObject({ outcome: 'error', status: 'quarantined', message: 'quarantined' });
  });

  it('never mixes search results and identifiers in one request', () => {
    const server = researchServer();
    const host = scriptedHost(server.responder);
    runSync(
      runResearch(client(), newResearchJob('contacts', [{ searchResultId: 's1' }, { contact: { email: 'ana@x.test' } }]), { waitForResults: false }),
      host.sync,
    );
    const bodies = host.log.map((r) => JSON.parse(r.body!));
    expect(bodies).toEqual([{ searchResultIds: ['s1'] }, { contacts: [{ email: 'ana@x.test' }] }]);
  });

  it('the async driver gives the same requests as the sync one', async () => {
    const a = scriptedHost(researchServer().responder);
    const b = scriptedHost(researchServer().responder);
    runSync(runResearch(client(), newResearchJob('contacts', targets(120)), { waitForResults: true }), a.sync);
    await runAsync(runResearch(client(), newResearchJob('contacts', targets(120)), { waitForResults: true }), b.async);
    expect(b.log).toEqual(a.log);
  });

  it('a poll failure that outlasts the retries keeps the job: request ids, the error, and a later run finishes it', () => {
    const fail = () => json(500, { message: 'poll broke' });
    const server = researchServer({ latencyMs: 1_000, faults: { 2: fail, 3: fail, 4: fail } });
    const host = scriptedHost(server.responder);
    const job = runSync(runResearch(client(), newResearchJob('contacts', targets(3)), { waitForResults: true }), host.sync);
    expect(job.lastError).toMatchObject({ status: 500, message: expect.stringMatching(/poll broke/) });
    expect(summarize(job).pendingRequestIds).toEqual(['r1', 'r2', 'r3']);
    const resumed = runSync(runResearch(client(), job, { waitForResults: true }), host.sync);
    expect(resumed.lastError).toBeNull();
    expect(summarize(resumed).done).toBe(3);
    expect(server.submits).toEqual([3]);
  });

  it('a run cut while a submit is under way: the next run marks those items unknown and never resubmits them', () => {
    const server = researchServer();
    const host = scriptedHost(server.responder);
    const cut = {
      ...host.sync,
      fetch: () => {
        throw new Error('Exceeded maximum execution time');
      },
    };
    expect(() => runSync(runResearch(client(), newResearchJob('contacts', targets(2)), { waitForResults: true, checkpointKey: 'job' }), cut)).toThrow(
      /maximum execution time/,
    );
    const saved = JSON.parse(host.store.get('job')!) as ResearchJob;
    expect(saved.items.map((i) => i.status)).toEqual(['submitting', 'submitting']);
    const resumed = runSync(runResearch(client(), saved, { waitForResults: true }), host.sync);
    expect(resumed.items.map((i) => i.outcome)).toEqual(['unknown', 'unknown']);
    expect(server.submits).toEqual([]);
  });

  it('an id the service stops reporting is given up after 3 polls instead of polling forever', () => {
    const host = scriptedHost((req) =>
      req.method === 'POST'
        ? json(202, { success: true, requestIds: ['a', 'b'] })
        : json(200, { success: true, data: [{ requestId: 'a', searchResultId: 's0', status: 'done', message: null, contact: sampleOrgContact }] }),
    );
    const job = runSync(runResearch(client(), newResearchJob('contacts', targets(2)), { waitForResults: true }), host.sync);
    expect(job.items.map((i) => [i.outcome, i.status])).toEqual([
      ['done', 'done'],
      ['error', 'missing'],
    ]);
    expect(host.log.filter((r) => r.method === 'GET')).toHaveLength(3);
  });

  it('one request id shared by two items is polled once and fills both', () => {
    const host = scriptedHost((req) =>
      req.method === 'POST'
        ? json(202, { success: true, requestIds: ['same', 'same'] })
        : json(200, { success: true, data: [{ requestId: 'same', searchResultId: null, status: 'done', message: null, contact: sampleOrgContact }] }),
    );
    const job = runSync(runResearch(client(), newResearchJob('contacts', targets(2)), { waitForResults: true }), host.sync);
    expect(job.items.map((i) => i.outcome)).toEqual(['done', 'done']);
    expect(host.log[1].url).toMatch(/requestIds=same$/);
  });

  it('an auth failure on submit stops the run with the reason, leaving the items to submit later', () => {
    const host = scriptedHost([json(401, { message: 'Invalid API key' })]);
    const job = runSync(runResearch(client(), newResearchJob('contacts', targets(2)), { waitForResults: true }), host.sync);
    expect(job.lastError).toMatchObject({ status: 401 });
    expect(summarize(job).unsubmitted).toBe(2);
  });
});
