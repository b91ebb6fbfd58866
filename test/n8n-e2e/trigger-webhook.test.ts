/**
 * The two trigger examples in a real n8n server (`n8n start`, on each version of N8N_E2E_VERSIONS: 1.123.x and 2.x)
 * with the package installed as users install it (npm pack into the home's .n8n/nodes/) and an in-process sandbox:
 * - trigger-research-webhook.json: active; the sandbox delivers each finished research to its production
 *   URL with the shared secret; every research runs the workflow exactly once with the record, a delivery
 *   repeated later runs nothing, a wrong or missing secret is answered 401. Checked in n8n's stored
 *   executions (REST, n8n-rest.ts). Two deliveries of one research at the same instant run it once.
 * - trigger-new-contacts.json (polling): `n8n execute` refuses a workflow that starts with a polling
 *   trigger, so it is activated through the editor's API (n8n starts the poll and would answer 400 if it
 *   could not) and left to run: its every-minute poll picks up the contacts researched here.
 * - log-calls-from-webhook.json: active; a phone system's POST to its webhook logs the call at the sandbox once.
 * Set SKIP_N8N_E2E=1 to skip.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { createN8nHome, e2eVersions, ensureN8n, packN8nPackage, type N8nHome, type N8nServer } from '../../scripts/n8n/runner';
import { setUpOwner, signIn, waitFor, waitForWebhook, type N8nRest } from './n8n-rest';

const SKIP = process.env.SKIP_N8N_E2E === '1';
const e2e = SKIP ? describe.skip : describe;
const PACKAGE = path.resolve(__dirname, '../../n8n-nodes');
const EXAMPLES = path.join(PACKAGE, 'examples');

interface Workflow {
  id: string;
  nodes: { type: string; webhookId?: string; parameters: Record<string, unknown> }[];
}

/** Read as shipped: the installed package has the community-package type names the examples use. */
function loadExample(file: string): Workflow {
  return JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as Workflow;
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

e2e.each(e2eVersions())('trigger examples in a real n8n %s server', (version) => {
  const webhookWf = loadExample('trigger-research-webhook.json');
  const pollWf = loadExample('trigger-new-contacts.json');
  const callsWf = loadExample('log-calls-from-webhook.json');
  const trigger = webhookWf.nodes.find((n) => n.type === 'n8n-nodes-prospecting.prospectingWebhookTrigger')!;
  const secret = trigger.parameters.secret as string;
  let sandbox: RunningSandbox;
  let home: N8nHome;
  let server: N8nServer;
  let rest: N8nRest;
  let hookUrl: string;
  const researched = new Map<string, string>(); // apiResearchId -> contactId

  beforeAll(async () => {
    await ensureN8n(version);
    sandbox = await startSandbox({
      port: 0,
      log: () => undefined,
      config: { research: { queuedMs: 200, researchingMs: 300 }, webhooks: { backoffBaseMs: 200 } },
    });
    home = await createN8nHome({ version, packageTarball: packN8nPackage() });
    await home.importCredentials([
      {
        id: 'prospectingSandbox1',
        name: 'Prospecting sandbox',
        type: 'prospectingApi',
        data: { apiKey: sandbox.apiKey, baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2 },
      },
    ]);
    // One import command for both (each CLI command boots n8n: ~5 s).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-trigger-examples-'));
    fs.writeFileSync(path.join(dir, 'webhook.json'), JSON.stringify(webhookWf));
    fs.writeFileSync(path.join(dir, 'poll.json'), JSON.stringify(pollWf));
    fs.writeFileSync(path.join(dir, 'calls.json'), JSON.stringify(callsWf));
    const imported = await home.run(['import:workflow', '--separate', `--input=${dir}`]);
    fs.rmSync(dir, { recursive: true, force: true });
    if (imported.code !== 0) throw new Error(`import:workflow failed:\n${imported.stdout}${imported.stderr}`);

    server = await home.startServer();
    const owner = { email: 'owner@example.com', password: 'Trigger-test-1' };
    await setUpOwner(server.url, owner);
    rest = await signIn(server.url, owner);
    await rest.activate(webhookWf.id);
    hookUrl = `${server.url}/webhook/${trigger.webhookId}/prospecting`;
    await waitForWebhook(hookUrl);
  }, 600_000);

  afterAll(async () => {
    await home?.cleanup();
    await sandbox?.close();
  });

  it('a wrong or missing secret is refused with 401 and runs nothing', async () => {
    const record = { apiResearchId: 'cr_forged', contactId: '1', name: 'Forged' };
    const wrong = await postJson(hookUrl, record, { 'X-Webhook-Secret': `${secret}x`, 'X-Webhook-Event': 'contact-researched' });
    expect(wrong.status).toBe(401);
    const missing = await postJson(hookUrl, record, { 'X-Webhook-Event': 'contact-researched' });
    expect(missing.status).toBe(401);
    // A secret registered wrongly on the service side: every attempt of the sandbox's delivery is refused.
    const reg = await postJson(`${sandbox.admin}/webhooks`, { org: 'A', url: hookUrl, secret: 'not-the-secret' });
    expect(reg.status).toBe(200);
    const search = await postJson(`${sandbox.v2}/search/contacts`, { seniority: ['VP'], department: ['Engineering'], limit: 1 }, { Token: sandbox.apiKey });
    const submit = await postJson(
      `${sandbox.v1}/contacts/research`,
      { searchResultIds: (search.body.data as { searchResultId: string }[]).map((c) => c.searchResultId) },
      { Token: sandbox.apiKey },
    );
    expect(submit.status).toBe(202);
    const [requestId] = submit.body.requestIds as string[];
    const failed = await waitFor('the delivery to fail', 30_000, async () => {
      await fetch(`${sandbox.v1}/contacts/research/poll?requestIds=${requestId}`, { headers: { Token: sandbox.apiKey } });
      const all = (await (await fetch(`${sandbox.admin}/webhooks/deliveries`)).json()) as {
        webhookId: string;
        state: string;
        attempts: { status: number | null }[];
      }[];
      return all.find((d) => d.webhookId === reg.body.webhookId && d.state === 'failed');
    });
    expect(failed.attempts.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    await fetch(`${sandbox.admin}/webhooks/${reg.body.webhookId as string}`, { method: 'DELETE' });
    expect(await rest.executions(webhookWf.id)).toEqual([]);
  }, 60_000);

  it('a body that is not a record (null, an array, a string, a number, an empty object) is 400 and runs nothing', async () => {
    for (const raw of ['null', '[{"contactId":"1","apiResearchId":"cr_arr"}]', '"text"', '42', '{}']) {
      const res = await fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Webhook-Secret': secret }, body: raw });
      expect([raw, res.status]).toEqual([raw, 400]);
      await res.text();
    }
    expect(await rest.executions(webhookWf.id)).toEqual([]);
  }, 60_000);

  it('each research the sandbox delivers runs the workflow once, with the record', async () => {
    const reg = await postJson(`${sandbox.admin}/webhooks`, { org: 'A', url: hookUrl, secret });
    expect(reg.status).toBe(200);
    const search = await postJson(`${sandbox.v2}/search/contacts`, { seniority: ['VP'], department: ['Sales'], limit: 3 }, { Token: sandbox.apiKey });
    const ids = (search.body.data as { searchResultId: string }[]).map((c) => c.searchResultId);
    expect(ids).toHaveLength(3);
    const submit = await postJson(`${sandbox.v1}/contacts/research`, { searchResultIds: ids }, { Token: sandbox.apiKey });
    expect(submit.status).toBe(202);
    const requestIds = submit.body.requestIds as string[];

    // Plain HTTP: poll the research until every contact is done (this also settles the jobs).
    const done = await waitFor('research done', 30_000, async () => {
      const r = await fetch(`${sandbox.v1}/contacts/research/poll?requestIds=${requestIds.join(',')}`, { headers: { Token: sandbox.apiKey } });
      const data = ((await r.json()) as { data: { requestId: string; status: string; contact?: { contactId: string } }[] }).data;
      return data.every((d) => d.status === 'done') ? data : undefined;
    });
    for (const d of done) researched.set(d.requestId, d.contact!.contactId);

    const deliveries = await waitFor('deliveries', 30_000, async () => {
      const all = (await (await fetch(`${sandbox.admin}/webhooks/deliveries`)).json()) as { webhookId: string; apiResearchId: string; state: string }[];
      const mine = all.filter((d) => d.webhookId === reg.body.webhookId);
      return mine.length === 3 && mine.every((d) => d.state === 'delivered') ? mine : undefined;
    });
    expect(deliveries.map((d) => d.apiResearchId).sort()).toEqual([...requestIds].sort());
    await fetch(`${sandbox.admin}/webhooks/${reg.body.webhookId as string}`, { method: 'DELETE' });

    const executions = await waitFor('3 executions', 30_000, async () => {
      const list = await rest.executions(webhookWf.id);
      return list.length >= 3 && list.every((e) => e.status !== 'running' && e.status !== 'new') ? list : undefined;
    });
    expect(executions).toHaveLength(3);
    const recorded = [];
    for (const e of executions) {
      expect(e).toMatchObject({ mode: 'webhook', status: 'success' });
      const detail = await rest.execution(e.id);
      expect(detail.output['Record Researched Record']).toHaveLength(1);
      recorded.push(detail.output['Record Researched Record'][0]);
    }
    expect(recorded.map((r) => r.researchId).sort()).toEqual([...requestIds].sort());
    for (const r of recorded) {
      expect(r).toMatchObject({ event: 'contact-researched', contactId: researched.get(r.researchId as string) });
      expect(r.name).toEqual(expect.any(String));
      expect(r.email).toMatch(/@/);
    }
  }, 120_000);

  /** Researches `body` (search filters) through the sandbox; resolves once the research is done. */
  async function research(filters: Record<string, unknown>): Promise<{ requestId: string; contactId: string }[]> {
    const search = await postJson(`${sandbox.v2}/search/contacts`, filters, { Token: sandbox.apiKey });
    const submit = await postJson(
      `${sandbox.v1}/contacts/research`,
      { searchResultIds: (search.body.data as { searchResultId: string }[]).map((c) => c.searchResultId) },
      { Token: sandbox.apiKey },
    );
    expect(submit.status).toBe(202);
    const requestIds = submit.body.requestIds as string[];
    return waitFor('research done', 30_000, async () => {
      const r = await fetch(`${sandbox.v1}/contacts/research/poll?requestIds=${requestIds.join(',')}`, { headers: { Token: sandbox.apiKey } });
      const data = ((await r.json()) as { data: { requestId: string; status: string; contact?: { contactId: string } }[] }).data;
      return data.every((d) => d.status === 'done') ? data.map((d) => ({ requestId: d.requestId, contactId: d.contact!.contactId })) : undefined;
    });
  }

  /** Waits until the sandbox reports every delivery to the given registrations delivered. */
  async function delivered(webhookIds: unknown[], count: number): Promise<void> {
    await waitFor(`${count} deliveries`, 30_000, async () => {
      const all = (await (await fetch(`${sandbox.admin}/webhooks/deliveries`)).json()) as { webhookId: string; state: string }[];
      const mine = all.filter((d) => webhookIds.includes(d.webhookId));
      return mine.length === count && mine.every((d) => d.state === 'delivered') ? mine : undefined;
    });
  }

  async function settledExecutions(count: number) {
    return waitFor(`${count} finished executions`, 30_000, async () => {
      const list = await rest.executions(webhookWf.id);
      return list.length >= count && list.every((e) => e.status !== 'running' && e.status !== 'new') ? list : undefined;
    });
  }

  async function runsPerResearch(): Promise<Map<string, number>> {
    const perResearch = new Map<string, number>();
    for (const e of await rest.executions(webhookWf.id)) {
      const id = (await rest.execution(e.id)).output['Record Researched Record'][0].researchId as string;
      perResearch.set(id, (perResearch.get(id) ?? 0) + 1);
    }
    return perResearch;
  }

  it('a repeated delivery (the service retrying later) does not run the workflow again', async () => {
    const reg = await postJson(`${sandbox.admin}/webhooks`, { org: 'A', url: hookUrl, secret });
    const before = (await rest.executions(webhookWf.id)).length;
    const [one] = await research({ seniority: ['Director'], department: ['Finance'], limit: 1 });
    await delivered([reg.body.webhookId], 1);
    await fetch(`${sandbox.admin}/webhooks/${reg.body.webhookId as string}`, { method: 'DELETE' });
    await settledExecutions(before + 1);
    const again = await postJson(
      hookUrl,
      { apiResearchId: one.requestId, contactId: one.contactId, name: 'Repeat' },
      { 'X-Webhook-Secret': secret, 'X-Webhook-Event': 'contact-researched' },
    );
    expect(again).toEqual({ status: 200, body: { received: true, duplicate: true } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await rest.executions(webhookWf.id)).toHaveLength(before + 1);
    expect((await runsPerResearch()).get(one.requestId)).toBe(1);
  }, 60_000);

  // n8n saves static data only when a run ends, so the node also claims each research id in process memory
  // before any await: of two copies arriving together, only one runs the workflow.
  it('the same research delivered twice at once runs the workflow once', async () => {
    const regs = await Promise.all([1, 2].map(() => postJson(`${sandbox.admin}/webhooks`, { org: 'A', url: hookUrl, secret })));
    const done = await research({ seniority: ['Director'], department: ['Marketing'], limit: 2 });
    await delivered(
      regs.map((r) => r.body.webhookId),
      4,
    );
    for (const r of regs) await fetch(`${sandbox.admin}/webhooks/${r.body.webhookId as string}`, { method: 'DELETE' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await settledExecutions(0);
    const per = await runsPerResearch();
    expect(done.map((d) => per.get(d.requestId))).toEqual([1, 1]);
  }, 60_000);

  it('log-calls-from-webhook.json: each call a phone system posts is logged once at the service', async () => {
    await rest.activate(callsWf.id);
    const org = (await (
      await fetch(`${sandbox.v1}/contacts?startDate=2020-01-01T00:00:00Z&endDate=2030-01-01T00:00:00Z&limit=1`, { headers: { Token: sandbox.apiKey } })
    ).json()) as {
      data: { contactId: string }[];
    };
    const contactId = org.data[0].contactId;
    const call = { contactId, dispositionId: 1, durationSeconds: 95, endedAt: '2026-11-20T10:00:00Z', to: '+1 555 010 0100', notes: 'Booked a demo' };
    // n8n 2.x registers the activated webhook a moment after activation: a 404 ran nothing, so posting again is safe.
    const posted = await waitFor('the log-call webhook to be registered', 30_000, async () => {
      const r = await postJson(`${server.url}/webhook/log-call`, call);
      return r.status === 404 ? undefined : r;
    });
    expect(posted.status).toBe(200);
    const logged = await waitFor('the call logged', 30_000, async () => {
      const r = await fetch(`${sandbox.v2}/activity?contactId=${contactId}`, { headers: { Token: sandbox.apiKey } });
      const events = ((await r.json()) as { data: { type: string; callId: string | null }[] }).data.filter((e) => e.type === 'call.logged');
      return events.length ? events : undefined;
    });
    expect(logged).toHaveLength(1);
    const executions = await waitFor('the execution', 30_000, async () => {
      const list = await rest.executions(callsWf.id);
      return list.length && list.every((e) => e.status !== 'running' && e.status !== 'new') ? list : undefined;
    });
    expect(executions).toHaveLength(1);
    expect(executions[0]).toMatchObject({ mode: 'webhook', status: 'success' });
    const detail = await rest.execution(executions[0].id);
    expect(detail.output['Log Call'][0]).toMatchObject({ contactId, callDispositionId: 1, durationMs: 95000, callId: logged[0].callId });
  }, 60_000);

  it('trigger-new-contacts.json is accepted, activated, and its poll emits the contacts researched above', async () => {
    await rest.activate(pollWf.id); // 400 with the reason if n8n could not start the poll
    const activatedAt = Date.now();
    expect(await rest.get<string[]>('/rest/active-workflows')).toEqual(expect.arrayContaining([webhookWf.id, pollWf.id]));
    // everyMinute: n8n's cron fires once a minute (at a random second). The first poll looks back 24 h, so
    // it finds the contacts researched in the tests above; an execution is stored only when it finds any.
    const runs = await waitFor('a finished poll execution', 75_000, async () => {
      const list = await rest.executions(pollWf.id);
      return list.length && list.every((e) => e.status !== 'running' && e.status !== 'new') ? list : undefined;
    });
    expect(Date.now() - activatedAt).toBeLessThan(75_000);
    expect(runs[0]).toMatchObject({ mode: 'trigger', status: 'success' });
    const detail = await rest.execution(runs[0].id);
    const contacts = detail.output['New Saved Contacts'];
    const kept = detail.output['Keep Name and Email'];
    expect(contacts.map((c) => c.contactId)).toEqual(expect.arrayContaining([...researched.values()]));
    expect(kept).toHaveLength(contacts.length);
    kept.forEach((item, i) => expect(item).toEqual({ name: contacts[i].fullName, email: contacts[i].email }));
  }, 120_000);
});
