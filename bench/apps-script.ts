/**
 * Benchmark of the Sheets add-on through the local Apps Script harness against the sandbox, with a
 * compressed rate window: enrich 5,000 rows (submit, poll from the "sidebar" every 2 s, write results) and
 * import 20,000 org contacts. Prints requests, 429s, setValues calls, wall time and the ratio to the lower
 * bound of docs/DESIGN.md.  Run: npx tsx bench/apps-script.ts
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHarness, type Harness, type SandboxInfo } from '../test/apps-script-harness';
import { addOnBuild, SCRIPT_ID } from '../test/apps-script/setup';

const ROWS = 5000;
const ORG = 20000;
const W = 2000; // compressed rate window (ms)
const R = 60; // requests per window per endpoint
const QUEUED = 500;
const RESEARCHING = 1500;
const L = QUEUED + RESEARCHING;
const I = 2000; // shortest recommended poll interval
const B = 500;
const P = 100;

interface Sandbox {
  info: SandboxInfo;
  stop(): void;
}

/** The sandbox with a universe large enough for 20,000 saved contacts (startSandboxProcess passes no --contacts). */
function startSandbox(): Promise<Sandbox> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pds-bench-')), 'config.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      rateLimit: { windowMs: W, defaultLimit: R },
      research: { queuedMs: QUEUED, researchingMs: RESEARCHING },
      credits: { A: 20000 },
      seed: { orgContacts: ORG },
    }),
  );
  const child = spawn('npx', ['tsx', 'sandbox/cli.ts', '--port', '0', '--contacts', '40000', '--config', file], {
    cwd: path.resolve(__dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    child.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
    child.stdout.on('data', (c: Buffer) => {
      buf += c.toString('utf8');
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ info: JSON.parse(line) as SandboxInfo, stop: () => process.kill(-child.pid!, 'SIGTERM') });
    });
  });
}

async function admin<T>(sb: Sandbox, method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sb.info.admin}${route}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
}

interface Snapshot {
  requests: Record<string, Record<string, number>>;
  http: number;
  setValues: number;
  credits: number;
  at: number;
}

async function snapshot(sb: Sandbox, h: Harness): Promise<Snapshot> {
  const requests = (await admin<{ counts: Record<string, Record<string, number>> }>(sb, 'GET', '/requests')).counts;
  const credits = (await admin<{ handle: string; credits: number }[]>(sb, 'GET', '/orgs')).find((o) => o.handle === 'A')!.credits;
  return { requests, http: h.http.log.length, setValues: h.workbook.stats.setValuesCalls, credits, at: Date.now() };
}

function report(title: string, a: Snapshot, b: Snapshot, h: Harness, boundMs: number): void {
  const perEndpoint: Record<string, number> = {};
  let total = 0;
  for (const [endpoint, byStatus] of Object.entries(b.requests)) {
    const n = Object.values(byStatus).reduce((x, y) => x + y, 0) - Object.values(a.requests[endpoint] ?? {}).reduce((x, y) => x + y, 0);
    if (n > 0) perEndpoint[endpoint] = n;
    total += Math.max(0, n);
  }
  const calls = h.http.log.slice(a.http, b.http);
  const wall = b.at - a.at;
  console.log(`\n== ${title}`);
  console.log(
    `requests made: ${total} (${Object.entries(perEndpoint)
      .map(([e, n]) => `${e}: ${n}`)
      .join(', ')})`,
  );
  console.log(`429s received: ${calls.filter((c) => c.status === 429).length}`);
  console.log(`sheet writes (setValues calls): ${b.setValues - a.setValues}`);
  console.log(`credits spent: ${a.credits - b.credits}`);
  console.log(`wall time: ${(wall / 1000).toFixed(1)} s; lower bound: ${(boundMs / 1000).toFixed(1)} s; ratio: ${(wall / boundMs).toFixed(2)}`);
}

async function main(): Promise<void> {
  const sb = await startSandbox();
  const { code, sidebar } = addOnBuild();
  const h = createHarness({ code, files: { 'Sidebar.html': sidebar }, scriptId: SCRIPT_ID, user: 'bench@example.com' });
  try {
    await h.run('saveConnectionSettings', { baseUrlV1: sb.info.v1, baseUrlV2: sb.info.v2, authUrl: sb.info.auth, pollIntervalMs: I });
    await h.run('connectApiKey', sb.info.apiKey);
    const imported = (await h.run('importSearch', { kind: 'contacts', filters: '', limit: ROWS, sheetName: 'Leads' })) as { rows: number };
    if (imported.rows !== ROWS) throw new Error(`search gave ${imported.rows} rows`);
    h.workbook.setActiveRange(`Leads!A2:A${ROWS + 1}`);
    const preview = (await h.run('previewEnrichment')) as { items: number };

    // Enrichment: start, then poll every 2 s as the sidebar does, until every row is written.
    await new Promise((r) => setTimeout(r, W)); // a fresh rate window for a fair start
    const e0 = await snapshot(sb, h);
    let p = (await h.run('startEnrichment', preview.items)) as {
      jobId: string;
      complete: boolean;
      done: number;
      duplicate: number;
      notFound: number;
      error: number;
    };
    while (!p.complete) {
      await new Promise((r) => setTimeout(r, I));
      p = (await h.run('pollEnrichment', p.jobId)) as typeof p;
    }
    const e1 = await snapshot(sb, h);
    const S = Math.ceil(ROWS / B);
    const Q = Math.ceil(ROWS / P);
    const researchBound = (Math.ceil(S / R) - 1) * W + L + I + (Math.ceil(Q / R) - 1) * W;
    report(`enrich ${ROWS} rows (done ${p.done}, duplicates ${p.duplicate}, not found ${p.notFound}, errors ${p.error})`, e0, e1, h, researchBound);

    // Org import: 20,000 saved contacts into a sheet.
    await new Promise((r) => setTimeout(r, W));
    const o0 = await snapshot(sb, h);
    const refresh = (await h.run('enableOrgRefresh', { sheetName: 'Org contacts', days: 3650 })) as { appended: number; passComplete: boolean };
    const o1 = await snapshot(sb, h);
    const orgCalls = h.http.log.slice(o0.http, o1.http).filter((c) => c.url.includes('/v1/contacts?'));
    const oneRequest = orgCalls.reduce((n, c) => n + c.durationMs, 0) / Math.max(1, orgCalls.length);
    const M = refresh.appended;
    const importBound = (Math.ceil(Math.ceil(M / 500) / R) - 1) * W + oneRequest;
    report(`import ${M} org contacts (pass complete: ${refresh.passComplete}; mean request ${oneRequest.toFixed(0)} ms)`, o0, o1, h, importBound);
  } finally {
    await h.close();
    sb.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
