import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { executeNode } from './harness';
import { admin, countOf, requestCounts, sandboxWithCredentials } from './setup';
import { researchFoundContacts } from './research-params';

/** Research across items: one job per execution, as few submits as the batch limit allows, paired output. */
let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;

beforeAll(async () => {
  env = await sandboxWithCredentials({ contacts: 3000, config: { credits: { A: 100_000 }, research: { queuedMs: 50, researchingMs: 150 } } });
});
afterAll(async () => env.sandbox.close());

async function searchRows(count: number, offsetPage = 1): Promise<IDataObject[]> {
  const out = await executeNode({
    parameters: { resource: 'contacts', operation: 'search', returnAll: false, limit: count, additionalFields: offsetPage > 1 ? { seniority: 'Manager' } : {} },
    credentials: env.credentials,
  });
  return out.map((i) => i.json);
}

function research(items: IDataObject[], extra: IDataObject = {}, continueOnFail = false) {
  return executeNode({
    parameters: {
      ...researchFoundContacts,
      ...extra,
    },
    items: items.map((json) => ({ json })),
    credentials: env.credentials,
    continueOnFail,
  });
}

async function credits(): Promise<number> {
  const orgs = await admin<{ handle: string; credits: number }[]>(env.sandbox, 'GET', '/orgs');
  return orgs.find((o) => o.handle === 'A')!.credits;
}

it('1,200 input items go out in 3 submits and 12 polls per sweep; each output item is paired to its input', async () => {
  const rows = await searchRows(1200);
  expect(rows).toHaveLength(1200);
  await admin(env.sandbox, 'DELETE', '/requests');
  const before = await credits();
  const out = await research(rows);
  const counts = await requestCounts(env.sandbox);
  expect(countOf(counts, 'POST /v1/contacts/research')).toBe(3);
  // Every poll asks for up to 100 ids: at least one sweep of 12.
  expect(countOf(counts, 'GET /v1/contacts/research/poll') % 12).toBe(0);
  expect(out).toHaveLength(1200);
  out.forEach((item, i) => {
    expect(item.pairedItem).toEqual({ item: i });
    expect(item.json.searchResultId).toBe(rows[i].searchResultId);
    // A person the organization researched recently, or one named twice in a request, comes back as a duplicate.
    expect(['done', 'duplicate']).toContain(item.json.status);
    if (item.json.status === 'done') expect((item.json.contact as IDataObject).apiResearchId).toBe(item.json.requestId);
    else expect((item.json.contact as IDataObject).contactId).toEqual(expect.any(String));
  });
  const done = out.filter((o) => o.json.status === 'done').length;
  expect(done).toBeGreaterThan(1100);
  // One credit per researched person; duplicates are free.
  expect(before - (await credits())).toBe(done);
}, 60_000);

