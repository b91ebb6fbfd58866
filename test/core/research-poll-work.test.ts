/**
 * Issue 13: a poll sweep indexes the pending ids once per sweep, not again for each answer (10,000 items, 100
 * answers: a million steps per sweep, seen in the CPU profile). Each answer still sees the items as they were
 * pending when it came: an answer naming an id of another request does not undo what that request finished.
 */
import { createClient, newResearchJob, pollSweep, runSync, type ResearchJob } from '../../shared';
import { json, rateHeaders, scriptedHost } from '../support/scripted-host';

const ITEMS = 2_000; // 20 poll answers of 100 ids

function submitted(): ResearchJob {
  const job = newResearchJob(
    'contacts',
    Array.from({ length: ITEMS }, (_, i) => ({ searchResultId: `s${i}` })),
  );
  job.items = job.items.map((item, i) => ({ ...item, phase: 'submitted', requestId: `r${i}`, status: 'queued', outcome: 'pending' }));
  return job;
}

it('an answer that also names an id of another request does not undo what that request already finished', () => {
  const host = scriptedHost((req) => {
    const ids = new URL(req.url).searchParams.get('requestIds')!.split(',');
    // The first request finishes its ids; the second also names r0 again, still researching.
    const data =
      ids[0] === 'r0'
        ? ids.map((requestId) => ({ requestId, status: 'not found', message: 'nobody' }))
        : [...ids, 'r0'].map((requestId) => ({ requestId, status: 'researching', message: null }));
    return json(200, { success: true, data }, rateHeaders(600, 500, 2_000_000_000));
  });
  const client = createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0 });
  const polled = runSync(pollSweep(client, submitted()), host.sync);
  expect(polled.items[0]).toMatchObject({ phase: 'finished', status: 'not found' });
  expect(polled.items[150]).toMatchObject({ phase: 'submitted', status: 'researching' });
});
