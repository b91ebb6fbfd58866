/**
 * Issue 33: two people press Start on the same sheet at once (both previewed the same rows). The second is told whose
 * run has the rows and since when, not "Nothing to research: no row qualifies", and nothing is sent for them twice.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, connect, countOf, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;
const FIRST = 'rep@example.com';
const SECOND = 'colleague@example.com';

beforeAll(async () => {
  // Research stays under way for a minute: the first run still has the rows when the second Start comes.
  sb = await startSandbox({ research: { queuedMs: 60_000, researchingMs: 60_000 } });
  h = addOnHarness({ user: FIRST, sheets: ['Leads'] });
  await connect(h, sb);
  await connect(h, sb, {}, SECOND);
  const leads = h.workbook.mustSheet('Leads');
  [
    ['Name', 'Company'],
    ['Ann Lee', 'Acme'],
    ['Bo Chen', 'Globex'],
  ].forEach((line, r) => line.forEach((value, c) => leads.setCell(r, c, { value })));
  h.workbook.setActiveRange('Leads!A1');
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

test('the second Start says whose run has the rows and since when, and sends nothing', async () => {
  const request = { kind: 'contacts', fields: ['title'], scope: 'sheet' };
  const first = (await h.runAs(FIRST, 'previewSheetEnrichment', request)) as { items: number };
  const second = (await h.runAs(SECOND, 'previewSheetEnrichment', request)) as { items: number };
  expect([first.items, second.items]).toEqual([2, 2]);
  await h.runAs(FIRST, 'startSheetEnrichment', request, 2);
  const posts = countOf(await requestCounts(sb), 'POST /v1/contacts/research');
  const refused = (await h.runAs(SECOND, 'startSheetEnrichment', request, 2).catch((e: unknown) => e)) as Error;
  expect(refused.message).toMatch(
    /^These rows are under way in the enrichment of rep@example\.com, started \d{4}-\d{2}-\d{2} \d{2}:\d{2}\. Nothing was sent: wait for it to finish, or select other rows\.$/,
  );
  expect(refused.message).not.toMatch(/no row qualifies/);
  expect(countOf(await requestCounts(sb), 'POST /v1/contacts/research')).toBe(posts);
  // The first person pressing Start again is told it is their own run.
  const own = (await h.runAs(FIRST, 'startSheetEnrichment', request, 2).catch((e: unknown) => e)) as Error;
  expect(own.message).toMatch(/^These rows are under way in your own enrichment, started /);
}, 120_000);
