/**
 * `npm run bench`: every benchmark, one after another (each in its own process, so one's memory and timers do not
 * touch the next), then one table of their figures beside their bounds. Each benchmark prints `BENCH_ROW {json}`
 * lines; a benchmark without them (or that fails) gets a row saying so. Pass `--quick` to skip the largest runs.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

interface Row {
  bench: string;
  figure: string;
  bound: string;
  ratio: string;
  memory?: string;
  pass?: boolean;
}

const quick = process.argv.includes('--quick');
const root = path.resolve(__dirname, '..');
const runs: { label: string; args: string[] }[] = [
  { label: 'n8n research 2,000', args: ['bench/n8n-research.ts', '--items=2000'] },
  ...(quick
    ? []
    : [
        // The service's own minute (spec 8), and the 2 s window the other runs compress it to (README: Benchmarks).
        { label: 'n8n research 10,000, 60 s window', args: ['bench/n8n-research.ts', '--items=10000', '--window=60000'] },
        { label: 'n8n research 10,000, 2 s window', args: ['bench/n8n-research.ts', '--items=10000'] },
      ]),
  { label: 'Sheets enrich 5,000 + import', args: ['bench/apps-script.ts', '--rows=5000'] },
  ...(quick
    ? []
    : [
        { label: 'Sheets enrich 20,000, sidebar', args: ['bench/apps-script.ts', '--rows=20000', '--no-import'] },
        { label: 'Sheets enrich 20,000, trigger', args: ['bench/apps-script.ts', '--rows=20000', '--no-import', '--path=trigger'] },
        // 100,000 rows (issue 24), about 5–10 minutes each: on Apps Script's own limits (the start alone passes the compressed 12 s).
        { label: 'Sheets enrich 100,000, sidebar', args: ['bench/apps-script.ts', '--rows=100000', '--no-import'] },
        { label: 'Sheets enrich 100,000, trigger', args: ['bench/apps-script.ts', '--rows=100000', '--no-import', '--path=trigger', '--real-limits'] },
        // The same at the service's own minute (spec 8), about 20 minutes each: the add-on's CPU weighs what it weighs
        // against the real rate limit (at the 2 s window it weighs 30 times more).
        { label: 'Sheets enrich 100,000, sidebar, 60 s window', args: ['bench/apps-script.ts', '--rows=100000', '--no-import', '--window=60000'] },
        {
          label: 'Sheets enrich 100,000, trigger, 60 s window',
          args: ['bench/apps-script.ts', '--rows=100000', '--no-import', '--path=trigger', '--window=60000'],
        },
      ]),
  { label: 'Sheets lookup 2,000 keys', args: ['bench/lookup.ts'] },
  // Columns of 1,000 and 10,000 look-up cells recalculated at once (30 executions side by side, 30 s each) over 2,000 and 50,000 saved records, contacts and companies: the storm table (--quick: 1,000 cells, 2,000 saved),
  // and per column "every cell answered" against ≤ 1.5 × T_bound, T_bound = the org's pages at the service's rate (101 pages at 60 a minute = 101 s at 50,000 saved).
  { label: 'Sheets lookup storm', args: ['bench/lookup-storm.ts', ...(quick ? ['--quick'] : [])] },
  { label: 'Sheets 1,000 search cells and one range formula', args: ['bench/search-storm.ts', '--cells=1000'] },
  { label: 'pacing', args: ['bench/pacing.ts'] },
  // Lands with the bundle work (issue 13, bundles); run it when present.
  ...(fs.existsSync(path.join(root, 'bench/bundles.ts')) ? [{ label: 'bundles', args: ['bench/bundles.ts'] }] : []),
  // The hot answers decoded by the sources before issue 32 (from git history) and now, in one process (issue 32).
  { label: 'decode, old and new', args: ['bench/decode.ts'] },
];

const rows: Row[] = [];
for (const run of runs) {
  console.log(`\n### ${run.label}: npx tsx ${run.args.join(' ')}`);
  const started = Date.now();
  const out = spawnSync('npx', ['tsx', ...run.args], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env } });
  const text = `${out.stdout ?? ''}${out.stderr ?? ''}`;
  process.stdout.write(
    text
      .split('\n')
      .filter((l) => !l.startsWith('BENCH_ROW ') && !l.startsWith('npm warn'))
      .join('\n'),
  );
  const found = text
    .split('\n')
    .filter((l) => l.startsWith('BENCH_ROW '))
    .map((l) => JSON.parse(l.slice('BENCH_ROW '.length)) as Row);
  if (found.length > 0) rows.push(...found);
  else {
    const last =
      text
        .trim()
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('npm warn'))
        .slice(-1)[0] ?? '';
    rows.push({ bench: run.label, figure: out.status === 0 ? last : `failed (exit ${out.status}): ${last}`, bound: '', ratio: '', pass: out.status === 0 });
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

const cell = (v: unknown) => String(v ?? '').replace(/\|/g, '/');
console.log('\n| benchmark | figure | bound / floor | ratio | memory | meets target |');
console.log('|---|---|---|---|---|---|');
for (const r of rows)
  console.log(`| ${[r.bench, r.figure, r.bound, r.ratio, r.memory ?? '', r.pass === undefined ? '' : r.pass ? 'yes' : 'no'].map(cell).join(' | ')} |`);
