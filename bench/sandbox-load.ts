/**
 * Load benchmark of the sandbox: `npx tsx bench/sandbox-load.ts [--seconds 10] [--concurrency 64]`.
 * The sandbox runs in its own process (the CLI); this process is the load generator (keep-alive agent).
 * It prints requests/s and p50/p99 latency, then checks the accounting exactly: the admin API's counts per
 * endpoint and status equal what the client saw; in every rate-limit window of a limited endpoint the
 * accepted requests are exactly min(limit, attempts) with each Remaining value seen once; and the credits
 * spent equal the research requests accepted. Exits 1 if any accounting check fails.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const arg = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const SECONDS = arg('seconds', 10);
const CONCURRENCY = arg('concurrency', 64);
const TARGET_RPS = 2000;
const INITIAL_CREDITS = 1_000_000;

const LIMITED = { 'GET /v2/credits': 40, 'POST /v1/contacts/research': 25 } as Record<string, number>;
const config = {
  rateLimit: {
    windowMs: 1000,
    defaultLimit: 1_000_000_000,
    endpoints: { ...LIMITED },
  },
  research: { queuedMs: 50, researchingMs: 100 },
  credits: { A: INITIAL_CREDITS },
};

interface Info {
  v1: string;
  v2: string;
  admin: string;
  apiKey: string;
}

async function startServer(): Promise<{ info: Info; stop: () => Promise<void> }> {
  const root = resolve(__dirname, '..');
  const file = join(tmpdir(), `sandbox-load-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(config));
  const child = spawn(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'sandbox/cli.ts', '--port', '0', '--config', file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((res, rej) => {
    createInterface({ input: child.stdout! }).once('line', res);
    child.once('exit', (code) => rej(new Error(`sandbox exited with ${code}`)));
  });
  return {
    info: JSON.parse(line) as Info,
    stop: () =>
      new Promise<void>((res) => {
        child.once('exit', () => res());
        child.kill('SIGTERM');
      }),
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(method: string, url: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((res, rej) => {
    const req = request(
      url,
      { method, headers: body ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : headers, agent },
      (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => res({ status: r.statusCode ?? 0, headers: r.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', rej);
    req.end(body);
  });
}

interface Sample {
  endpoint: string;
  status: number;
  ms: number;
  limit: number;
  remaining: number;
  reset: number;
}

async function main(): Promise<void> {
  const { info, stop } = await startServer();
  const auth = { token: info.apiKey };
  try {
    const search = JSON.parse((await send('POST', `${info.v2}/search/contacts`, auth, JSON.stringify({ limit: 500 }))).body) as {
      data: { searchResultId: string }[];
    };
    const ids = search.data.map((d) => d.searchResultId);
    const researchIds: string[] = [];
    // The mix: cheap reads for throughput, two limited endpoints for the window accounting, research for credits.
    const mix: { endpoint: string; run: (i: number) => Promise<Reply> }[] = [
      { endpoint: 'GET /v2/contact-statuses', run: () => send('GET', `${info.v2}/contact-statuses`, auth) },
      { endpoint: 'GET /v2/contact-statuses', run: () => send('GET', `${info.v2}/contact-statuses`, auth) },
      { endpoint: 'GET /v2/oauth/me', run: () => send('GET', `${info.v2}/oauth/me`, auth) },
      { endpoint: 'GET /v2/templates', run: () => send('GET', `${info.v2}/templates`, auth) },
      { endpoint: 'GET /v2/credits', run: () => send('GET', `${info.v2}/credits`, auth) },
      {
        endpoint: 'GET /v1/contacts/research/poll',
        run: () => send('GET', `${info.v1}/contacts/research/poll?requestIds=${researchIds.slice(-20).join(',') || 'none'}`, auth),
      },
      {
        endpoint: 'POST /v1/contacts/research',
        run: (i) =>
          send('POST', `${info.v1}/contacts/research`, auth, JSON.stringify({ searchResultIds: [ids[i % ids.length]], skipDeduplicationCheck: true })),
      },
      { endpoint: 'GET /v2/lists', run: () => send('GET', `${info.v2}/lists`, auth) },
    ];
    const samples: Sample[] = [];
    let researchAccepted = 0;
    let errors = 0;
    const deadline = Date.now() + SECONDS * 1000;
    let counter = 0;
    const started = Date.now();
    async function worker(): Promise<void> {
      while (Date.now() < deadline) {
        const n = counter++;
        const op = mix[n % mix.length];
        const t0 = process.hrtime.bigint();
        try {
          const r = await op.run(n);
          const ms = Number(process.hrtime.bigint() - t0) / 1e6;
          samples.push({
            endpoint: op.endpoint,
            status: r.status,
            ms,
            limit: Number(r.headers['x-ratelimit-limit']),
            remaining: Number(r.headers['x-ratelimit-remaining']),
            reset: Number(r.headers['x-ratelimit-reset']),
          });
          if (op.endpoint === 'POST /v1/contacts/research' && r.status === 202) {
            researchAccepted++;
            researchIds.push(...(JSON.parse(r.body) as { requestIds: string[] }).requestIds);
          }
        } catch {
          errors++;
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const elapsed = (Date.now() - started) / 1000;
    // Let the last research jobs settle so refunds (none expected) would show.
    await new Promise((r) => setTimeout(r, 300));

    const adminCounts = JSON.parse((await send('GET', `${info.admin}/requests`, {})).body) as { counts: Record<string, Record<string, number>> };
    const state = JSON.parse((await send('GET', `${info.admin}/state`, {})).body) as { orgs: { handle: string; credits: number }[] };

    const client: Record<string, Record<string, number>> = {};
    for (const s of samples) {
      client[s.endpoint] ??= {};
      client[s.endpoint][s.status] = (client[s.endpoint][s.status] ?? 0) + 1;
    }
    // The setup search is a request too.
    client['POST /v2/search/contacts'] = { 200: 1 };
    const failures: string[] = [];
    const endpoints = new Set([...Object.keys(client), ...Object.keys(adminCounts.counts)]);
    for (const e of endpoints) {
      const a = JSON.stringify(Object.entries(adminCounts.counts[e] ?? {}).sort());
      const c = JSON.stringify(
        Object.entries(client[e] ?? {})
          .map(([k, v]) => [k, v])
          .sort(),
      );
      if (a !== c) failures.push(`counts differ on ${e}: server ${a}, client ${c}`);
    }

    let windowsChecked = 0;
    for (const [endpoint, limit] of Object.entries(LIMITED)) {
      const byWindow = new Map<number, Sample[]>();
      for (const s of samples) if (s.endpoint === endpoint) byWindow.set(s.reset, [...(byWindow.get(s.reset) ?? []), s]);
      for (const [reset, list] of byWindow) {
        windowsChecked++;
        const ok = list.filter((s) => s.status !== 429);
        const expectedOk = Math.min(limit, list.length);
        if (ok.length !== expectedOk) failures.push(`${endpoint} window ${reset}: ${ok.length} accepted of ${list.length}, expected ${expectedOk}`);
        const remaining = ok.map((s) => s.remaining).sort((a, b) => b - a);
        const expectedRemaining = Array.from({ length: ok.length }, (_, i) => limit - 1 - i);
        if (JSON.stringify(remaining) !== JSON.stringify(expectedRemaining))
          failures.push(`${endpoint} window ${reset}: Remaining values ${remaining.join(',')} are not ${limit - 1}..${limit - ok.length} once each`);
      }
    }

    const creditsNow = state.orgs.find((o) => o.handle === 'A')!.credits;
    const spent = INITIAL_CREDITS - creditsNow;
    if (spent !== researchAccepted) failures.push(`credits spent ${spent} != research requests accepted ${researchAccepted}`);
    if (errors > 0) failures.push(`${errors} transport errors`);

    const lat = samples.map((s) => s.ms).sort((a, b) => a - b);
    const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))].toFixed(2);
    const rps = samples.length / elapsed;
    const total429 = samples.filter((s) => s.status === 429).length;
    console.log(`sandbox load: ${samples.length} requests in ${elapsed.toFixed(2)} s with concurrency ${CONCURRENCY} (keep-alive, server in its own process)`);
    console.log(`  throughput   ${rps.toFixed(0)} requests/s (target >= ${TARGET_RPS}: ${rps >= TARGET_RPS ? 'met' : 'NOT met'})`);
    console.log(`  latency      p50 ${pct(50)} ms, p99 ${pct(99)} ms`);
    console.log(
      `  statuses     ${Object.entries(client)
        .map(([e, byStatus]) => `${e} ${JSON.stringify(byStatus)}`)
        .join('; ')}`,
    );
    console.log(`  429s         ${total429} received; ${windowsChecked} rate-limit windows checked on ${Object.keys(LIMITED).join(', ')}`);
    console.log(`  credits      ${spent} spent = ${researchAccepted} research requests accepted (balance ${creditsNow})`);
    console.log(`  accounting   ${failures.length === 0 ? 'OK: server counts equal client observations, no request counted twice or lost' : 'FAILED'}`);
    for (const f of failures.slice(0, 20)) console.log(`    - ${f}`);
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    agent.destroy();
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
