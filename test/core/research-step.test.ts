import { advanceResearch, createClient, newResearchJob, runSync, summarize, type HttpRequest, type ResearchJob } from '../../shared';
import { json, rateHeaders, scriptedHost } from '../support/scripted-host';

/**
 * The one research step every target takes (issue 10, "Research is one core step"): it submits what was never
 * submitted within a deadline, or polls once when a poll is due, and nothing else.
 */
function server() {
  let n = 0;
  const submits: number[] = [];
  const polls: number[] = [];
  const responder = (req: HttpRequest, now: number) => {
    const reset = Math.floor(now / 1000) + 60;
    if (req.method === 'POST') {
      const ids = (JSON.parse(req.body ?? '{}') as { searchResultIds: string[] }).searchResultIds;
      submits.push(ids.length);
      return json(202, { success: true, requestIds: ids.map(() => `r${++n}`) }, rateHeaders(60, 59, reset, 1000));
    }
    const ids = new URL(req.url).searchParams.get('requestIds')!.split(',');
    polls.push(ids.length);
    const data = ids.map((requestId) => ({ requestId, status: 'done', message: null, contact: { contactId: requestId } }));
    return json(200, { success: true, data }, rateHeaders(60, 59, reset));
  };
  return { responder, submits, polls };
}

const client = () => createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0, settings: { pollIntervalMs: 2000, researchBatchLimit: 10 } });
const targets = (n: number) => Array.from({ length: n }, (_, i) => ({ searchResultId: `s${i}` }));

describe('advanceResearch: one step within a deadline', () => {
  it('submits every batch in one step, then polls only when a poll is due', () => {
    const s = server();
    const host = scriptedHost(s.responder, { requestMs: 100 });
    const c = client();
    const saved: ResearchJob[] = [];
    const onCheckpoint = (job: ResearchJob) => saved.push(JSON.parse(JSON.stringify(job)) as ResearchJob);
    const first = runSync(advanceResearch(c, newResearchJob('contacts', targets(25)), { onCheckpoint }), host.sync);
    expect(first.did).toBe('submit');
    expect(s.submits).toEqual([10, 10, 5]);
    expect(s.polls).toEqual([]);
    // A checkpoint before each send (its items `submitting`) and after its answers: the first request goes alone
    // (no credit balance known yet), the other two side by side once its answer told a balance that covers them.
    expect(saved).toHaveLength(4);
    expect(saved[2].items.slice(10).every((i) => i.status === 'submitting')).toBe(true);
    expect(saved[0].items.slice(0, 10).every((i) => i.status === 'submitting')).toBe(true);
    expect(summarize(first.job).pending).toBe(25);

    const justPolled = host.now();
    const early = runSync(advanceResearch(c, first.job, { lastPollAt: justPolled }), host.sync);
    expect(early.did).toBe('nothing');
    expect(s.polls).toEqual([]);

    host.sync.sleep(2000);
    const due = runSync(advanceResearch(c, early.job, { lastPollAt: justPolled }), host.sync);
    expect(due.did).toBe('poll');
    expect(due.lastPollAt).toBe(host.now());
    expect(summarize(due.job)).toMatchObject({ done: 25, complete: true });
    expect(runSync(advanceResearch(c, due.job, { lastPollAt: null }), host.sync).did).toBe('nothing');
  });

  it('starts no submit request at or after the deadline: the rest stays unsubmitted for a later step', () => {
    const s = server();
    const host = scriptedHost(s.responder, { requestMs: 1000 });
    // One request at a time, so the deadline falls between two of them.
    const c = createClient({ auth: { type: 'apiKey', apiKey: 'k' }, settings: { researchBatchLimit: 10, parallelRequests: 1 } });
    const deadlineMs = host.now() + 1500;
    const cut = runSync(advanceResearch(c, newResearchJob('contacts', targets(35)), { deadlineMs }), host.sync);
    expect(s.submits).toEqual([10, 10]);
    expect(summarize(cut.job)).toMatchObject({ pending: 20, unsubmitted: 15 });
    const later = runSync(advanceResearch(c, cut.job, { deadlineMs: host.now() + 10_000 }), host.sync);
    expect(later.did).toBe('submit');
    expect(s.submits).toEqual([10, 10, 10, 5]);
    expect(summarize(later.job)).toMatchObject({ pending: 35, unsubmitted: 0 });
  });

  it('polls nothing past the deadline', () => {
    const s = server();
    const host = scriptedHost(s.responder);
    const c = client();
    const submitted = runSync(advanceResearch(c, newResearchJob('contacts', targets(3))), host.sync).job;
    const late = runSync(advanceResearch(c, submitted, { deadlineMs: host.now() }), host.sync);
    expect(late.did).toBe('nothing');
    expect(s.polls).toEqual([]);
  });
});
