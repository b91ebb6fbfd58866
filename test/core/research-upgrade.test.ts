import { createClient, runSync, runResearch, summarize, type HttpRequest, type ResearchJob } from '../../shared';
import { upgradeResearchJob } from '../../shared/flow/research-upgrade';
import { json, rateHeaders, scriptedHost } from '../support/scripted-host';

/**
 * A job saved by the previous version (Sheets' job store, a core checkpoint) has items without `phase`: their
 * state was mixed into `status` and `outcome`. It must still load and resume, sending nothing twice.
 */
const v1Item = (searchResultId: string, rest: Record<string, unknown>) => ({
  target: { searchResultId },
  requestId: null,
  message: null,
  record: null,
  ...rest,
});
const savedV1 = {
  version: 1,
  kind: 'contacts',
  options: {},
  items: [
    v1Item('never-sent', { status: 'unsubmitted', outcome: 'unsubmitted' }),
    v1Item('cut-mid-request', { status: 'submitting', outcome: 'unsubmitted' }),
    v1Item('accepted', { requestId: 'old1', status: 'queued', outcome: 'pending' }),
    v1Item('researching', { requestId: 'old2', status: 'researching', outcome: 'pending', missedPolls: 0 }),
    v1Item('finished', { requestId: 'old3', status: 'done', outcome: 'done', record: { contactId: 'c3' } }),
    v1Item('no-credits', { status: 'submit-failed', outcome: 'error', errorCode: 'insufficientCredits', message: 'out of credits' }),
    v1Item('maybe-accepted', { status: 'submit-unknown', outcome: 'unknown', message: 'maybe' }),
    v1Item('given-up', { requestId: 'old4', status: 'missing', outcome: 'error', missedPolls: 3 }),
    v1Item('service-missing', { requestId: 'old5', status: 'missing', outcome: 'error' }),
  ],
};

describe('a version 1 research job (before phase) loads and resumes', () => {
  it('each old status and outcome becomes its phase, the service status text in its own field', () => {
    const job = upgradeResearchJob(JSON.parse(JSON.stringify(savedV1)) as ResearchJob);
    expect(job.version).toBe(2);
    expect(job.items.map((i) => [i.phase, i.serviceStatus])).toEqual([
      ['unsubmitted', null],
      ['submitting', null],
      ['submitted', 'queued'],
      ['submitted', 'researching'],
      ['finished', 'done'],
      ['failed', null],
      ['unknown', null],
      ['finished', null],
      ['finished', 'missing'],
    ]);
    // The old fields stay as they were: outputs keep showing them.
    expect(job.items.map((i) => i.outcome)).toEqual(savedV1.items.map((i) => (i as { outcome?: string }).outcome));
    // A current job, and what is no job at all, are handed back untouched.
    expect(upgradeResearchJob(job)).toBe(job);
    expect(upgradeResearchJob('garbage')).toBe('garbage');
  });

  it('resumes it: only the never-sent item is submitted, the cut one is settled unknown, pending ids are polled', () => {
    const submitted: string[][] = [];
    const polled: string[][] = [];
    const host = scriptedHost((req: HttpRequest, now: number) => {
      const reset = Math.floor(now / 1000) + 60;
      if (req.method === 'POST') {
        const ids = (JSON.parse(req.body ?? '{}') as { searchResultIds: string[] }).searchResultIds;
        submitted.push(ids);
        return json(202, { success: true, requestIds: ids.map((_, k) => `new${k}`) }, rateHeaders(60, 59, reset, 500));
      }
      const ids = new URL(req.url).searchParams.get('requestIds')!.split(',');
      polled.push(ids);
      const data = ids.map((requestId) => ({ requestId, status: 'done', message: null, contact: { contactId: requestId } }));
      return json(200, { success: true, data }, rateHeaders(60, 59, reset));
    });
    const client = createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0, settings: { pollIntervalMs: 2000 } });
    const saved = JSON.parse(JSON.stringify(savedV1)) as ResearchJob;
    const job = runSync(runResearch(client, saved, { waitForResults: true }), host.sync);
    expect(submitted).toEqual([['never-sent']]);
    expect(polled.flat().sort()).toEqual(['new0', 'old1', 'old2']);
    expect(job.items.map((i) => i.phase)).toEqual(['finished', 'unknown', 'finished', 'finished', 'finished', 'failed', 'unknown', 'finished', 'finished']);
    expect(summarize(job)).toMatchObject({ done: 4, unknown: 2, complete: true, notResearchedForCredits: 1 });
  });

  it('refuses an old item it cannot read, naming it, before anything is sent', () => {
    const host = scriptedHost([]);
    const client = createClient({ auth: { type: 'apiKey', apiKey: 'k' }, settings: { pollIntervalMs: 2000 } });
    const broken = { ...savedV1, items: [v1Item('x', { status: 'queued', outcome: 'sideways' })] } as unknown as ResearchJob;
    expect(() => runSync(runResearch(client, broken, { waitForResults: false }), host.sync)).toThrow(/items\[0\]\.phase must be one of/);
    expect(host.log).toHaveLength(0);
  });
});
