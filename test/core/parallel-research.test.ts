/**
 * Issue 13: research submits of one run and the poll sweep go out side by side. Submits are sent together only
 * while the credit balance the service last reported covers them all, so which items get the credits still
 * follows the input order; the poll sweep asks for every pending id at once, 100 per request.
 */
import { advanceResearch, createClient, newResearchJob, runSync, summarize, type HttpRequest, type SyncHost } from '../../shared';
import { json, rateHeaders, scriptedHost } from '../support/scripted-host';

function server(startCredits: number) {
  let n = 0;
  let credits = startCredits;
  const responder = (req: HttpRequest, now: number) => {
    const reset = Math.floor(now / 1000) + 60;
    if (req.method === 'POST') {
      const ids = (JSON.parse(req.body ?? '{}') as { searchResultIds: string[] }).searchResultIds;
      credits -= ids.length;
      return json(202, { success: true, requestIds: ids.map(() => `r${++n}`) }, rateHeaders(60, 59, reset, credits));
    }
    const ids = new URL(req.url).searchParams.get('requestIds')!.split(',');
    const data = ids.map((requestId) => ({ requestId, status: 'done', message: null, contact: { contactId: requestId } }));
    return json(200, { success: true, data }, rateHeaders(60, 59, reset));
  };
  return responder;
}

/** The scripted host with a fetchAll that records how many requests each batch carried. */
function withBatches(sync: SyncHost) {
  const batches: number[] = [];
  const host: SyncHost = { ...sync, fetchAll: (requests) => (batches.push(requests.length), requests.map((r) => sync.fetch(r))) };
  return { host, batches };
}

const client = () => createClient({ auth: { type: 'apiKey', apiKey: 'k' }, settings: { researchBatchLimit: 10, parallelRequests: 10 } });
const targets = (n: number) => Array.from({ length: n }, (_, i) => ({ searchResultId: `s${i}` }));

test('submits: the first alone, then the rest side by side once the reported balance covers them', () => {
  const { host, batches } = withBatches(scriptedHost(server(1000)).sync);
  const step = runSync(advanceResearch(client(), newResearchJob('contacts', targets(45))), host);
  expect(batches).toEqual([1, 4]);
  expect(summarize(step.job)).toMatchObject({ pending: 45, unsubmitted: 0 });
  // Request ids pair with items in input order.
  expect(step.job.items.map((i) => i.requestId)).toEqual(Array.from({ length: 45 }, (_, i) => `r${i + 1}`));
});

test('submits: a balance that covers only some of the requests sends only those together (input order keeps the credits)', () => {
  const { host, batches } = withBatches(scriptedHost(server(30)).sync);
  const step = runSync(advanceResearch(client(), newResearchJob('contacts', targets(35))), host);
  // 30 credits: 10 alone (20 left), then 10 + 10 (0 left), then the last 5 alone.
  expect(batches).toEqual([1, 2, 1]);
  expect(summarize(step.job)).toMatchObject({ pending: 35 });
});

test('the poll sweep asks for every pending id at once, 100 per request, side by side', () => {
  const scripted = scriptedHost(server(10_000));
  const { host, batches } = withBatches(scripted.sync);
  const c = createClient({ auth: { type: 'apiKey', apiKey: 'k' }, settings: { parallelRequests: 10 } });
  const submitted = runSync(advanceResearch(c, newResearchJob('contacts', targets(950))), host).job;
  batches.length = 0;
  const polled = runSync(advanceResearch(c, submitted, { lastPollAt: null }), host);
  expect(polled.did).toBe('poll');
  expect(batches).toEqual([10]);
  expect(summarize(polled.job)).toMatchObject({ done: 950, complete: true });
});
