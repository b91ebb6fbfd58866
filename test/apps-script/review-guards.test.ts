/**
 * Review findings: sidebar functions refused from a cell, custom functions never refreshing an OAuth token,
 * and enrichment never submitting a row twice (overlapping starts, a run cut mid-submit).
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { signIn } from './oauth';
import { addOnHarness, admin, connect, countOf, creditsOf, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;

beforeAll(async () => {
  sb = await startSandbox({ research: { queuedMs: 200, researchingMs: 600 } });
  await admin(sb, 'PATCH', '/orgs/A', { maxActiveContactsFeature: true });
}, 120_000);
afterAll(async () => sb?.stop());

const RESEARCH = 'POST /v1/contacts/research';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Progress = { jobId: string; total: number; unknown: number; pending: number; unsubmitted: number; complete: boolean };

describe('sidebar functions from a cell', () => {
  let h: Harness;
  beforeAll(async () => {
    h = addOnHarness({ user: 'owner@example.com', sheets: ['Leads'] });
    await connect(h, sb);
  }, 60_000);
  afterAll(async () => h?.close());

  test('sendDraft, createList, startEnrichment and scheduledRun called as custom functions are refused and send nothing', async () => {
    const lists = ((await h.run('getLists')) as unknown[]).length;
    const credits = await creditsOf(sb);
    const before = await requestCounts(sb);
    const logged = h.http.log.length;
    h.workbook.setActiveRange('Leads!A1:A3');
    for (const [fn, args] of [
      ['sendDraft', ['70001']],
      ['createList', ['x']],
      ['startEnrichment', [1]],
      ['sendEmail', [{ to: 'a@example.com' }]],
      ['connectApiKey', ['pk_x']],
      ['disconnect', []],
    ] as const) {
      await expect(h.callCustomFunction(fn, ...args)).rejects.toThrow(`${fn}: This runs from the sidebar only`);
    }
    await expect(h.callCustomFunction('scheduledRun', 'x')).rejects.toThrow(/from the hourly trigger only/);
    await expect(h.callCustomFunction('scheduledRun')).rejects.toThrow(/from the hourly trigger only/);
    // Not one request left the script, the service counted none, and the credential is still there.
    expect(h.http.log.length).toBe(logged);
    expect(await requestCounts(sb)).toEqual(before);
    expect(await creditsOf(sb)).toBe(credits);
    expect(h.properties.user().all()['pds.auth']).toBeDefined();
    // From the sidebar they still run.
    await h.run('createList', 'from the sidebar');
    expect(((await h.run('getLists')) as unknown[]).length).toBe(lists + 1);
  }, 60_000);
});

describe('custom functions and an OAuth token that needs refreshing', () => {
  let h: Harness;
  beforeAll(async () => {
    h = addOnHarness({ user: 'rep@example.com' });
    await h.run('saveConnectionSettings', { baseUrlV1: sb.info.v1, baseUrlV2: sb.info.v2, authUrl: sb.info.auth });
    const { authorizeUrl } = (await h.run('beginOAuthConnection', sb.info.oauth.clientId, sb.info.oauth.clientSecret)) as { authorizeUrl: string };
    const { code, state } = await signIn(sb, authorizeUrl);
    expect(((await h.callback(state, { code })) as { content: string }).content).toContain('Connected');
  }, 60_000);
  afterAll(async () => h?.close());

  const stored = () => h.properties.user().all()['pds.oauth.token'];
  const tokenRequests = () => h.http.log.filter((e) => e.url.includes('/oauth/accessToken')).length;

  test('an expiring token: the cell asks for the sidebar, no token request is sent, and the sidebar still refreshes', async () => {
    expect(await h.callCustomFunction('PDS_CREDITS')).toEqual([['balance'], [expect.any(Number)]]);
    const token = stored();
    const refreshes = tokenRequests();
    // Three hours and a bit later, on both clocks: the access token has expired.
    await admin(sb, 'POST', '/clock', { advanceMs: 10_900_000 });
    h.clock.advance(10_900_000);
    const logged = h.http.log.length;
    await expect(h.callCustomFunction('PDS_LISTS')).rejects.toThrow('The sign-in needs renewing: open the sidebar and press Test connection');
    expect(h.http.log.length).toBe(logged);
    expect(tokenRequests()).toBe(refreshes);
    expect(stored()).toBe(token);
    // The owner's connection is intact: the sidebar refreshes and stores the rotated pair.
    expect(await h.run('testConnection')).toMatchObject({ email: sb.info.user.email });
    expect(tokenRequests()).toBe(refreshes + 1);
    expect(stored()).not.toBe(token);
    expect(await h.callCustomFunction('PDS_CONTACT_STATUSES')).toEqual(expect.any(Array));
  }, 60_000);

  test('a fresh token the service refuses (401): the cell does not refresh either', async () => {
    const token = stored();
    await admin(sb, 'POST', '/oauth/revoke', { token: (JSON.parse(token) as { accessToken: string }).accessToken });
    const refreshes = tokenRequests();
    await expect(h.callCustomFunction('PDS_SAVED_SEARCHES', 'contacts')).rejects.toThrow('The sign-in needs renewing');
    expect(tokenRequests()).toBe(refreshes);
    expect(stored()).toBe(token);
    await h.run('testConnection');
    expect(stored()).not.toBe(token);
  }, 60_000);
});

describe('enrichment never submits a row twice', () => {
  let h: Harness;
  beforeAll(async () => {
    h = addOnHarness({ user: 'rep@example.com', sheets: ['Leads'] });
    await connect(h, sb);
    await h.run('importSearch', { kind: 'contacts', filters: 'seniority=Director', limit: 20, sheetName: 'Rows' });
  }, 60_000);
  afterAll(async () => h?.close());

  async function pollToEnd(jobId: string): Promise<Progress> {
    let p = (await h.run('pollEnrichment', jobId)) as Progress;
    for (let i = 0; i < 30 && !p.complete; i++) {
      await sleep(2100);
      p = (await h.run('pollEnrichment', jobId)) as Progress;
    }
    return p;
  }

  test('a second start over rows of an enrichment still running submits nothing; the rows say queued at once', async () => {
    h.workbook.setActiveRange('Rows!A2:A7');
    expect(await h.run('previewEnrichment')).toMatchObject({ items: 6, inProgress: 0 });
    const started = (await h.run('startEnrichment', 6)) as Progress;
    expect(started).toMatchObject({ total: 6, unsubmitted: 0 });
    const values = h.workbook.mustSheet('Rows').values();
    const status = values[0].indexOf('PDS status');
    const requestId = values[0].indexOf('PDS requestId');
    expect(values.slice(1, 7).every((r) => /^(queued|researching|done|not found|duplicate)/.test(String(r[status])) && String(r[requestId]) !== '')).toBe(true);
    const submitted = countOf(await requestCounts(sb), RESEARCH);
    const credits = await creditsOf(sb);
    // The same rows and two more, before the first finished: only the two new rows can go.
    h.workbook.setActiveRange('Rows!A2:A9');
    expect(await h.run('previewEnrichment')).toMatchObject({ items: 2, inProgress: 6 });
    h.workbook.setActiveRange('Rows!A2:A7');
    expect(await h.run('previewEnrichment')).toMatchObject({ items: 0, inProgress: 6 });
    await expect(h.run('startEnrichment', 6)).rejects.toThrow(/Nothing to research/);
    expect(countOf(await requestCounts(sb), RESEARCH)).toBe(submitted);
    expect(await creditsOf(sb)).toBe(credits);
    expect(await pollToEnd(started.jobId)).toMatchObject({ complete: true });
    expect(countOf(await requestCounts(sb), RESEARCH)).toBe(submitted);
  }, 120_000);

  test("the hourly run firing during the sidebar's submit leaves that job alone: one submit, rows queued, none unknown", async () => {
    h.workbook.setActiveRange('Rows!A16:A18');
    expect(await h.run('previewEnrichment')).toMatchObject({ items: 3 });
    const submitted = countOf(await requestCounts(sb), RESEARCH);
    // A slow submit keeps the sidebar's step (and the document lock) busy while the hourly run fires.
    await admin(sb, 'POST', '/faults', { endpoint: RESEARCH, kind: 'latency', latencyMs: 3000, count: 1 });
    const start = h.run('startEnrichment', 3);
    await sleep(800);
    h.clock.advance(3_600_000);
    const runs = await h.fireTriggers();
    expect(runs.map((r) => r.fn)).toContain('scheduledRun');
    const started = (await start) as Progress;
    // One submit in all, and the rows are queued by it, not marked unknown by the run.
    expect(countOf(await requestCounts(sb), RESEARCH)).toBe(submitted + 1);
    expect(started).toMatchObject({ total: 3, unknown: 0, unsubmitted: 0 });
    expect(await pollToEnd(started.jobId)).toMatchObject({ complete: true, unknown: 0 });
  }, 120_000);

  test('a run cut mid-submit: its rows are neither started again nor resubmitted when it resumes', async () => {
    h.workbook.setActiveRange('Rows!A12:A14');
    expect(await h.run('previewEnrichment')).toMatchObject({ items: 3 });
    const submitted = countOf(await requestCounts(sb), RESEARCH);
    await admin(sb, 'POST', '/faults', { endpoint: RESEARCH, kind: 'latency', latencyMs: 6000, count: 1 });
    const cut = await h.execute({ kind: 'run', fn: 'startEnrichment', args: [3], timeLimitMs: 3000 });
    expect(cut.timedOut).toBe(true);
    await sleep(4000); // the service answers the cut request after all
    const after = countOf(await requestCounts(sb), RESEARCH);
    expect(after).toBe(submitted + 1);
    // The sheet says nothing about those rows yet, but the open job holds them.
    expect(await h.run('previewEnrichment')).toMatchObject({ items: 0, inProgress: 3 });
    await expect(h.run('startEnrichment', 3)).rejects.toThrow(/Nothing to research/);
    const jobIds = h.workbook
      .mustSheet('_pds_jobs')
      .values()
      .map((r) => String(r[0]).slice(1))
      // A job's head row is keyed by its id; its parts' rows by `id#part` (job-parts.ts).
      .filter((key) => !key.includes('#'));
    expect(jobIds.length).toBe(1);
    const end = await pollToEnd(jobIds[0]);
    // Resumed: the interrupted submit is settled as unknown, never sent again.
    expect(end).toMatchObject({ complete: true, unknown: 3 });
    expect(countOf(await requestCounts(sb), RESEARCH)).toBe(after);
    const values = h.workbook.mustSheet('Rows').values();
    const status = values[0].indexOf('PDS status');
    expect(values.slice(11, 14).map((r) => r[status])).toEqual([
      'unknown: check before retrying',
      'unknown: check before retrying',
      'unknown: check before retrying',
    ]);
    // And the sheet keeps them out of later enrichments.
    expect(await h.run('previewEnrichment')).toMatchObject({ items: 0, inProgress: 3 });
  }, 120_000);
});
