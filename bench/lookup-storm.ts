/**
 * Benchmark (issue 24): a column of PDS_LOOKUP_CONTACT / PDS_LOOKUP_COMPANY formulas recalculated as Sheets does it,
 * every cell its own execution, 30 side by side, each cut at 30 s (the harness's `recalculate`), against the sandbox
 * with a compressed rate window (60 requests per 2 s per endpoint). For every combination of cells x saved records x
 * kind, three passes: cold (no index), warm (right after), and warm after the cache TTL (the index is refreshed by
 * the incremental read). Prints the storm table: requests beside the lower bound (cold: the pages that hold the org,
 * floor(saved / 500) + 1; warm: 0; after the TTL: the 1 page of the incremental read), 429s, cells in error (of them
 * timed out), cells answered right, and the time until every cell settled; and a BENCH_ROW per pass (run-all.ts).
 * Companies are those of the saved contacts (2,000 saved contacts hold about 1,105 companies).
 *
 * Run: npx tsx bench/lookup-storm.ts [--cells=1000,10000] [--saved=2000,50000] [--kind=contact,company]
 *      [--company-saved=2000] [--quick]   (--quick: 1,000 cells over 2,000 saved contacts and their companies)
 */
import { createHarness, type Harness } from '../test/apps-script-harness';
import { addOnBuild, SCRIPT_ID } from '../test/apps-script/setup';
import { startBenchSandbox, type BenchSandbox } from './sandbox-child';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const QUICK = process.argv.includes('--quick');
const list = (name: string, all: string, quick: string) => (arg(name) ?? (QUICK ? quick : all)).split(',').filter(Boolean);
const CELLS = list('cells', '1000,10000', '1000').map(Number);
const SAVED = list('saved', '2000,50000', '2000').map(Number);
const KINDS = list('kind', 'contact,company', 'contact,company');
const COMPANY_SAVED = list('company-saved', '2000', '2000').map(Number);
const W = 2000;
const R = 60;
const PAGE = 500;
/** The add-on's default cache TTL: the third pass moves the harness clock past it (cache expiry and the script's clock). */
const TTL_S = 600;

interface Kind {
  name: 'contact' | 'company';
  fn: string;
  fields: string;
  path: string;
}
const kinds: Record<string, Kind> = {
  contact: { name: 'contact', fn: 'PDS_LOOKUP_CONTACT', fields: 'contactId,fullName', path: '/contacts' },
  company: { name: 'company', fn: 'PDS_LOOKUP_COMPANY', fields: 'domain,name', path: '/companies' },
};

interface Pass {
  kind: Kind;
  cells: number;
  records: number;
  label: 'cold' | 'warm' | 'after the TTL';
  requests: number;
  limited: number;
  errors: number;
  timedOut: number;
  found: number;
  wallMs: number;
  firstError: string;
}

function startSandbox(saved: number): Promise<BenchSandbox> {
  return startBenchSandbox({ rateLimit: { windowMs: W, defaultLimit: R }, seed: { orgContacts: saved } }, Math.max(40000, saved * 2));
}

/** Every saved record of the kind, read straight from the sandbox (not through the harness: not counted). */
async function savedRecords(sb: BenchSandbox, kind: Kind): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  const q = `startDate=2000-01-01T00:00:00.000Z&endDate=${new Date(Date.now() + 86400000).toISOString()}&limit=${PAGE}`;
  for (let page = 1; ; page++) {
    const res = await fetch(`${sb.info.v1}${kind.path}?${q}&page=${page}`, { headers: { token: sb.info.apiKey } });
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, W));
      page--;
      continue;
    }
    if (!res.ok) throw new Error(`reading the saved records: ${res.status} ${await res.text()}`);
    const data = ((await res.json()) as { data?: Record<string, unknown>[] }).data ?? [];
    out.push(...data);
    if (data.length < PAGE) return out;
  }
}

async function pass(h: Harness, kind: Kind, records: number, label: Pass['label'], keys: string[]): Promise<Pass> {
  const from = h.http.log.length;
  const r = await h.recalculate(keys.map((k) => ({ fn: kind.fn, args: [k, kind.fields, 365, false] })));
  const calls = h.http.log.slice(from).filter((c) => c.url.includes(`/v1${kind.path}`));
  const failed = r.results.filter((x) => !x.ok);
  const found = r.results.filter((x, i) => x.ok && (x.value as unknown[][])[0]?.[0] === keys[i]).length;
  const p = { kind, cells: keys.length, records, label, requests: calls.length, limited: calls.filter((c) => c.status === 429).length };
  const errors = { errors: failed.length, timedOut: failed.filter((x) => x.timedOut).length, firstError: failed[0]?.error?.message ?? '' };
  const out: Pass = { ...p, ...errors, found, wallMs: r.wallMs };
  console.log(`  ${kind.fn} ${keys.length} cells, ${records} saved, ${label}: ${row(out)}`);
  return out;
}

