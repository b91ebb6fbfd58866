/**
 * Benchmark (issues 24, 29): a column of PDS_LOOKUP_CONTACT / PDS_LOOKUP_COMPANY formulas recalculated as Sheets does
 * it, every cell its own execution, 30 side by side, each cut at 30 s (the harness's `recalculate`), against the
 * sandbox at the service's rate (60 requests a minute per endpoint; --window=2000 compresses it). The keys are SPREAD
 * as a real sheet's are: every (saved / cells)-th saved record's email (contacts) or domain (companies), plus 50 keys
 * that are not saved, so no partial index answers early. For every combination of cells x saved records x kind,
 * three passes: first (no index), second (recalculated right after) and after the cache TTL (the index refreshed by
 * the incremental read). Prints the storm table: requests beside the lower bound (the pages that hold the org,
 * floor(saved / 500) + 1; then 0; after the TTL the incremental read's page), 429s, cells in error (of them timed
 * out), cells answered right (a saved key's record, "(not found)" for the others), cells still waiting (the add-on's
 * "still reading" words), the time of the pass; then the time from the first pass's start until every cell was
 * answered beside T_bound = pages x W / R, the time the service's rate allows for reading the org's pages (101 pages
 * at 60 a minute: 101 s at 50,000 saved), whatever --window compresses W to; and a BENCH_ROW per pass and one for
 * "every cell answered" against issue 29's target (≤ 1.5 x T_bound, no cell in error in either pass; run-all.ts). Companies are those of the saved contacts (2,000 saved contacts hold about 1,105).
 *
 * Run: npx tsx bench/lookup-storm.ts [--cells=1000,10000] [--saved=2000,50000] [--kind=contact,company]
 *      [--company-saved=2000] [--window=60000] [--quick]   (--quick: 1,000 cells over 2,000 saved contacts and companies)
 */
import { createHarness, type Harness } from '../test/apps-script-harness';
import { addOnBuild, SCRIPT_ID } from '../test/apps-script/setup';
import { STILL_BUILDING } from '../apps-script/src/custom-functions/lookup-index';
import { startBenchSandbox, type BenchSandbox } from './sandbox-child';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const QUICK = process.argv.includes('--quick');
const list = (name: string, all: string, quick: string) => (arg(name) ?? (QUICK ? quick : all)).split(',').filter(Boolean);
const CELLS = list('cells', '1000,10000', '1000').map(Number);
const SAVED = list('saved', '2000,50000', '2000').map(Number);
const KINDS = list('kind', 'contact,company', 'contact,company');
const COMPANY_SAVED = list('company-saved', '2000', '2000').map(Number);
const W = Number(arg('window') ?? 60000);
const UNSAVED = 50;
/** Issue 29's target: every cell answered within 1.5 x the time the rate allows for reading the org. */
const TARGET = 1.5;
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
  contact: { name: 'contact', fn: 'PDS_LOOKUP_CONTACT', fields: 'email,fullName', path: '/contacts' },
  company: { name: 'company', fn: 'PDS_LOOKUP_COMPANY', fields: 'domain,name', path: '/companies' },
};

