/**
 * Issue 24: an org larger than one cell can read (30 s, here a rate limit of 1 request per 3 s) is indexed in parts:
 * each cell that takes the build on goes on where the last one stopped, no page is read twice, and once built every
 * cell is answered from the index.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, connect, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;
const SAVED = 6000;

beforeAll(async () => {
  sb = await startSandbox({ seed: { orgContacts: SAVED }, rateLimit: { windowMs: 3000, defaultLimit: 1 } });
  h = addOnHarness({ user: 'owner@example.com' });
  await connect(h, sb);
}, 120_000);

afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

test('the index is built over several cells, each page read once, then every key is answered', async () => {
  const from = h.http.log.length;
  const answers: string[] = [];
  for (let i = 0; i < 8 && answers[answers.length - 1] !== '10001'; i++) {
    const r = await h.execute({ kind: 'custom', fn: 'PDS_LOOKUP_CONTACT', args: ['10001', 'contactId', 365, false] });
    answers.push(r.ok ? String((r.value as unknown[][])[0][0]) : String(r.error?.message));
  }
  // More than one cell was needed, and the ones before said so in the short message.
  expect(answers.length).toBeGreaterThan(1);
  expect(answers[answers.length - 1]).toBe('10001');
  for (const a of answers.slice(0, -1)) expect(a).toBe('Still reading your saved records for the look-up; recalculate in a minute.');
  const pages = h.http.log.slice(from).filter((c) => c.url.includes('/v1/contacts'));
  expect(pages.filter((c) => c.status === 429)).toHaveLength(0);
  // No page read twice: every (window slice, page) asked once.
  const asked = pages.map((c) => {
    const q = new URL(c.url).searchParams;
    return `${q.get('startDate')}|${q.get('endDate')}|${q.get('page')}`;
  });
  expect(new Set(asked).size).toBe(asked.length);
  expect(pages.length).toBeLessThanOrEqual(2 * (Math.floor(SAVED / 500) + 1));
  // Built: another key is answered with no request.
  const before = h.http.log.length;
  await expect(h.callCustomFunction('PDS_LOOKUP_CONTACT', '13999', 'contactId', 365, false)).resolves.toEqual([['13999']]);
  expect(h.http.log.length).toBe(before);
}, 400_000);
