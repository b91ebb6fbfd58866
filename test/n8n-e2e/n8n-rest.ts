/**
 * The bits of n8n's internal REST API (/rest, what the editor calls; the same in 1.123 and 2.x for these) the e2e
 * tests read: owner setup, sign-in, workflows, credentials, activation, executions (whose run data n8n stores and
 * serves in the "flatted" format) and the node types the editor loads.
 * 2.x differences met here: executions are listed at most 100 at a time (`limit` 1 to 100) and paged by a cursor
 * (firstId/lastId are refused), and /types/nodes.json needs a signed-in session (the cookie is sent).
 */

export interface Owner {
  email: string;
  password: string;
}

export interface ExecutionSummary {
  id: string;
  workflowId: string;
  mode: string;
  status: string;
}

export interface ExecutionDetail extends ExecutionSummary {
  /** Output items (json only) of each node's last run, by node name. */
  output: Record<string, Record<string, unknown>[]>;
}

export interface N8nRest {
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body: unknown): Promise<T>;
  activate(workflowId: string): Promise<void>;
  executions(workflowId: string): Promise<ExecutionSummary[]>;
  execution(id: string): Promise<ExecutionDetail>;
  /** The node types the editor loads (/types/nodes.json): name and versions. */
  nodeTypes(): Promise<{ name: string; version: number | number[]; displayName: string; documentationUrl?: string }[]>;
  /** The credential types the editor loads (/types/credentials.json). */
  credentialTypes(): Promise<{ name: string; displayName: string; documentationUrl?: string }[]>;
}

/** n8n 2.x refuses a larger page of executions. */
export const EXECUTIONS_PAGE = 100;