interface Pass {
  kind: Kind;
  cells: number;
  records: number;
  label: 'first' | 'second' | 'after the TTL';
  requests: number;
  limited: number;
  errors: number;
  timedOut: number;
  found: number;
  waiting: number;
  wallMs: number;
  /** From the first pass's start until this pass ended (ms). */
  sinceFirstMs: number;
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

/** A cell answered right: a saved key's own record (its first field is the key), "(not found)" for an unsaved one. */
const answered = (value: unknown, key: string, saved: boolean) =>
  String((value as unknown[][])[0]?.[0]).toLowerCase() === (saved ? key.toLowerCase() : '(not found)');

async function pass(h: Harness, kind: Kind, records: number, label: Pass['label'], keys: string[], saved: boolean[], startedAt: number): Promise<Pass> {
  const from = h.http.log.length;
  const r = await h.recalculate(keys.map((k) => ({ fn: kind.fn, args: [k, kind.fields, 365, false] })));
  const calls = h.http.log.slice(from).filter((c) => c.url.includes(`/v1${kind.path}`));
  const failed = r.results.filter((x) => !x.ok);
  const found = r.results.filter((x, i) => x.ok && answered(x.value, keys[i], saved[i])).length;
  const waiting = r.results.filter((x) => x.ok && (x.value as unknown[][])[0]?.[0] === STILL_BUILDING).length;
  const p = { kind, cells: keys.length, records, label, requests: calls.length, limited: calls.filter((c) => c.status === 429).length };
  const errors = { errors: failed.length, timedOut: failed.filter((x) => x.timedOut).length, firstError: failed[0]?.error?.message ?? '' };
  const timing = { wallMs: r.wallMs, sinceFirstMs: Date.now() - startedAt };
  const out: Pass = { ...p, ...errors, found, waiting, ...timing };
  console.log(`  ${kind.fn} ${keys.length} cells, ${records} saved, ${label}: ${row(out)}`);
  return out;
}

/** Three passes of one column over one sandbox, in a fresh harness (its cache empty: the first pass is cold). */
async function column(sb: BenchSandbox, kind: Kind, cells: number, keysOf: string[], records: number): Promise<Pass[]> {
  const { code, sidebar } = addOnBuild();
  const h = createHarness({ code, files: { 'Sidebar.html': sidebar }, scriptId: SCRIPT_ID, user: 'bench@example.com' });
  try {
    await h.run('saveConnectionSettings', { baseUrlV1: sb.info.v1, baseUrlV2: sb.info.v2, authUrl: sb.info.auth, cacheTtlS: TTL_S });
    await h.run('connectApiKey', sb.info.apiKey);
    // Cells ask for keys spread over every saved record, and 50 that are not saved, mixed in.
    const spread = cells - UNSAVED;
    const keys = Array.from({ length: spread }, (_, i) => keysOf[Math.floor((i * keysOf.length) / spread)]);
    const saved = keys.map(() => true);
    for (let j = 0; j < UNSAVED; j++) {
      const at = Math.floor((j * cells) / UNSAVED);
      keys.splice(at, 0, kind.name === 'contact' ? `nobody${j}@nowhere.example` : `nowhere${j}.example`);
      saved.splice(at, 0, false);
    }
    // The harness's 30 worker threads started first (a blank key reads nothing): a fresh one takes seconds to start on
    // a loaded machine, which the harness counts in the cell's 30 s and Apps Script's own start does not take.
    await h.recalculate(Array.from({ length: 30 }, () => ({ fn: kind.fn, args: ['', kind.fields, 365, false] })));
    const startedAt = Date.now();
    const out = [await pass(h, kind, records, 'first', keys, saved, startedAt), await pass(h, kind, records, 'second', keys, saved, startedAt)];
    h.clock.advance(TTL_S * 1000 + 1000);
    out.push(await pass(h, kind, records, 'after the TTL', keys, saved, Date.now()));
    return out;
  } finally {
    await h.close();
  }
}

const pages = (p: Pass) => Math.floor(p.records / PAGE) + 1;
const lowerBound = (p: Pass) => (p.label === 'first' ? pages(p) : p.label === 'second' ? 0 : 1);
/** The two passes together: ≤ 2 × the pages that hold the org. After the TTL: at most the incremental read (2 pages). */
const limitOf = (p: Pass) => (p.label === 'first' ? 2 * lowerBound(p) : p.label === 'second' ? 2 * pages(p) : 2);
/**
 * T_bound of reading the org: its pages at the rate, R a window (issue 29: "the time the service's rate allows for
 * reading it (101 pages)"). Not (ceil(pages / R) - 1) x W + L: that is 1 page's latency for an org of under R pages
 * (5 pages at 2,000 saved), a bound no column of cells is measured against, and at 101 pages it counts on the read
 * starting at a window's first second.
 */
const boundMs = (p: Pass) => (pages(p) * W) / R;
const meets = (p: Pass) => p.requests <= limitOf(p) && p.limited === 0 && p.errors === 0 && (p.label === 'first' || p.found === p.cells);
const row = (p: Pass) =>
  `${p.requests} (${lowerBound(p)}) | ${p.limited} | ${p.errors} (${p.timedOut} timed out) | ${p.found} | ${p.waiting} | ${(p.wallMs / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const out: Pass[] = [];
  const runs: { saved: number; kind: Kind }[] = [
    ...(KINDS.includes('contact') ? SAVED.map((saved) => ({ saved, kind: kinds.contact })) : []),
    ...(KINDS.includes('company') ? COMPANY_SAVED.map((saved) => ({ saved, kind: kinds.company })) : []),
  ];
  for (const run of runs) {
    const sb = await startSandbox(run.saved);
    try {
      const keyField = run.kind.name === 'contact' ? 'email' : 'domain';
      const records = await savedRecords(sb, run.kind);
      const keys = records.map((r) => r[keyField]).filter((k): k is string => typeof k === 'string' && k !== '');
      for (const cells of CELLS) out.push(...(await column(sb, run.kind, cells, keys, records.length)));
    } finally {
      sb.stop();
    }
  }
  for (const cells of CELLS) {
    console.log(
      `\n| formula column (${cells.toLocaleString('en')} cells, spread keys) | org size | requests (lower bound) | 429s | cells in error | cells answered | cells still reading | pass time |`,
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const p of out.filter((x) => x.cells === cells)) console.log(`| ${p.kind.fn}, ${p.label} | ${p.records.toLocaleString('en')} | ${row(p)} |`);
  }
  const answeredRows: Record<string, unknown>[] = [];
  for (const p of out.filter((x) => x.label === 'second')) {
    const first = out.find((x) => x.kind === p.kind && x.cells === p.cells && x.records === p.records && x.label === 'first')!;
    const all = first.found === first.cells ? first : p.found === p.cells ? p : null;
    const b = boundMs(first);
    const ratio = all ? all.sinceFirstMs / b : Infinity;
    const took = all
      ? `${(all.sinceFirstMs / 1000).toFixed(1)} s = ${ratio.toFixed(2)} × T_bound ${(b / 1000).toFixed(1)} s (target ≤ ${TARGET})`
      : 'NOT every cell answered after two recalculations';
    console.log(`${p.kind.fn} ${p.cells} cells over ${p.records} saved (W ${W / 1000} s, R ${R}): every cell answered ${took}`);
    answeredRows.push({
      bench: `Sheets ${p.cells} ${p.kind.name} lookup cells, ${p.records} saved: every cell answered (two recalculations)`,
      figure: all
        ? `${(all.sinceFirstMs / 1000).toFixed(1)} s; ${first.errors + p.errors} cells in error`
        : `${p.found} of ${p.cells} answered; ${first.errors + p.errors} in error`,
      bound: `≤ ${TARGET} × T_bound (${pages(first)} pages at ${R} per ${W / 1000} s = ${(b / 1000).toFixed(1)} s); 0 in error`,
      ratio: all ? `${ratio.toFixed(2)} × T_bound` : '',
      memory: '',
      pass: ratio <= TARGET && first.errors + p.errors === 0,
    });
  }
  for (const p of out.filter((x) => x.firstError)) console.log(`first error (${p.kind.fn} ${p.cells} / ${p.records} ${p.label}): ${p.firstError}`);
  for (const p of out) {
    const bench = `Sheets ${p.cells} ${p.kind.name} lookup cells, ${p.records} saved, ${p.label}`;
    const figure = `${p.requests} requests; ${p.limited} × 429; ${p.errors} in error (${p.timedOut} timed out); ${p.found} answered; ${(p.wallMs / 1000).toFixed(1)} s`;
    const bound = `≤ ${limitOf(p)} requests (lower bound ${lowerBound(p)}); 0 errors; 0 × 429`;
    const ratio = p.label === 'first' ? `${(p.requests / lowerBound(p)).toFixed(2)} × the lower bound` : '';
    console.log(`BENCH_ROW ${JSON.stringify({ bench, figure, bound, ratio, memory: '', pass: meets(p) })}`);
  }
  for (const r of answeredRows) console.log(`BENCH_ROW ${JSON.stringify(r)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
