/**
 * Benchmark (issue 24): 1,000 distinct searches in a sheet, two ways, against the sandbox.
 * - A column of 1,000 PDS_SEARCH_CONTACTS cells recalculated as Sheets does it (the harness's `recalculate`: every
 *   cell its own execution, 30 side by side, 30 s each).
 * - One formula over a one-column range of the 1,000 filter texts (=PDS_SEARCH_CONTACTS(A2:A1001)): one execution.
 * Each at the compressed rate window (60 requests per 2 s per endpoint, as the other storms) and at the service's own
 * minute (60 per 60 s), where most searches cannot be answered within a custom function's 30 s. Prints the storm
 * table: requests beside what the rate budget allows in the time taken, 429s, cells (rows) in error, with the short
 * "beyond the rate budget" message, answered, and the time until all settled. Targets: 0 × 429, 0 in error, every
 * cell answered or showing the message.  Run: npx tsx bench/search-storm.ts [--cells=1000]
 */
import { createHarness, type Harness } from '../test/apps-script-harness';
import { addOnBuild, SCRIPT_ID } from '../test/apps-script/setup';
import { BEYOND_RATE_BUDGET, RANGE_WAIT_MS } from '../apps-script/src/custom-functions/search-budget';
import { departments, seniorities } from '../shared/catalogue/search-filters';
import { startBenchSandbox, type BenchSandbox } from './sandbox-child';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const CELLS = Number(arg('cells') ?? 1000);
const R = 60;
const TITLES = ['Head', 'Lead', 'Chief', 'Principal', 'Staff', 'Senior', 'Junior', 'Global', 'Regional', 'Group', 'Deputy', 'Acting'];

interface Pass {
  label: string;
  windowMs: number;
  requests: number;
  limited: number;
  errors: number;
  beyond: number;
  answered: number;
  wallMs: number;
  firstError: string;
  /** Requests the rate budget allows in the time (range: within one execution), at most one per search. */
  bound: number;
}

/** Distinct filter texts: department x seniority x title (11 x 8 x 12 = 1,056). */
function filterTexts(n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const d = departments[i % departments.length];
    const s = seniorities[Math.floor(i / departments.length) % seniorities.length];
    return `department=${d}; seniority=${s}; jobTitle=${TITLES[Math.floor(i / (departments.length * seniorities.length)) % TITLES.length]}`;
  });
}

/** The sandbox's windows are fixed, aligned on multiples of the window: a span of time touches this many. */
const allowedIn = (from: number, to: number, windowMs: number) => R * (Math.floor(to / windowMs) - Math.floor(from / windowMs) + 1);
const searchCalls = (h: Harness, from: number) => h.http.log.slice(from).filter((c) => c.url.includes('/v2/search/contacts'));

async function cells(h: Harness, texts: string[], limit: number, windowMs: number): Promise<Pass> {
  const from = h.http.log.length;
  const started = Date.now();
  const r = await h.recalculate(texts.map((f) => ({ fn: 'PDS_SEARCH_CONTACTS', args: [f, limit] })));
  const calls = searchCalls(h, from);
  const failed = r.results.filter((x) => !x.ok);
  const beyond = r.results.filter((x) => x.ok && (x.value as unknown[][])[0]?.[0] === BEYOND_RATE_BUDGET).length;
  return {
    label: `${texts.length.toLocaleString('en')} cells`,
    windowMs,
    requests: calls.length,
    limited: calls.filter((c) => c.status === 429).length,
    errors: failed.length,
    beyond,
    answered: r.results.length - failed.length - beyond,
    wallMs: r.wallMs,
    firstError: failed[0]?.error?.message ?? '',
    bound: Math.min(texts.length, allowedIn(started, started + r.wallMs, windowMs)),
  };
}

