/**
 * Issue 24: an org larger than one cell can read (30 s, here a rate limit of 1 request per 3 s) is indexed in parts:
 * each cell that takes the build on goes on where the last one stopped, no page is read twice, and once built every
 * cell is answered from the index. A cell whose key the unfinished build has already read answers from it, waiting
 * or building, instead of failing with "still reading".
 */
import { STILL_BUILDING as STILL } from '../../apps-script/src/custom-functions/lookup-index';
import { connectedPerFile } from './setup';
import { orgPagesRead } from './org-pages-read';

const SAVED = 6000;

const env = connectedPerFile({ user: 'owner@example.com', sandbox: { seed: { orgContacts: SAVED }, rateLimit: { windowMs: 3000, defaultLimit: 1 } } });

/** A contact id from the first round the build stored (its chunk `.c0` in the user cache), as soon as there is one. */
async function firstReadKey(): Promise<string> {
  for (;;) {
    const chunk = Object.entries(env.h.cache.user().all()).find(([k]) => k.endsWith('.c0'));
    if (chunk) {
      // key (an email or a contact id) -> the asked fields' row, here [contactId]
      const rows = Object.values(JSON.parse(chunk[1]) as Record<string, unknown[]>);
      return String(rows[Math.floor(rows.length / 2)][0]);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('a cell waiting for the build answers as soon as the build has read its key, before the index is finished', async () => {
  const from = env.h.http.log.length;
  // A key no saved record has: only a finished index may say "(not found)", so this cell builds for its whole part.
  const building = env.h.execute({ kind: 'custom', fn: 'PDS_LOOKUP_CONTACT', args: ['nobody@nowhere.example', 'contactId', 365, false] });
  // A key of the build's first stored round: which records a round holds depends on their times, and how many rounds a
  // part reads depends on the machine's speed, so the key is taken from what the build has read, not guessed.
  const key = await firstReadKey();
  const waiting = await env.h.execute({ kind: 'custom', fn: 'PDS_LOOKUP_CONTACT', args: [key, 'contactId', 365, false] });
  expect(waiting).toMatchObject({ ok: true, value: [[key]] });
  // Answered from what the build had read: the index was not finished.
  expect(Object.keys(env.h.cache.user().all()).some((k) => k.endsWith('.h'))).toBe(false);
  const built = await building;
  // The waiting cell may take the build over once the first part has ended (issue 29: a part lasts 12 s at most), never
  // side by side with it.
  const reads = (id: number) => env.h.http.log.slice(from).filter((c) => c.executionId === id);
  const firstEnd = Math.max(...reads(built.id).map((c) => c.startedAt + c.durationMs));
  expect(reads(waiting.id).filter((c) => c.startedAt < firstEnd)).toEqual([]);
  expect(built).toMatchObject({ ok: true, value: [[STILL]] });
  expect(waiting.durationMs).toBeLessThan(built.durationMs);
}, 120_000);

test('the index is built over several cells, each page read once, then every key is answered', async () => {
  const from = env.h.http.log.length;
  const answers: string[] = [];
  for (let i = 0; i < 8 && (i === 0 || answers[answers.length - 1] === STILL); i++) {
    const r = await env.h.execute({ kind: 'custom', fn: 'PDS_LOOKUP_CONTACT', args: ['nobody@nowhere.example', 'contactId', 365, false] });
    answers.push(r.ok ? String((r.value as unknown[][])[0][0]) : String(r.error?.message));
  }
  // The first test's building cell read a part and said so; the cells here go on from it until the index is built.
  expect(answers[answers.length - 1]).toBe('(not found)');
  for (const a of answers.slice(0, -1)) expect(a).toBe(STILL);
  expect(env.h.http.log.slice(from).filter((c) => c.status === 429)).toHaveLength(0);
  // No page read twice over the whole build (both tests): every (window slice, page) asked once.
  const { calls: pages, asked } = orgPagesRead(env.h.http.log);
  expect(pages.filter((c) => c.status === 429)).toHaveLength(0);
  expect(new Set(asked).size).toBe(asked.length);
  expect(asked.length).toBeLessThanOrEqual(2 * (Math.floor(SAVED / 500) + 1));
  // Built: another key is answered with no request.
  const before = env.h.http.log.length;
  await expect(env.h.callCustomFunction('PDS_LOOKUP_CONTACT', '13999', 'contactId', 365, false)).resolves.toEqual([['13999']]);
  expect(env.h.http.log.length).toBe(before);
}, 400_000);
