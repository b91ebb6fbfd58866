/**
 * Issue 14, "Queue mode": n8n 2.x with EXECUTIONS_MODE=queue, one main and two workers, PostgreSQL and Redis started
 * here on loopback ports (scripts/n8n/queue/), the package installed as users install it. Four executions at once,
 * each researching 600 contacts with Wait for Results, one organization and one API key, the sandbox at 2 requests
 * per 5 s window per endpoint: every process paces on its own and they all share the org's budget.
 * Checks: every item of every execution finishes, credits spent = unique contacts researched, no execution gives up
 * while the reset is within its time limit; prints requests and 429s per window beside the limit, and the wall time.
 * Runs under CI always and locally with N8N_QUEUE_E2E=1 (test/n8n-e2e/queue/gate.ts says why).
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { e2eVersions, majorOf, packN8nPackage } from '../../scripts/n8n/runner';
import { createQueueCluster, type QueueCluster, type QueueWorker } from '../../scripts/n8n/queue/cluster';
import { missingServices } from '../../scripts/n8n/queue/services';
import { setUpOwner, signIn, waitFor, waitForEndedExecutions, type N8nRest } from './n8n-rest';
import { queueE2eSkipReason } from './queue/gate';
import { rateTable, type WindowRow } from './queue/rate-table';
import { QUEUE_WEBHOOK_PATH, queueResearchWorkflow, RESEARCH_NODE } from './queue/workflow';

const RUNS = 4;
const CONTACTS_PER_RUN = 600;
const WINDOW_MS = 5000;
const LIMIT = 2;
const WORKERS = 2;
const CREDITS = RUNS * CONTACTS_PER_RUN + 1000;
const WORKFLOW_ID = 'queueResearch001';

const versions = e2eVersions().filter((v) => majorOf(v) >= 2);
const skipReason = queueE2eSkipReason() ?? (versions.length ? undefined : `N8N_E2E_VERSIONS names no 2.x (${e2eVersions().join(', ')})`);
if (skipReason) process.stderr.write(`queue-mode.test.ts skipped: ${skipReason}\n`);
const e2e = skipReason ? describe.skip : describe;

interface ResearchRow {
  searchResultId?: string;
  requestId?: string;
  status?: string;
  outcome?: string;
  error?: string;
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function adminGet<T>(sandbox: RunningSandbox, path: string): Promise<T> {
  return (await (await fetch(`${sandbox.admin}${path}`)).json()) as T;
}

it('the queue-mode test says when and why it is skipped', () => {
  expect(queueE2eSkipReason({ CI: 'true' })).toBeUndefined();
  expect(queueE2eSkipReason({ N8N_QUEUE_E2E: '1' })).toBeUndefined();
  expect(queueE2eSkipReason({})).toMatch(/N8N_QUEUE_E2E=1/);
  expect(queueE2eSkipReason({ CI: 'true', SKIP_N8N_E2E: '1' })).toBe('SKIP_N8N_E2E=1');
});

// jest refuses `.each([])` even when skipped: with no 2.x named, the skipped block gets one placeholder row.
e2e.each(versions.length ? versions : ['(no 2.x)'])(
  'n8n %s in queue mode: main + 2 workers, 4 executions researching 600 contacts each on one rate budget',
  (version) => {
    let sandbox: RunningSandbox;
    let cluster: QueueCluster;
    let rest: N8nRest;
    let url: string;
    let workers: QueueWorker[];
    const contacts: string[] = [];

    beforeAll(async () => {
      // Under CI a missing PostgreSQL or Redis fails here, loudly (.ci/run installs them); it is never a silent skip.
      const missing = missingServices();
      if (missing.length) throw new Error(`queue mode needs: ${missing.join('; ')}`);
      sandbox = await startSandbox({
        port: 0,
        log: () => undefined,
        config: { research: { queuedMs: 200, researchingMs: 300 }, credits: { A: CREDITS } },
      });
      // The contacts, found before the limit tightens: RUNS × CONTACTS_PER_RUN distinct search results of org A.
      for (let page = 1; contacts.length < RUNS * CONTACTS_PER_RUN; page++) {
        const search = await postJson(`${sandbox.v2}/search/contacts`, { limit: 500, page }, { Token: sandbox.apiKey });
        if (search.status !== 200) throw new Error(`search page ${page}: ${search.status} ${JSON.stringify(search.body)}`);
        contacts.push(...(search.body.data as { searchResultId: string }[]).map((c) => c.searchResultId));
      }
      contacts.splice(RUNS * CONTACTS_PER_RUN);
      cluster = await createQueueCluster({ version, packageTarball: packN8nPackage(), workers: WORKERS });
      await cluster.home.importCredentials([
        {
          id: 'prospectingQueue1',
          name: 'Prospecting sandbox',
          type: 'prospectingApi',
          data: { apiKey: sandbox.apiKey, baseUrlV1: sandbox.v1, baseUrlV2: sandbox.v2 },
        },
      ]);
      await cluster.home.importWorkflow(queueResearchWorkflow(WORKFLOW_ID, cluster.home.nodeTypePrefix, 'prospectingQueue1', CONTACTS_PER_RUN));
      ({ url, workers } = await cluster.start());
      const owner = { email: 'owner@example.com', password: 'Queue-test-1' };
      await setUpOwner(url, owner);
      rest = await signIn(url, owner);
      await rest.activate(WORKFLOW_ID);
    }, 900_000);

    afterAll(async () => {
      await cluster?.stop();
      await sandbox?.close();
    });

    it('every item of every execution finishes, credits = unique contacts, requests and 429s per window printed', async () => {
      expect(new Set(contacts).size).toBe(RUNS * CONTACTS_PER_RUN);
      // From here on: 2 requests per 5 s window per endpoint for the organization (a PUT also clears the windows and log).
      const limits = await fetch(`${sandbox.admin}/rate-limits`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ windowMs: WINDOW_MS, defaultLimit: LIMIT }),
      });
      expect(limits.status).toBe(200);
      const creditsBefore = (await adminGet<{ handle: string; credits: number }[]>(sandbox, '/orgs')).find((o) => o.handle === 'A')!.credits;

      // Four executions at once: main queues each webhook run in Redis, a worker runs it. A 404 means the production
      // webhook is not registered yet (2.x registers it a moment after activation): nothing ran, so it is sent again.
      const started = Date.now();
      const runs = Array.from({ length: RUNS }, (_, k) => contacts.slice(k * CONTACTS_PER_RUN, (k + 1) * CONTACTS_PER_RUN));
      await Promise.all(
        runs.map((ids) =>
          waitFor('the webhook to take the run', 60_000, async () => {
            const res = await postJson(`${url}/webhook/${QUEUE_WEBHOOK_PATH}`, { contacts: ids.map((searchResultId) => ({ searchResultId })) });
            if (res.status === 404) return undefined;
            if (res.status !== 200) throw new Error(`webhook: ${res.status} ${JSON.stringify(res.body)}`);
            return true;
          }),
        ),
      );

      const executions = await waitForEndedExecutions(rest, WORKFLOW_ID, RUNS, 600_000);
      const wallMs = Date.now() - started;

      // Which worker ran what (each logs the executions it takes off the queue).
      const ranBy = workers.map((w) => executions.filter((e) => new RegExp(`Worker started execution ${e.id} `).test(w.log())).length);
      const rows = await adminGet<WindowRow[]>(sandbox, '/rate-limits/log?org=A');
      const creditsAfter = (await adminGet<{ handle: string; credits: number }[]>(sandbox, '/orgs')).find((o) => o.handle === 'A')!.credits;
      const sandboxJobs = await adminGet<{ searchResultId?: string; status: string }[]>(sandbox, '/research?org=A');

      const outputs = await Promise.all(executions.map(async (e) => (await rest.execution(e.id)).output[RESEARCH_NODE] as ResearchRow[] | undefined));
      const items = outputs.flatMap((o) => o ?? []);
      const unfinished = items.filter((i) => i.error || !i.outcome || ['pending', 'unsubmitted', 'unknown'].includes(i.outcome));
      const outcomes: Record<string, number> = {};
      for (const i of items) outcomes[i.outcome ?? 'none'] = (outcomes[i.outcome ?? 'none'] ?? 0) + 1;
      const researched = new Set(items.filter((i) => i.outcome === 'done').map((i) => i.searchResultId));
      const spent = creditsBefore - creditsAfter;
      const timesSubmitted = new Map<string, number>();
      for (const j of sandboxJobs) if (j.searchResultId) timesSubmitted.set(j.searchResultId, (timesSubmitted.get(j.searchResultId) ?? 0) + 1);

      process.stderr.write(
        `\nqueue mode (n8n ${version}, main + ${WORKERS} workers, ${RUNS} executions × ${CONTACTS_PER_RUN} contacts, ` +
          `limit ${LIMIT} per ${WINDOW_MS / 1000} s window per endpoint, one org, one key):\n` +
          `${rateTable(rows, started)}\n` +
          `executions: ${executions.map((e) => `${e.id} ${e.status}`).join(', ')}; ran by worker: ${ranBy.join(' / ')}\n` +
          `items: ${items.length}, outcomes ${JSON.stringify(outcomes)}, unfinished ${unfinished.length}\n` +
          `credits spent ${spent}, unique contacts researched (done) ${researched.size}, contacts submitted ${timesSubmitted.size} ` +
          `(submitted more than once: ${[...timesSubmitted.values()].filter((n) => n > 1).length})\n` +
          `wall time from the first webhook to the last execution's end: ${(wallMs / 1000).toFixed(1)} s\n`,
      );

      expect(executions).toHaveLength(RUNS);
      expect(executions.filter((e) => e.status !== 'success')).toEqual([]);
      expect(ranBy.reduce((a, b) => a + b, 0)).toBe(RUNS);
      expect(outputs.map((o) => o?.length ?? 0)).toEqual(runs.map(() => CONTACTS_PER_RUN));
      expect(unfinished.slice(0, 3)).toEqual([]);
      expect(spent).toBe(researched.size);
      expect(timesSubmitted.size).toBe(RUNS * CONTACTS_PER_RUN);
      expect([...timesSubmitted.values()].every((n) => n === 1)).toBe(true);
      // The sandbox never let more through than the limit, and the pacers kept 429s to a share of the traffic.
      expect(rows.every((r) => r.allowed <= r.limit)).toBe(true);
    }, 900_000);
  },
);
