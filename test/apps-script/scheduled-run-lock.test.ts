/**
 * Issue 29 part 5: no wait past Google's limits, no raw lock error. A user's action while the scheduled run holds the
 * document answers within 5 s with what is running and when to try again (never "Lock timeout"), the sidebar's poll
 * shows the scheduled run, and a scheduled run whose next request would wait past its budget for the service's rate
 * window ends within that budget, well before Apps Script's 6 minutes.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import type { Cell } from '../apps-script-harness/fakes/spreadsheet-model';
import { addOnHarness, admin, clearOfWindowEdge, connect, countOf, requestCounts, startSandbox } from './setup';

const HOUR = 3_600_000;
const SUBMIT = 'POST /v1/contacts/research';
const BUDGET_MS = 20_000;

function fill(h: Harness, name: string, rows: number): void {
  const sheet = h.workbook.mustSheet(name);
  ['Name', 'Company', 'Email'].forEach((v, c) => sheet.setCell(0, c, { value: v } as Cell));
  for (let r = 1; r <= rows; r++)
    [`Person ${name} ${r}`, `${name} Co ${r}`, `p${r}@${name.toLowerCase()}.example`].forEach((v, c) => sheet.setCell(r, c, { value: v } as Cell));
}

async function startOn(h: Harness, name: string, rows = 3): Promise<{ jobId: string }> {
  h.workbook.setActiveRange(`${name}!A1`);
  return (await h.run('startSheetEnrichment', { scope: 'sheet', kind: 'contacts', fields: ['title'], maxCredits: '' }, rows)) as { jobId: string };
}

describe('a user action while the scheduled run holds the document', () => {
  let sb: SandboxProcess;
  let h: Harness;
  beforeAll(async () => {
    sb = await startSandbox({ research: { queuedMs: 50, researchingMs: 100 } });
    h = addOnHarness({ user: 'rep@example.com', sheets: ['Leads', 'Other'] });
    // One row per step: the scheduled run has rows left to send.
    await connect(h, sb, { researchBatchLimit: 1 });
  }, 120_000);
  afterAll(async () => {
    await admin(sb, 'DELETE', '/faults');
    await h?.close();
    await sb?.stop();
  });

  test('answers within 5 s in words, and the poll shows the scheduled run', async () => {
    fill(h, 'Leads', 3);
    fill(h, 'Other', 3);
    const { jobId } = await startOn(h, 'Leads');
    // The scheduled run's next submit takes 12 s, all of it under the document lock.
    await admin(sb, 'POST', '/faults', { endpoint: SUBMIT, kind: 'latency', latencyMs: 12_000, share: 1 });
    h.clock.advance(HOUR);
    const scheduled = h.fireTriggers();
    await new Promise((r) => setTimeout(r, 3000));
    const submitted = countOf(await requestCounts(sb), SUBMIT);
    const t = Date.now();
    const refused = startOn(h, 'Other');
    await expect(refused).rejects.toThrow(
      /^The scheduled run is finishing an enrichment \(for \d+ s now; it stops within \d+ minutes?\)\. Try again then; nothing was done\./,
    );
    expect(Date.now() - t).toBeLessThan(5000);
    await expect(refused).rejects.not.toThrow(/Lock timeout/);
    const polled = (await h.run('pollEnrichment', jobId)) as { running?: string };
    expect(polled.running).toMatch(/^The scheduled run is finishing an enrichment/);
    const runs = await scheduled;
    expect(runs.map((r) => r.ok)).toEqual([true]);
    // Nothing of the refused start went out: only the scheduled run's submits.
    expect(h.workbook.mustSheet('Other').values()[0]).toEqual(['Name', 'Company', 'Email']);
    expect(countOf(await requestCounts(sb), SUBMIT)).toBeGreaterThanOrEqual(submitted);
    await admin(sb, 'DELETE', '/faults');
    // The run over, the same start goes through.
    await expect(startOn(h, 'Other')).resolves.toMatchObject({ jobId: expect.any(String) });
  }, 180_000);
});

describe('a scheduled run with a long rate wait', () => {
  let sb: SandboxProcess;
  let h: Harness;
  beforeAll(async () => {
    // Three submits per 400 s: the fourth would wait longer than the run's 270 s budget.
    sb = await startSandbox({ research: { queuedMs: 50, researchingMs: 100 }, rateLimit: { windowMs: 400_000, endpoints: { [SUBMIT]: 3 } } });
    h = addOnHarness({ user: 'ops@example.com', sheets: ['Leads'] });
    // A budget shorter than the core's longest rate wait (61 s): the wait must be cut by the budget, not run out.
    await connect(h, sb, { researchBatchLimit: 1, runBudgetMs: BUDGET_MS });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await sb?.stop();
  });

  test("ends within its budget (not after the core's 61 s wait), and says why", async () => {
    // The whole run inside one 400 s window: past its edge a fresh window would take the fourth submit.
    await clearOfWindowEdge(sb, 400_000, 60_000);
    fill(h, 'Leads', 6);
    await startOn(h, 'Leads', 6);
    h.clock.advance(HOUR);
    const runs = await h.fireTriggers();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ ok: true, timedOut: false });
    // Its budget and the little after it that saving and arming the next run take (a loaded machine's margin).
    expect(runs[0].durationMs).toBeLessThan(BUDGET_MS + 10_000);
    const research = (runs[0].value as { research: { error?: string }[] }).research;
    expect(research[0].error).toMatch(/rate limit asks to wait \d+ s, longer than this run may last/);
    // Three accepted; the fourth met the 429 whose wait the budget cut (no retry after it).
    const submits = h.http.log.filter((c) => c.method === 'POST' && c.url.includes('/contacts/research'));
    expect(submits.filter((c) => c.status === 429).length).toBeLessThanOrEqual(1);
    expect(countOf(await requestCounts(sb), SUBMIT)).toBeLessThanOrEqual(4);
  }, 400_000);
});