/** Three passes of one column over one sandbox, in a fresh harness (its cache empty: the first pass is cold). */
async function column(sb: BenchSandbox, kind: Kind, cells: number, keysOf: string[]): Promise<Pass[]> {
  const { code, sidebar } = addOnBuild();
  const h = createHarness({ code, files: { 'Sidebar.html': sidebar }, scriptId: SCRIPT_ID, user: 'bench@example.com' });
  try {
    await h.run('saveConnectionSettings', { baseUrlV1: sb.info.v1, baseUrlV2: sb.info.v2, authUrl: sb.info.auth, cacheTtlS: TTL_S });
    await h.run('connectApiKey', sb.info.apiKey);
    // Cells ask for keys spread over every saved record.
    const keys = Array.from({ length: cells }, (_, i) => keysOf[Math.floor((i * keysOf.length) / cells)]);
    const out = [await pass(h, kind, keysOf.length, 'cold', keys), await pass(h, kind, keysOf.length, 'warm', keys)];
    h.clock.advance(TTL_S * 1000 + 1000);
    out.push(await pass(h, kind, keysOf.length, 'after the TTL', keys));
    return out;
  } finally {
    await h.close();
  }
}

const lowerBound = (p: Pass) => (p.label === 'cold' ? Math.floor(p.records / PAGE) + 1 : p.label === 'warm' ? 0 : 1);
/** Cold: ≤ 2 × the pages that hold the org. Warm: nothing. After the TTL: at most the incremental read (2 pages). */
const limitOf = (p: Pass) => (p.label === 'cold' ? 2 * lowerBound(p) : p.label === 'warm' ? 0 : 2);
const meets = (p: Pass) => p.requests <= limitOf(p) && p.limited === 0 && p.errors === 0 && p.found === p.cells;
const row = (p: Pass) =>
  `${p.requests} (${lowerBound(p)}) | ${p.limited} | ${p.errors} (${p.timedOut} timed out) | ${p.found} | ${(p.wallMs / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const out: Pass[] = [];
  const runs: { saved: number; kind: Kind }[] = [
    ...(KINDS.includes('contact') ? SAVED.map((saved) => ({ saved, kind: kinds.contact })) : []),
    ...(KINDS.includes('company') ? COMPANY_SAVED.map((saved) => ({ saved, kind: kinds.company })) : []),
  ];
  for (const run of runs) {
    const sb = await startSandbox(run.saved);
    try {
      const idField = run.kind.name === 'contact' ? 'contactId' : 'domain';
      const keys = (await savedRecords(sb, run.kind)).map((r) => String(r[idField]));
      for (const cells of CELLS) out.push(...(await column(sb, run.kind, cells, keys)));
    } finally {
      sb.stop();
    }
  }
  for (const cells of CELLS) {
    console.log(
      `\n| formula column (${cells.toLocaleString('en')} cells) | org size | requests (lower bound) | 429s | cells in error | cells answered | until all cells settle |`,
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const p of out.filter((x) => x.cells === cells)) console.log(`| ${p.kind.fn}, ${p.label} | ${p.records.toLocaleString('en')} | ${row(p)} |`);
  }
  for (const p of out.filter((x) => x.firstError)) console.log(`first error (${p.kind.fn} ${p.cells} / ${p.records} ${p.label}): ${p.firstError}`);
  for (const p of out) {
    const bench = `Sheets ${p.cells} ${p.kind.name} lookup cells, ${p.records} saved, ${p.label}`;
    const figure = `${p.requests} requests; ${p.limited} × 429; ${p.errors} in error (${p.timedOut} timed out); ${p.found} answered; ${(p.wallMs / 1000).toFixed(1)} s`;
    const bound = `≤ ${limitOf(p)} requests (lower bound ${lowerBound(p)}); 0 errors; 0 × 429`;
    const ratio = p.label === 'cold' ? `${(p.requests / lowerBound(p)).toFixed(2)} × the lower bound` : '';
    console.log(`BENCH_ROW ${JSON.stringify({ bench, figure, bound, ratio, memory: '', pass: meets(p) })}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
