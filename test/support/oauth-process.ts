/**
 * One plain-Node process using an OAuth connection kept in a shared directory (the file token store and lock).
 * Bundled by the test with esbuild and started many times at once. Input: one JSON argument; output: one JSON
 * line with the requests that succeeded, the errors met and when it sent.
 */
import { createClient, operation, runAsync } from '../../shared';
import { sendOne } from '../../shared/flow/call';
import { fileTokenHost } from '../../shared/hosts/file-token-store';
import { nodeFetchHost } from '../../shared/hosts/node-fetch';

export interface ProcessInput {
  dir: string;
  v1: string;
  v2: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Epoch ms: send `before` requests from then, then `after` requests from `thenAtMs` on (all processes at once). */
  startAtMs: number;
  before: number;
  thenAtMs: number;
  after: number;
  /** The file lock's staleMs (a short one makes a slow holder look dead to a lock without lease renewal). */
  staleMs?: number;
  /** Extra client settings (a short lockTimeoutMs, ...). */
  settings?: Record<string, unknown>;
}

export interface ProcessOutput {
  ok: number;
  errors: string[];
  /** When this process was ready to send, and when it sent its first and last request (epoch ms). */
  readyAtMs: number;
  firstAtMs: number;
  lastAtMs: number;
}

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2]) as ProcessInput;
  const client = createClient({
    auth: { type: 'oauth2', clientId: input.clientId, clientSecret: input.clientSecret, redirectUri: input.redirectUri, storeKey: 'prospecting-oauth' },
    settings: { baseUrlV1: input.v1, baseUrlV2: input.v2, refreshAheadMs: 0, ...input.settings },
  });
  const host = nodeFetchHost(fileTokenHost(input.dir, input.staleMs ? { staleMs: input.staleMs } : {}));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  const readyAtMs = Date.now();
  const out: ProcessOutput = { ok: 0, errors: [], readyAtMs, firstAtMs: 0, lastAtMs: 0 };
  const one = async () => {
    out.firstAtMs ||= Date.now();
    out.lastAtMs = Date.now();
    try {
      await runAsync(sendOne(client, operation('lists.getAll'), {}), host);
      out.ok++;
    } catch (error) {
      out.errors.push((error as Error).message);
    }
  };
  await sleep(input.startAtMs - Date.now());
  for (let i = 0; i < input.before; i++) await one();
  await sleep(input.thenAtMs - Date.now());
  for (let i = 0; i < input.after; i++) await one();
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

void main();