/** Creates the instance owner (the editor's "Set up owner account" form) on a fresh n8n. */
export async function setUpOwner(url: string, owner: Owner): Promise<void> {
  const res = await fetch(`${url}/rest/owner/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...owner, firstName: 'Test', lastName: 'Owner' }),
  });
  if (!res.ok) throw new Error(`owner setup: ${res.status} ${await res.text()}`);
}

/** Signs in (no browser-id header, so the session is not tied to one) and returns a client with the cookie. */
export async function signIn(url: string, owner: Owner): Promise<N8nRest> {
  const res = await fetch(`${url}/rest/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 500)}`);
    return (JSON.parse(text) as { data: T }).data;
  };
  // The types the editor loads; 2.x serves them to a signed-in session only (the cookie is sent).
  const typesJson = async <T>(kind: 'nodes' | 'credentials'): Promise<T> => {
    const r = await fetch(`${url}/types/${kind}.json`, { headers: { cookie } });
    if (!r.ok) throw new Error(`GET /types/${kind}.json: ${r.status} ${(await r.text()).slice(0, 300)}`);
    return (await r.json()) as T;
  };
  const rest: N8nRest = {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    // What the editor's Active toggle does; n8n answers 400 with the reason when the trigger fails to start.
    async activate(workflowId) {
      const wf = await rest.get<{ versionId: string }>(`/rest/workflows/${workflowId}`);
      await rest.post(`/rest/workflows/${workflowId}/activate`, { versionId: wf.versionId });
    },
    // A page of at most 100 at a time. 2.x answers with a `nextCursor` (and refuses firstId/lastId). 1.x pages by id
    // range, but only when given both ends: with no status filter and not both firstId and lastId it answers the
    // editor's view instead (running ones, then finished ones by start time, not by id), where paging below the
    // smallest id of a page skips any execution that started out of id order. So 1.x pages `firstId=0&lastId=…`.
    async executions(workflowId) {
      const filter = encodeURIComponent(JSON.stringify({ workflowId }));
      const list = (more: string) =>
        rest.get<{ results: ExecutionSummary[]; nextCursor?: string | null }>(`/rest/executions?filter=${filter}&limit=${EXECUTIONS_PAGE}${more}`);
      const summary = ({ id, workflowId: wid, mode, status }: ExecutionSummary) => ({ id: String(id), workflowId: wid, mode, status });
      const all: ExecutionSummary[] = [];
      let page = await list('');
      if ('nextCursor' in page) {
        for (;;) {
          all.push(...page.results.map(summary));
          if (!page.nextCursor) return all;
          page = await list(`&cursor=${encodeURIComponent(page.nextCursor)}`);
        }
      }
      for (let below = Number.MAX_SAFE_INTEGER; ;) {
        page = await list(`&firstId=0&lastId=${below}`);
        all.push(...page.results.map(summary));
        if (page.results.length < EXECUTIONS_PAGE) return all;
        below = Math.min(...page.results.map((e) => Number(e.id)));
      }
    },
    nodeTypes: () => typesJson('nodes'),
    credentialTypes: () => typesJson('credentials'),
    async execution(id) {
      const e = await rest.get<ExecutionSummary & { data: string }>(`/rest/executions/${id}`);
      const data = parseFlatted(e.data) as { resultData: { runData: Record<string, { data?: { main?: { json: Record<string, unknown> }[][] } }[]> } };
      const output: ExecutionDetail['output'] = {};
      for (const [node, runs] of Object.entries(data.resultData.runData)) {
        output[node] = (runs[runs.length - 1]?.data?.main?.[0] ?? []).map((item) => item.json);
      }
      return { id: String(e.id), workflowId: e.workflowId, mode: e.mode, status: e.status, output };
    },
  };
  return rest;
}

/**
 * Reads n8n's stored execution data ("flatted": a JSON array whose first entry is the root; inside
 * objects and arrays every string is the index of the entry holding the value, so shared and cyclic
 * references survive). Top-level string entries are the real strings.
 */
export function parseFlatted(text: string): unknown {
  const input = JSON.parse(text) as unknown[];
  const revived = new Set<object>();
  const revive = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null || revived.has(value)) return value;
    revived.add(value);
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (typeof record[key] === 'string') record[key] = revive(input[Number(record[key])]);
    }
    return value;
  };
  return revive(input[0]);
}

/** Polls `check` every 250 ms until it returns a value other than undefined, or fails after `ms`. */
export async function waitFor<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Execution statuses n8n does not change again. */
const ENDED = new Set(['success', 'error', 'crashed', 'canceled']);

/** "1990 listed: success 1985, running 3, new 2 (not ended: 12, 15, ...)": what a timed-out wait last saw. */
function describeExecutions(all: ExecutionSummary[]): string {
  const byStatus = new Map<string, number>();
  for (const e of all) byStatus.set(e.status, (byStatus.get(e.status) ?? 0) + 1);
  const open = all.filter((e) => !ENDED.has(e.status)).map((e) => e.id);
  const counts = [...byStatus].map(([status, n]) => `${status} ${n}`).join(', ');
  return `${all.length} listed: ${counts}${open.length ? ` (not ended: ${open.slice(0, 10).join(', ')}${open.length > 10 ? ', ...' : ''})` : ''}`;
}

/**
 * Waits until at least `count` executions of the workflow are listed and every one has ended, listing every 2 s.
 * A timeout says what the last listing held, then `explain()` (say, n8n's own errors from its log).
 */
export async function waitForEndedExecutions(rest: N8nRest, workflowId: string, count: number, ms: number, explain = () => ''): Promise<ExecutionSummary[]> {
  let seen = 'none listed yet';
  return waitFor(`${count} finished executions`, ms, async () => {
    const all = await rest.executions(workflowId);
    if (all.length >= count && all.every((e) => ENDED.has(e.status))) return all;
    seen = describeExecutions(all);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return undefined;
  }).catch((err: Error) => {
    throw new Error(`${err.message}; last listing: ${seen}${explain()}`);
  });
}

/**
 * n8n 2.x registers an activated workflow's production webhooks a moment after the activation call has returned (its
 * first POST can still get 404 "not registered"); 1.x before. Waits until `url` answers anything but 404. The probe
 * is an empty POST without a secret, which the Prospecting Webhook Trigger refuses (401) without running anything.
 */
export async function waitForWebhook(url: string, ms = 30_000): Promise<void> {
  await waitFor(`${url} to be registered`, ms, async () => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await res.text();
    return res.status === 404 ? undefined : true;
  });
}
