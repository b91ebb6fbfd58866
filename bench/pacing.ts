/**
 * Pacing benchmark: `npm run bench:pacing [-- --runs 8 --ops 75 --limit 30 --window 1000 --share 0.2 --burst 40]`.
 * Eight concurrent runs share one client (one credential, one pacer) against the real sandbox, started in
 * this process with short rate-limit windows. Part 1 prints the requests, the 429s per window per endpoint,
 * the operations that failed for rate limits, and the wall time against the lower bound (requests / limit ×
 * window) measured in the same run. Part 2 repeats it under forced 429 bursts (fault injection) and prints
 * the operations that failed. Exits 1 when an operation failed for rate limits or a window saw more than one 429.
 */
import { startSandbox, type RunningSandbox } from '../sandbox/index';
import { createClient, operation, RateLimitError, runAsync, type Client, type HttpRequest } from '../shared';
import { sendOne } from '../shared/flow/call';
import { fetchOnce, nodeFetchHost } from '../shared/hosts/node-fetch';

const args = process.argv.slice(2);
const arg = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const RUNS = arg('runs', 8);
const OPS = arg('ops', 75);
const LIMIT = arg('limit', 30);
const WINDOW_MS = arg('window', 1000);
const SHARE = arg('share', 0.2);
const BURST = arg('burst', 40);
/** Two endpoints, each with its own window (spec 8): the runs alternate between them. */
const OPERATIONS = ['lists.getAll', 'credits.get'] as const;

interface Seen {
  endpoint: string;
  status: number;
  reset: string;
}

interface Outcome {
  seen: Seen[];
  wallMs: number;
  failedRateLimit: number;
  failedOther: string[];
}

async function runAll(sb: RunningSandbox, settings: Record<string, number>): Promise<Outcome> {
  const seen: Seen[] = [];
  const client: Client = createClient({ auth: { type: 'apiKey', apiKey: sb.apiKey }, settings: { baseUrlV1: sb.v1, baseUrlV2: sb.v2, ...settings } });
  const host = nodeFetchHost({
    fetch: async (request: HttpRequest) => {
      const response = await fetchOnce(request);
      seen.push({ endpoint: request.endpoint, status: response.status, reset: response.headers['x-ratelimit-reset'] ?? '?' });
      return response;
    },
  });
  let failedRateLimit = 0;
  const failedOther: string[] = [];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: RUNS }, async (_, run) => {
      for (let i = 0; i < OPS; i++) {
        const id = OPERATIONS[(run + i) % OPERATIONS.length];
        try {
          await runAsync(sendOne(client, operation(id), {}), host);
        } catch (error) {
          if (error instanceof RateLimitError) failedRateLimit++;
          else failedOther.push(String((error as Error).message));
        }
      }
    }),
  );
  return { seen, wallMs: Date.now() - started, failedRateLimit, failedOther };
}

/** 429s grouped by endpoint and window (the window is named by its reset epoch). */
function tooManyByWindow(seen: Seen[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of seen) if (s.status === 429) counts.set(`${s.endpoint} @${s.reset}`, (counts.get(`${s.endpoint} @${s.reset}`) ?? 0) + 1);
  return counts;
}

function report(title: string, out: Outcome): { worstWindow: number; failed: number } {
  const requests = out.seen.length;
  const byEndpoint = new Map<string, number>();
  for (const s of out.seen) byEndpoint.set(s.endpoint, (byEndpoint.get(s.endpoint) ?? 0) + 1);
  const windows = tooManyByWindow(out.seen);
  const total429 = [...windows.values()].reduce((a, b) => a + b, 0);
  const worstWindow = Math.max(0, ...windows.values());
  // The busiest endpoint sets the bound: its requests cannot go faster than `limit` per window.
  const lowerBoundMs = Math.max(...[...byEndpoint.values()].map((n) => (n / LIMIT) * WINDOW_MS));
  console.log(`\n${title}`);
  console.log(`  requests: ${requests} (${[...byEndpoint].map(([e, n]) => `${e}: ${n}`).join(', ')})`);
  console.log(`  429s: ${total429} in all; per window per endpoint: max ${worstWindow}, windows with a 429: ${windows.size}`);
  console.log(
    `  operations failed for rate limits: ${out.failedRateLimit}; other failures: ${out.failedOther.length}${out.failedOther.length ? ` (${out.failedOther[0]})` : ''}`,
  );
  // Below 1 is possible: the first window is used from wherever the run starts in it, then the next one at once.
  console.log(
    `  wall time: ${(out.wallMs / 1000).toFixed(2)} s; lower bound (requests / limit × window) ${(lowerBoundMs / 1000).toFixed(2)} s; ratio ` +
      `${(out.wallMs / lowerBoundMs).toFixed(2)}`,
  );
  return { worstWindow, failed: out.failedRateLimit + out.failedOther.length };
}

async function main(): Promise<void> {
  const sb = await startSandbox({
    port: 0,
    contacts: 200,
    companies: 50,
    log: () => undefined,
    config: { rateLimit: { windowMs: WINDOW_MS, defaultLimit: LIMIT } },
  });
  // The margin past each reset is the default (learned from the sandbox's Date headers); the jitter after a 429 is
  // scaled to the 1 s window (the default 250 ms is a quarter of it).
  const settings = { resetJitterMs: 50 };
  console.log(`pacing benchmark: ${RUNS} concurrent runs on one client, ${OPS} operations each, limit ${LIMIT} per ${WINDOW_MS} ms per endpoint`);
  let ok = true;
  try {
    const plain = report('1. Concurrent runs, no faults', await runAll(sb, settings));
    ok &&= plain.worstWindow <= 1 && plain.failed === 0;
    const fault = (rule: object) =>
      fetch(`${sb.admin}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule) });
    await fault({ endpoint: '*', kind: 'rateLimit429', share: SHARE });
    await fault({ endpoint: 'GET /v2/lists', kind: 'rateLimit429', count: BURST });
    const title = `2. Forced 429s (fault injection): ${SHARE * 100}% of all requests, and a burst of the next ${BURST} on GET /v2/lists`;
    const burst = report(title, await runAll(sb, settings));
    console.log(`  failures = ${burst.failed}`);
    ok &&= burst.failed === 0;
  } finally {
    await sb.close();
  }
  if (!ok) {
    console.log('\nFAILED: an operation failed or a window saw more than one 429 without faults.');
    process.exitCode = 1;
  }
}

void main();
