/**
 * Issue 13 (memory): a research run keeps no structure that grows with the number of polls. Items stay pending
 * for 40 poll sweeps; after every sweep the run's own state is counted (entries, not heap bytes): the job, the
 * pending ids, the pacer's windows and reservations, the credit state. Poll 3 and poll 40 must count the same.
 */
import { advanceResearch, createClient, newResearchJob, runSync, summarize, type HttpRequest, type ResearchJob, type ResearchStep } from '../../shared';
import { json, rateHeaders, scriptedHost } from '../support/scripted-host';

const ITEMS = 250;
const LATENCY_MS = 81_000; // 40 sweeps 2 s apart before the items finish
const WINDOW_MS = 2_000;

/** A research service whose rate window resets every 2 s (so the pacer meets a new window at every sweep). */
function slowService() {
  const submittedAt = new Map<string, number>();
  let n = 0;
  return (req: HttpRequest, now: number) => {
    const reset = Math.ceil((now + 1) / WINDOW_MS) * (WINDOW_MS / 1000);
    if (req.method === 'POST') {
      const ids = (JSON.parse(req.body ?? '{}') as { searchResultIds: string[] }).searchResultIds.map(() => `r${++n}`);
      for (const id of ids) submittedAt.set(id, now);
      return json(202, { success: true, requestIds: ids }, rateHeaders(60, 59, reset, 100_000 - n));
    }
    const asked = new URL(req.url).searchParams.get('requestIds')!.split(',');
    const data = asked.map((requestId) =>
      now - submittedAt.get(requestId)! < LATENCY_MS
        ? { requestId, status: 'researching', message: null }
        : { requestId, status: 'not found', message: 'nobody by that name' },
    );
    return json(200, { success: true, data }, rateHeaders(60, 55, reset));
  };
}

/** Entries of every structure the run keeps between polls. */
function entries(job: ResearchJob, state: ReturnType<typeof createClient>['state']) {
  const windows = Object.values(state.pacing);
  return {
    items: job.items.length,
    itemFields: job.items.reduce((sum, item) => sum + Object.keys(item).length, 0),
    pendingIds: summarize(job).pendingRequestIds.length,
    jobFields: Object.keys(job).length,
    pacingKeys: Object.keys(state.pacing).length,
    pacingFields: windows.reduce((sum, w) => sum + Object.keys(w).length, 0),
    inFlight: windows.reduce((sum, w) => sum + (w.inFlight ?? 0), 0),
    creditFields: Object.keys(state.credits).length,
  };
}

it('40 polls of pending items: the job, the pending ids, the pacer and the credit state count the same as after 3', () => {
  const client = createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0, settings: { pollIntervalMs: 2000 } });
  const host = scriptedHost(slowService(), { startMs: Date.UTC(2026, 10, 23) });
  const targets = Array.from({ length: ITEMS }, (_, i) => ({ searchResultId: `s${i}` }));
  let job = newResearchJob('contacts', targets);
  let lastPollAt: number | null = host.now();
  const afterPoll: ReturnType<typeof entries>[] = [];
  for (let step = 0; step < 200 && !summarize(job).complete; step++) {
    const next: ResearchStep = runSync(advanceResearch(client, job, { lastPollAt }), host.sync);
    job = next.job;
    if (next.did === 'poll') afterPoll.push(entries(job, client.state));
    else host.sync.sleep(client.settings.pollIntervalMs - (host.now() - (next.lastPollAt ?? 0)));
    lastPollAt = next.lastPollAt;
  }
  expect(summarize(job)).toMatchObject({ complete: true, notFound: ITEMS });
  expect(afterPoll.length).toBeGreaterThanOrEqual(40);
  const pending = afterPoll.slice(0, -1); // the last sweep finished the items
  expect(pending[pending.length - 1]).toEqual(pending[2]);
  expect(pending[2]).toMatchObject({ items: ITEMS, pendingIds: ITEMS, inFlight: 0 });
});
