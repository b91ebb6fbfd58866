/**
 * Issue 21, point 1: a research poll answer is read item by item. An item without a status or a request id (both
 * optional as published) is that item's error, named by its request id or its position; the other items of the
 * answer go on. Every field of a poll item reaches the job's item, and a record of an unexpected shape is kept.
 */
import { createClient, newResearchJob, runResearch, runSync, type HttpRequest } from '../../shared';
import { json, scriptedHost } from '../support/scripted-host';

const client = () => createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0, settings: { pollIntervalMs: 2000 } });
const contact = (id: string) => ({ contactId: id, email: `${id}@example.com`, apiResearchId: id });

function run(pollData: (ids: string[]) => unknown) {
  const host = scriptedHost((req: HttpRequest) => {
    if (req.method === 'POST') {
      const body = JSON.parse(req.body ?? '{}') as { searchResultIds: string[] };
      return json(202, { success: true, requestIds: body.searchResultIds.map((_, i) => `r${i + 1}`) }, { 'x-publicapi-credits': '100' });
    }
    const ids = decodeURIComponent(new URL(req.url).searchParams.get('requestIds') ?? '').split(',');
    return json(200, pollData(ids));
  });
  const job = newResearchJob('contacts', [{ searchResultId: 's1' }, { searchResultId: 's2' }, { searchResultId: 's3' }]);
  return runSync(runResearch(client(), job, { waitForResults: true, timeLimitMs: 60_000 }), host.sync);
}

it('an item without a status is its own error; the finished items keep their records', () => {
  const done = run(() => ({
    success: true,
    data: [
      { requestId: 'r1', status: 'done', contact: contact('c1') },
      { requestId: 'r2', message: 'odd' },
      { requestId: 'r3', status: 'done', contact: contact('c3') },
    ],
  }));
  expect(done.lastError ?? null).toBeNull();
  expect(done.items.map((i) => i.outcome)).toEqual(['done', 'error', 'done']);
  expect(done.items[0].record).toMatchObject({ contactId: 'c1' });
  expect(done.items[2].record).toMatchObject({ contactId: 'c3' });
  expect(done.items[1].message).toMatch(/request r2.*no status/);
});

it('an item without a request id is placed by its position, or named by it when it is malformed', () => {
  const done = run(() => ({
    data: [{ requestId: 'r1', status: 'done', contact: contact('c1') }, { status: 'done', contact: contact('c2') }, { note: 'nothing else' }],
  }));
  expect(done.items.map((i) => i.outcome)).toEqual(['done', 'done', 'error']);
  expect(done.items[1].record).toMatchObject({ contactId: 'c2' });
  expect(done.items[2].message).toMatch(/item 3 of the answer \(request r3/);
});

it('an item that is not even an object fails alone', () => {
  const done = run(() => ({ data: [{ requestId: 'r1', status: 'done', contact: contact('c1') }, null, 'garbled'] }));
  expect(done.items.map((i) => i.outcome)).toEqual(['done', 'error', 'error']);
  expect(done.items[1].message).toMatch(/item 2 of the answer.*not an object/);
});

it('an answer without data reports no item: the ids count as left out, nothing throws', () => {
  const done = run(() => ({ success: true }));
  expect(done.lastError ?? null).toBeNull();
  expect(done.items.every((i) => i.status === 'missing')).toBe(true);
});

it('keeps every field of the poll item (searchResultId, additionalData, unknown ones)', () => {
  const done = run((ids) => ({
    data: ids.map((id, k) => ({ requestId: id, searchResultId: `s${k + 1}`, status: 'done', additionalData: { score: k }, extra: 'x', contact: contact(id) })),
  }));
  expect(done.items[1].serviceFields).toEqual({ searchResultId: 's2', additionalData: { score: 1 }, extra: 'x' });
});

it('keeps a paid record of an unexpected shape as it came, never null', () => {
  const done = run(() => ({
    data: [
      { requestId: 'r1', status: 'done', contact: 'Jane Doe, CTO' },
      { requestId: 'r2', status: 'done', contact: [contact('c2')] },
      { requestId: 'r3', status: 'done', contact: contact('c3') },
    ],
  }));
  expect(done.items[0].recordAsSent).toBe('Jane Doe, CTO');
  expect(JSON.parse(done.items[1].recordAsSent ?? 'null')).toEqual([contact('c2')]);
  expect(done.items[2].recordAsSent).toBeUndefined();
});
