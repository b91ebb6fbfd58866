/**
 * The poll trigger reads saved records changed in its window page after page. A record edited between two pages
 * leaves its place in the updatedAt order: with plain page+limit the next page then starts one record too far and
 * that record is never emitted (its window is closed for good). Keyset paging by updatedAt reads it.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';
import { pollTrigger } from './harness';
import { admin, sandboxWithCredentials } from './setup';

const SAVED = 700;
let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;

beforeAll(async () => {
  env = await sandboxWithCredentials({ config: { seed: { orgContacts: SAVED }, research: { queuedMs: 5, researchingMs: 10, dedupeWindowMs: 1 } } });
});
afterAll(async () => env.sandbox.close());

interface BetweenPages {
  base: string;
  pages: number;
  close(): Promise<void>;
}

/** A pass-through proxy that runs `edit` once, after the first page of saved contacts was answered and before it is passed on. */
async function proxyEditingAfterFirstPage(target: string, edit: (rows: IDataObject[]) => Promise<void>): Promise<BetweenPages> {
  const proxy: BetweenPages = { base: '', pages: 0, close: () => new Promise((resolve) => server.close(() => resolve())) };
  const server = http.createServer((req, res) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
    void (async () => {
      const answer = await fetch(`${target}${req.url}`, { method: req.method, headers });
      const text = await answer.text();
      if (req.url?.startsWith('/api/v1/contacts?') && answer.ok && ++proxy.pages === 1) await edit((JSON.parse(text) as { data: IDataObject[] }).data);
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(text);
    })().catch((error: Error) => {
      res.writeHead(502);
      res.end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

/** Every saved contact id of organization A, read directly. */
async function savedIds(): Promise<string[]> {
  const ids: string[] = [];
  const end = new Date(Date.now() + 3_600_000).toISOString();
  for (let page = 1; ; page++) {
    const res = await fetch(`${env.sandbox.v1}/contacts?page=${page}&limit=500&startDate=2000-01-01T00:00:00Z&endDate=${end}`, {
      headers: { token: env.sandbox.apiKey },
    });
    const rows = ((await res.json()) as { data: { contactId: string }[] }).data;
    ids.push(...rows.map((r) => r.contactId));
    if (rows.length < 500) return ids;
  }
}

test('a contact edited between two pages of a check: no other contact is skipped, none is emitted twice', async () => {
  const before = await savedIds();
  expect(before).toHaveLength(SAVED);
  let edited = '';
  // Another integration re-researches the first contact of page 1: its updatedAt moves past the check's window.
  const proxy = await proxyEditingAfterFirstPage(env.sandbox.origin, async (rows) => {
    const first = rows[0];
    edited = String(first.contactId);
    const body = { contacts: [{ contactName: first.fullName, companyName: first.company }] };
    const res = await fetch(`${env.sandbox.v1}/contacts/research`, {
      method: 'POST',
      headers: { token: env.sandbox.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(202);
    await new Promise((r) => setTimeout(r, 100));
  });
  try {
    const swap = (url: string) => url.replace(env.sandbox.origin, proxy.base);
    const credentials = { prospectingApi: { apiKey: env.sandbox.apiKey, baseUrlV1: swap(env.sandbox.v1), baseUrlV2: swap(env.sandbox.v2) } };
    const first = await pollTrigger({ parameters: { event: 'newContacts', lookbackHours: 24 * 365 }, credentials, staticData: {} });
    expect(proxy.pages).toBeGreaterThanOrEqual(2);
    const firstIds = first.items!.map((i) => String(i.json.contactId));
    expect(new Set(firstIds).size).toBe(firstIds.length);
    expect(firstIds).toContain(edited);
    // The next check reads the edit (a change after the first check's window) and nothing else.
    const next = await pollTrigger({ parameters: { event: 'newContacts', lookbackHours: 24 * 365 }, credentials, staticData: first.staticData });
    expect(next.items!.map((i) => String(i.json.contactId))).toEqual([edited]);
    // Every contact saved when the first check began was emitted by it.
    expect(before.filter((id) => !firstIds.includes(id))).toEqual([]);
    expect(firstIds).toHaveLength(SAVED);
  } finally {
    await proxy.close();
  }
  const jobs = await admin<{ status: string }[]>(env.sandbox, 'GET', '/research?org=A');
  expect(jobs.length).toBe(1);
}, 60_000);
