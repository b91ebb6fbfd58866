/**
 * Issue 21, point 4: OAuth across 20 real Node processes sharing one connection (file token store and lock) against a
 * scripted token server. A holder slower than the lock's staleMs renews its lease and is never taken for dead (no
 * second refresh, no invalid_grant, nobody told to "connect again"); while the holder waits out 429s on the token
 * route, the others wait for it instead of failing on a lock timeout that names a file path.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAsync, writeToken } from '../../shared';
import { fileTokenHost } from '../../shared/hosts/file-token-store';
import { nodeFetchHost } from '../../shared/hosts/node-fetch';
import type { ProcessInput, ProcessOutput } from '../support/oauth-process';
import { bundleOAuthProcess, runOAuthProcess } from '../support/oauth-process-runner';

const PROCESSES = 20;
let work: string;
let script: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'oauth-slow-'));
  script = bundleOAuthProcess(work);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface TokenServer {
  url: string;
  refreshes: { status: number }[];
  close(): Promise<void>;
}

/**
 * A token route that rotates at once (the old refresh token dies when the request arrives) and answers after
 * `delayMs`; the first `limited` token requests get a 429 whose reset is `resetMs` away. GET /v2/lists takes any
 * access token it issued.
 */
async function tokenServer(opts: { delayMs: number; limited: number; resetMs: number }): Promise<TokenServer> {
  let refreshToken = 'rt0';
  let n = 0;
  const issued = new Set<string>();
  const refreshes: { status: number }[] = [];
  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.url?.startsWith('/v2/oauth/accessToken')) {
        const given = (JSON.parse(raw || '{}') as { refresh_token?: string }).refresh_token ?? new URLSearchParams(raw).get('refresh_token');
        if (opts.limited > 0) {
          opts.limited--;
          refreshes.push({ status: 429 });
          const reset = String(Math.ceil((Date.now() + opts.resetMs) / 1000));
          return send(res, 429, { message: 'Too many requests' }, { 'x-ratelimit-limit': '1', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset });
        }
        if (given !== refreshToken) {
          refreshes.push({ status: 400 });
          return send(res, 400, { error: 'invalid_grant', message: 'refresh token is not valid' });
        }
        n++;
        refreshToken = `rt${n}`;
        const answer = { token_type: 'Bearer', access_token: `at${n}`, refresh_token: refreshToken, expires_in: 3600 };
        issued.add(answer.access_token);
        refreshes.push({ status: 200 });
        setTimeout(() => send(res, 200, answer), opts.delayMs);
        return;
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!issued.has(bearer)) return send(res, 401, { message: 'invalid token' });
      send(
        res,
        200,
        { success: true, data: [] },
        { 'x-ratelimit-limit': '100000', 'x-ratelimit-remaining': '99999', 'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 60) },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, refreshes, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const runProcess = (input: ProcessInput): Promise<ProcessOutput> => runOAuthProcess(script, input);

/** 20 processes, two reads each, all starting together on an expired access token. */
async function runAll(server: TokenServer, extra: Pick<ProcessInput, 'staleMs' | 'settings'>): Promise<ProcessOutput[]> {
  const dir = mkdtempSync(join(work, 'store-'));
  await runAsync(
    writeToken('prospecting-oauth', { accessToken: 'expired', refreshToken: 'rt0', expiresAtMs: Date.now() - 1000, refreshExpiresAtMs: null }),
    nodeFetchHost(fileTokenHost(dir)),
  );
  const startAtMs = Date.now() + 4000;
  const base = { dir, v1: `${server.url}/v1`, v2: `${server.url}/v2`, clientId: 'c', clientSecret: 's', redirectUri: 'https://x.example/cb' };
  return Promise.all(Array.from({ length: PROCESSES }, () => runProcess({ ...base, startAtMs, before: 2, thenAtMs: 0, after: 0, ...extra })));
}

it('a refresh slower than staleMs: the holder keeps its lease; one refresh, 0 failed calls across 20 processes', async () => {
  const server = await tokenServer({ delayMs: 1500, limited: 0, resetMs: 0 });
  try {
    const outs = await runAll(server, { staleMs: 300 });
    expect(outs.flatMap((o) => o.errors)).toEqual([]);
    expect(outs.reduce((s, o) => s + o.ok, 0)).toBe(PROCESSES * 2);
    expect(server.refreshes).toEqual([{ status: 200 }]);
  } finally {
    await server.close();
  }
}, 60_000);

it('the holder waits out 429s on the token route: the others wait for it; 0 failed calls, no file path in any message', async () => {
  const server = await tokenServer({ delayMs: 0, limited: 2, resetMs: 1500 });
  try {
    const outs = await runAll(server, { settings: { lockTimeoutMs: 500 } });
    const errors = outs.flatMap((o) => o.errors);
    expect(errors.filter((e) => new RegExp(work.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).test(e))).toEqual([]);
    expect(errors).toEqual([]);
    expect(outs.reduce((s, o) => s + o.ok, 0)).toBe(PROCESSES * 2);
    expect(server.refreshes.filter((r) => r.status === 200)).toHaveLength(1);
    expect(server.refreshes.filter((r) => r.status === 400)).toHaveLength(0);
  } finally {
    await server.close();
  }
}, 60_000);
