/**
 * OAuth across processes (issue 9): twenty real Node processes share one OAuth connection through the file
 * token store and lock, against the real sandbox, across a token expiry. Exactly one refresh, zero failures.
 * Then the refresh token dies (the service rotated and the answer was lost): one refused refresh in all,
 * and every process gets the same clear "connect the account again" error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSandbox } from '../../sandbox/index';
import { connectWithCode, createClient, readToken, runAsync, type StoredToken } from '../../shared';
import { fileTokenHost } from '../../shared/hosts/file-token-store';
import { nodeFetchHost } from '../../shared/hosts/node-fetch';
import { admin, call, start } from '../sandbox/helpers';
import type { ProcessInput, ProcessOutput } from '../support/oauth-process';
import { bundleOAuthProcess, runOAuthProcess } from '../support/oauth-process-runner';

const PROCESSES = 20;
const TOKEN_ROUTE = 'POST /v2/oauth/accessToken';
const STORE_KEY = 'prospecting-oauth';

let sb: RunningSandbox;
let work: string;
let script: string;

beforeAll(async () => {
  // Short-lived access tokens so the runs cross an expiry; limits high enough that pacing plays no part.
  sb = await start({ config: { tokens: { accessTokenTtlSec: 20 }, rateLimit: { defaultLimit: 100_000, tokenRouteLimit: 100_000 } } as never });
  work = mkdtempSync(join(tmpdir(), 'oauth-processes-'));
  script = bundleOAuthProcess(work);
});

afterAll(async () => {
  await sb.close();
  rmSync(work, { recursive: true, force: true });
});

const form = (o: Record<string, string>) => new URLSearchParams(o).toString();

async function connect(dir: string): Promise<StoredToken> {
  const signIn = await call('POST', `${sb.auth}/oauth/authorize`, {
    rawBody: form({ client_id: sb.oauth.clientId, redirect_uri: sb.oauth.redirectUri, email: sb.user.email, password: sb.user.password }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const code = new URL(signIn.headers.get('location')!).searchParams.get('code')!;
  const client = createClient({
    auth: { type: 'oauth2', clientId: sb.oauth.clientId, clientSecret: sb.oauth.clientSecret, redirectUri: sb.oauth.redirectUri, storeKey: STORE_KEY },
    settings: { baseUrlV1: sb.v1, baseUrlV2: sb.v2 },
  });
  return runAsync(connectWithCode(client, code), nodeFetchHost(fileTokenHost(dir)));
}

const runProcess = (input: ProcessInput): Promise<ProcessOutput> => runOAuthProcess(script, input);

async function tokenRouteCounts(): Promise<Record<string, number>> {
  const r = await admin(sb, 'GET', '/requests');
  return (r.body.counts as Record<string, Record<string, number>>)[TOKEN_ROUTE] ?? {};
}

function inputFor(dir: string, startAtMs: number, before: number, thenAtMs: number, after: number): ProcessInput {
  return {
    dir,
    v1: sb.v1,
    v2: sb.v2,
    clientId: sb.oauth.clientId,
    clientSecret: sb.oauth.clientSecret,
    redirectUri: sb.oauth.redirectUri,
    startAtMs,
    before,
    thenAtMs,
    after,
  };
}

it(`${PROCESSES} processes crossing a token expiry: exactly one refresh, zero failures`, async () => {
  const dir = join(work, 'store-expiry');
  const connected = await connect(dir);
  await admin(sb, 'DELETE', '/requests');
  // Every process sends with the token still fresh, then all at once just after it expired.
  const startAtMs = connected.expiresAtMs - 4000;
  expect(startAtMs - Date.now()).toBeGreaterThan(3000); // time for the processes to start
  const outputs = await Promise.all(Array.from({ length: PROCESSES }, () => runProcess(inputFor(dir, startAtMs, 1, connected.expiresAtMs + 100, 3))));
  expect(outputs.flatMap((o) => o.errors)).toEqual([]);
  expect(outputs.map((o) => o.ok)).toEqual(Array(PROCESSES).fill(4));
  expect(outputs.every((o) => o.lastAtMs > connected.expiresAtMs)).toBe(true);
  expect(await tokenRouteCounts()).toEqual({ 200: 1 });
  const after = await runAsync(readToken(STORE_KEY), nodeFetchHost(fileTokenHost(dir)));
  expect(after!.refreshToken).not.toBe(connected.refreshToken);
  expect(after!.expiresAtMs).toBeGreaterThan(connected.expiresAtMs);
}, 60_000);

it(`a refresh token the service rotated while its answer was lost: one refused refresh in all, ${PROCESSES} clear errors`, async () => {
  const dir = join(work, 'store-lost');
  const connected = await connect(dir);
  // The service rotates (the previous access token stops working too); the answer never reaches the store.
  const lost = await call('POST', `${sb.v2}/oauth/accessToken`, {
    body: {
      client_id: sb.oauth.clientId,
      client_secret: sb.oauth.clientSecret,
      redirect_uri: sb.oauth.redirectUri,
      grant_type: 'refresh_token',
      refresh_token: connected.refreshToken,
    },
  });
  expect(lost.status).toBe(200);
  await admin(sb, 'DELETE', '/requests');
  const startAtMs = Date.now() + 3000;
  const outputs = await Promise.all(Array.from({ length: PROCESSES }, () => runProcess(inputFor(dir, startAtMs, 1, startAtMs, 0))));
  expect(outputs.map((o) => o.ok)).toEqual(Array(PROCESSES).fill(0));
  for (const o of outputs) {
    expect(o.errors).toHaveLength(1);
    expect(o.errors[0]).toMatch(/can no longer be refreshed.*connect the account again/);
  }
  expect(await tokenRouteCounts()).toEqual({ 400: 1 });
}, 60_000);