async function range(h: Harness, texts: string[], limit: number, windowMs: number): Promise<Pass> {
  const from = h.http.log.length;
  const started = Date.now();
  const r = await h.execute({ kind: 'custom', fn: 'PDS_SEARCH_CONTACTS', args: [texts.map((t) => [t]), limit] });
  const wallMs = Date.now() - started;
  const calls = searchCalls(h, from);
  const rows = r.ok ? (r.value as unknown[][]).slice(1) : [];
  // One result per search at most on each row; a search's rows share its filter text, count each search once.
  const bySearch = new Map(rows.map((row) => [row[0], row[1]]));
  const beyond = [...bySearch.values()].filter((v) => v === BEYOND_RATE_BUDGET).length;
  const rowErrors = [...bySearch.values()].filter((v) => String(v).startsWith('(error)')).length;
  return {
    label: `1 formula over ${texts.length.toLocaleString('en')} rows`,
    windowMs,
    requests: calls.length,
    limited: calls.filter((c) => c.status === 429).length,
    errors: r.ok ? rowErrors : texts.length,
    beyond,
    answered: bySearch.size - beyond - rowErrors,
    wallMs,
    firstError: r.ok ? '' : (r.error?.message ?? ''),
    // A range's requests go out within RANGE_WAIT_MS of the cell's 30 s.
    bound: Math.min(texts.length, allowedIn(started, started + RANGE_WAIT_MS, windowMs)),
  };
}

async function setWindow(sb: BenchSandbox, windowMs: number): Promise<void> {
  const res = await fetch(`${sb.info.admin}/rate-limits`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ windowMs, defaultLimit: R }),
  });
  if (!res.ok) throw new Error(`rate-limits: ${res.status}`);
}

async function main(): Promise<void> {
  const sb = await startBenchSandbox({ rateLimit: { windowMs: 2000, defaultLimit: R } }, 5000);
  const { code, sidebar } = addOnBuild();
  const h = createHarness({ code, files: { 'Sidebar.html': sidebar }, scriptId: SCRIPT_ID, user: 'bench@example.com' });
  const texts = filterTexts(CELLS);
  const out: Pass[] = [];
  try {
    await h.run('saveConnectionSettings', { baseUrlV1: sb.info.v1, baseUrlV2: sb.info.v2, authUrl: sb.info.auth });
    await h.run('connectApiKey', sb.info.apiKey);
    // Each pass asks with its own limit, so no pass is answered from another's cache.
    out.push(await cells(h, texts, 1, 2000));
    out.push(await range(h, texts, 2, 2000));
    for (const [i, run] of [cells, range].entries()) {
      // The service's minute, a fresh one for each pass: the add-on's paced window of the last pass has passed too.
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 61000));
      await setWindow(sb, 60000);
      out.push(await run(h, texts, 3 + i, 60000));
    }
  } finally {
    await h.close();
    sb.stop();
  }
  console.log(
    '\n| PDS_SEARCH_CONTACTS, distinct arguments | rate window | requests (what the budget allows in the time) | 429s | in error | beyond the rate budget (message) | answered | until all settle |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const p of out) {
    console.log(
      `| ${p.label} | ${R} per ${p.windowMs / 1000} s | ${p.requests} (${p.bound}) | ${p.limited} | ${p.errors} | ${p.beyond} | ${p.answered} | ${(p.wallMs / 1000).toFixed(1)} s |`,
    );
    if (p.firstError) console.log(`  first error: ${p.firstError}`);
  }
  for (const p of out) {
    const row = {
      bench: `Sheets ${p.label} of searches, ${R} per ${p.windowMs / 1000} s`,
      figure: `${p.requests} requests; ${p.limited} × 429; ${p.errors} in error; ${p.beyond} beyond the budget (message); ${p.answered} answered; ${(p.wallMs / 1000).toFixed(1)} s`,
      bound: `≤ ${p.bound} requests (the budget in the time); 0 errors; 0 × 429; answered + message = ${CELLS}`,
      ratio: `${(p.answered / p.bound).toFixed(2)} × the searches the budget allows`,
      memory: '',
      pass: p.limited === 0 && p.errors === 0 && p.answered + p.beyond === CELLS && p.requests <= p.bound,
    };
    console.log(`BENCH_ROW ${JSON.stringify(row)}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