it('duplicates are reported with the earlier record, cost nothing, and are not resubmitted', async () => {
  const rows = (await searchRows(1200)).slice(0, 3);
  const before = await credits();
  await admin(env.sandbox, 'DELETE', '/requests');
  const out = await research(rows);
  expect(out.map((o) => o.json.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
  expect(out.every((o) => (o.json.contact as IDataObject).contactId)).toBe(true);
  expect(await credits()).toBe(before);
  const counts = await requestCounts(env.sandbox);
  expect(countOf(counts, 'POST /v1/contacts/research')).toBe(1);
});

it('without Wait for Results: one item per input with its requestId, status queued', async () => {
  const rows = await searchRows(5, 2);
  const out = await research(rows, { waitForResults: false });
  expect(out.map((o) => o.json.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);
  expect(new Set(out.map((o) => o.json.requestId)).size).toBe(5);
  expect(out.map((o) => o.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
});

it('Maximum Credits refuses the run before anything is sent', async () => {
  const rows = (await searchRows(40, 2)).slice(20);
  await admin(env.sandbox, 'DELETE', '/requests');
  const error = await research(rows, { researchOptions: { maxCredits: 10 } }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NodeOperationError);
  expect((error as NodeOperationError).message).toMatch(/20 items could spend up to 20 credits, more than the maximum of 10/);
  expect((error as NodeOperationError).description).toMatch(/Raise the maximum credits/);
  expect(countOf(await requestCounts(env.sandbox), 'POST /v1/contacts/research')).toBe(0);
});

it('research by details; a row without enough details fails alone under Continue on Fail', async () => {
  const out = await executeNode({
    parameters: {
      resource: 'contacts',
      operation: 'research',
      researchBy: 'details',
      contact: { contactName: '={{ $json.name }}', companyName: '={{ $json.company }}' },
      waitForResults: true,
    },
    items: [{ json: { name: 'Ana Lima', company: 'Acme' } }, { json: { name: 'Nobody', company: '' } }, { json: { name: 'Raj Patel', company: 'Globex' } }],
    credentials: env.credentials,
    continueOnFail: true,
  });
  expect(out.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
  expect(out[1].json.error).toMatch(/needs one of: Full Name with Company Name or Company Domain/);
  expect(out[0].json.outcome).toEqual(expect.stringMatching(/done|not-found/));
  expect(out[2].json.requestId).toEqual(expect.any(String));
});

it('without Continue on Fail, the invalid row stops the run with its item index and nothing is sent', async () => {
  await admin(env.sandbox, 'DELETE', '/requests');
  const error = await executeNode({
    parameters: { resource: 'companies', operation: 'research', researchBy: 'details', company: { domain: '={{ $json.domain }}' } },
    items: [{ json: { domain: 'acme.com' } }, { json: { domain: '' } }],
    credentials: env.credentials,
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NodeOperationError);
  expect((error as NodeOperationError).context.itemIndex).toBe(1);
  expect(countOf(await requestCounts(env.sandbox), 'POST /v1/companies/research')).toBe(0);
});

it('an organization out of credits: the service message on the failing items under Continue on Fail', async () => {
  // No credit at all (with 1, the first item is now researched: credits cover what they can, in input order).
  await admin(env.sandbox, 'PUT', '/credits', { org: 'A', balance: 0 });
  try {
    const rows = (await searchRows(60, 2)).slice(40, 43);
    const out = await research(rows, { researchOptions: { skipDeduplicationCheck: true } }, true);
    expect(out).toHaveLength(3);
    for (const item of out) {
      expect(item.json.status).toBe('submit-failed');
      expect(String(item.json.error)).toMatch(/credits/i);
    }
  } finally {
    await admin(env.sandbox, 'PUT', '/credits', { org: 'A', balance: 100_000 });
  }
});

it('polling that fails past its retries keeps what was paid for: each item has its requestId and the reason', async () => {
  const rows = (await searchRows(80, 2)).slice(70, 72);
  await admin(env.sandbox, 'POST', '/faults', { endpoint: 'GET /v1/contacts/research/poll', kind: 'error500', count: 3 });
  try {
    const out = await research(rows);
    expect(out).toHaveLength(2);
    for (const [i, item] of out.entries()) {
      expect(item.pairedItem).toEqual({ item: i });
      expect(item.json.requestId).toEqual(expect.any(String));
      expect(item.json.outcome).toBe('pending');
      expect(String(item.json.error)).toMatch(/Polling stopped/);
    }
  } finally {
    await admin(env.sandbox, 'DELETE', '/faults');
  }
});

it('credits for only the first batch, Continue on Fail off: what was paid for is returned, the refused batch carries the error', async () => {
  const rows = (await searchRows(1200)).slice(0, 600);
  // 500 credits: the first submit (500 items) is accepted, the second (100) is refused for credits.
  await admin(env.sandbox, 'PUT', '/credits', { org: 'A', balance: 500 });
  await admin(env.sandbox, 'DELETE', '/requests');
  try {
    const out = await research(rows, { researchOptions: { skipDeduplicationCheck: true } });
    expect(out).toHaveLength(600);
    expect(out.map((o) => o.pairedItem)).toEqual(rows.map((_, item) => ({ item })));
    expect(countOf(await requestCounts(env.sandbox), 'POST /v1/contacts/research')).toBe(2);
    for (const item of out.slice(0, 500)) {
      expect(item.json.requestId).toEqual(expect.any(String));
      expect(item.json.error).toBeUndefined();
      expect(['done', 'not-found']).toContain(item.json.outcome);
    }
    expect(out.filter((o) => (o.json.contact as IDataObject | null)?.apiResearchId).length).toBeGreaterThan(450);
    for (const item of out.slice(500)) {
      expect(item.json.requestId).toBeNull();
      expect(item.json.status).toBe('submit-failed');
      expect(String(item.json.error)).toMatch(/credits/i);
    }
  } finally {
    await admin(env.sandbox, 'PUT', '/credits', { org: 'A', balance: 100_000 });
  }
}, 60_000);

it('an organization out of credits, Continue on Fail off: nothing was submitted, so the node fails', async () => {
  await admin(env.sandbox, 'PUT', '/credits', { org: 'A', balance: 0 });
  try {
    const rows = (await searchRows(60, 2)).slice(43, 46);
    const error = await research(rows, { researchOptions: { skipDeduplicationCheck: true } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeOperationError);
    expect((error as NodeOperationError).message).toMatch(/credits/i);
    expect((error as NodeOperationError).context.itemIndex).toBe(0);
  } finally {
    await admin(env.sandbox, 'PUT', '/credits', { org: 'A', balance: 100_000 });
  }
});
