/**
 * Duplicates come back with the earlier record (issue 23): when the earlier research of the same person is in the
 * same run, or still running from another, the service's duplicate answer has no record yet. The node waits for it
 * within the run's time limit; what is still missing then says why, in `recordMissing`.
 */
import type { IDataObject } from 'n8n-workflow';
import { executeNode } from './harness';
import { sandboxWithCredentials } from './setup';
import { researchFoundContacts } from './research-params';

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;

beforeAll(async () => {
  env = await sandboxWithCredentials({ contacts: 3000, config: { credits: { A: 100_000 }, research: { queuedMs: 300, researchingMs: 4500 } } });
});
afterAll(async () => env.sandbox.close());

async function searchRows(count: number, seniority: string): Promise<IDataObject[]> {
  const out = await executeNode({
    parameters: { resource: 'contacts', operation: 'search', returnAll: false, limit: count, additionalFields: { seniority } },
    credentials: env.credentials,
  });
  return out.map((i) => i.json);
}

const research = (rows: IDataObject[], extra: IDataObject = {}) =>
  executeNode({ parameters: { ...researchFoundContacts, ...extra }, items: rows.map((json) => ({ json })), credentials: env.credentials });

it('the same person twice in one run: the duplicate carries the record the first one found', async () => {
  const rows = await searchRows(30, 'Manager');
  const out = await research([...rows, ...rows.slice(0, 20)]);
  const duplicates = out.filter((o) => o.json.status === 'duplicate');
  expect(duplicates.length).toBeGreaterThanOrEqual(20);
  for (const d of duplicates) {
    expect(d.json.contact).toEqual(expect.objectContaining({ contactId: expect.any(String) }));
    expect(d.json).not.toHaveProperty('recordMissing');
  }
  // Paired to its own item, with the same record as the original of its search result.
  out.slice(30).forEach((item, k) => {
    expect(item.pairedItem).toEqual({ item: 30 + k });
    expect((item.json.contact as IDataObject).contactId).toBe((out[k].json.contact as IDataObject).contactId);
  });
}, 60_000);

it('the earlier research still running from another run: the duplicate waits for it and carries its record', async () => {
  const rows = await searchRows(15, 'Director');
  const first = await research(rows, { waitForResults: false });
  expect(first.every((o) => typeof o.json.requestId === 'string')).toBe(true);
  const out = await research(rows);
  expect(out.every((o) => o.json.status === 'duplicate')).toBe(true);
  for (const d of out) expect(d.json.contact).toEqual(expect.objectContaining({ contactId: expect.any(String) }));
}, 60_000);

it('when the time limit ends first, the duplicate says why it has no record', async () => {
  const rows = await searchRows(5, 'VP');
  await research(rows, { waitForResults: false });
  const out = await research(rows, { researchOptions: { timeLimitSeconds: 3 } });
  for (const d of out) {
    expect(d.json.status).toBe('duplicate');
    expect(d.json.contact).toBeNull();
    expect(d.json.recordMissing).toMatch(/earlier research of this person was still running when the time limit ended/);
  }
}, 60_000);
