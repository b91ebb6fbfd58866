/**
 * Benchmark (issue 24): a column of PDS_LOOKUP_CONTACT formulas recalculated as Sheets does it, every cell its own
 * execution, 30 side by side, each cut at 30 s (the harness's `recalculate`), against the sandbox with a compressed
 * rate window (60 requests per 2 s per endpoint). Passes: cold (no index), warm (right after), and warm after the
 * cache TTL (the index is refreshed by the incremental read). Prints the storm table: requests beside the lower
 * bound (the pages that hold the org: floor(saved / 500) + 1), 429s, cells in error (of them timed out), and the time
 * until every cell settled.  Run: npx tsx bench/lookup-storm.ts [--cells=1000] [--saved=2000]
 */
import { createHarness, type Harness } from '../test/apps-script-harness';
import { addOnBuild, SCRIPT_ID } from '../test/apps-script/setup';
import { startBenchSandbox, type BenchSandbox } from './sandbox-child';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const CELLS = Number(arg('cells') ?? 1000);
const SAVED = Number(arg('saved') ?? 2000);
const W = 2000;
const R = 60;
const PAGE = 500;
/** The add-on's default cache TTL: the third pass moves the harness clock past it (cache expiry and the script's clock). */
const TTL_S = 600;

function startSandbox(): Promise<BenchSandbox> {
  return startBenchSandbox({ rateLimit: { windowMs: W, defaultLimit: R }, seed: { orgContacts: SAVED } }, Math.max(40000, SAVED * 2));
}

interface Pass {
  label: string;
  requests: number;
  limited: number;
  errors: number;
  timedOut: number;
  found: number;
  wallMs: number;
  firstError: string;
}

async function pass(h: Harness, label: string, keys: string[]): Promise<Pass> {
  const from = h.http.log.length;
  const r = await h.recalculate(keys.map((k) => ({ fn: 'PDS_LOOKUP_CONTACT', args: [k, 'contactId,fullName', 365, false] })));
  const calls = h.http.log.slice(from).filter((c) => c.url.includes('/v1/contacts'));
  const failed = r.results.filter((x) => !x.ok);
  const found = r.results.filter((x, i) => x.ok && (x.value as unknown[][])[0]?.[0] === keys[i]).length;
  return {
    label,
    requests: calls.length,
    limited: calls.filter((c) => c.status === 429).length,
    errors: failed.length,
    timedOut: failed.filter((x) => x.timedOut).length,
    found,
    wallMs: r.wallMs,
    firstError: failed[0]?.error?.message ?? '',
  };
}

async function main(): Promise<void> {
  const sb = await startSandbox();
  const { code, sidebar } = addOnBuild();
  const h = createHarness({ code, files: { 'Sidebar.html': sidebar }, scriptId: SCRIPT_ID, user: 'bench@example.com' });
  const out: Pass[] = [];
  try {
    await h.run('saveConnectionSettings', { baseUrlV1: sb.info.v1, baseUrlV2: sb.info.v2, authUrl: sb.info.auth, cacheTtlS: TTL_S });
    await h.run('connectApiKey', sb.info.apiKey);
    // Org A's saved contacts have the ids 10001.. (sandbox/seed/fixtures.ts); the cells ask for ones spread over all.
    const keys = Array.from({ length: CELLS }, (_, i) => String(10001 + Math.floor((i * SAVED) / CELLS)));
    out.push(await pass(h, 'cold', keys));
    out.push(await pass(h, 'warm', keys));
    h.clock.advance(TTL_S * 1000 + 1000);
    out.push(await pass(h, `warm after the ${TTL_S} s TTL`, keys));
  } finally {
    await h.close();
    sb.stop();
  }
  const bound = Math.floor(SAVED / PAGE) + 1;
  console.log(
    `\n| formula column (${CELLS.toLocaleString('en')} cells) | org size | requests (lower bound) | 429s | cells in error (timed out) | cells answered | until all cells settle |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const p of out) {
    // Warm: nothing to read; after the TTL: the one page of the incremental read.
    const lower = p.label === 'cold' ? bound : p.label === 'warm' ? 0 : 1;
    console.log(
      `| PDS_LOOKUP_CONTACT, ${p.label} | ${SAVED.toLocaleString('en')} | ${p.requests} (${lower}) | ${p.limited} | ${p.errors} (${p.timedOut}) | ${p.found} | ${(p.wallMs / 1000).toFixed(1)} s |`,
    );
    if (p.firstError) console.log(`  first error: ${p.firstError}`);
  }
  for (const p of out) {
    // Cold: ≤ 2 × the pages that hold the org. Warm: nothing, or at most the incremental read (a page per TTL passed).
    const limit = p.label === 'cold' ? 2 * bound : p.label === 'warm' ? 0 : 2;
    const row = {
      bench: `Sheets ${CELLS} lookup cells, ${SAVED} saved, ${p.label}`,
      figure: `${p.requests} requests; ${p.limited} × 429; ${p.errors} in error (${p.timedOut} timed out); ${(p.wallMs / 1000).toFixed(1)} s`,
      bound: `≤ ${limit} requests (lower bound ${p.label === 'cold' ? bound : 0}); 0 errors; 0 × 429`,
      ratio: p.label === 'cold' ? `${(p.requests / bound).toFixed(2)} × the lower bound` : '',
      memory: '',
      pass: p.requests <= limit && p.limited === 0 && p.errors === 0 && p.found === CELLS,
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
