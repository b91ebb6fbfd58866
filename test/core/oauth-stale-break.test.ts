/**
 * Issue 21, point 4, piece by piece: the file lock renews its holder's lease (a holder slower than staleMs keeps it),
 * and a run that finds another run's recent refresh mark waits for the rotated token instead of sending the same
 * refresh token (which the service would refuse, leaving every run told to reconnect).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, readToken, runSync, writeToken } from '../../shared';
import { accessToken } from '../../shared/auth/oauth';
import { fileLocks } from '../../shared/hosts/file-token-store';
import { scriptedHost } from '../support/scripted-host';

it('a holder slower than staleMs keeps its lock: a waiter does not break it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lease-'));
  try {
    const holder = fileLocks(dir, { staleMs: 150 });
    const waiter = fileLocks(dir, { staleMs: 150 });
    await holder.acquire('k', 1000);
    // The holder works for four staleMs; the waiter gives up after three, without having broken the lock.
    await expect(waiter.acquire('k', 450)).rejects.toThrow(/Timed out after 450 ms waiting for the lock "k"/);
    await holder.release('k');
    await waiter.acquire('k', 1000);
    await waiter.release('k');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('the lock timeout names no file path', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lease-'));
  try {
    const holder = fileLocks(dir);
    await holder.acquire('k', 1000);
    const error = (await fileLocks(dir)
      .acquire('k', 100)
      .catch((e: unknown) => e)) as Error;
    expect(error.message).not.toContain(dir);
    expect(error.message).not.toMatch(/\.lock|\/tmp/);
    await holder.release('k');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('a run that finds a recent refresh mark waits for the rotated token and sends no refresh', () => {
  const client = createClient({
    auth: { type: 'oauth2', clientId: 'c', clientSecret: 's', redirectUri: 'https://x.example/cb', storeKey: 't' },
    random: () => 0.5,
    settings: { refreshAheadMs: 0 },
  });
  let polls = 0;
  const host = scriptedHost(() => {
    throw new Error('no request expected');
  });
  const start = host.now();
  runSync(
    writeToken('t', {
      accessToken: 'old',
      refreshToken: 'rt0',
      expiresAtMs: start - 1,
      refreshExpiresAtMs: null,
      refreshing: { by: 'other', sinceMs: start - 500 },
    }),
    host.sync,
  );
  // The other run's answer lands after a few polls: it writes the rotated token.
  const store = host.store;
  const get = store.get.bind(store);
  store.get = (key: string) => {
    if (++polls === 4)
      runSync(writeToken('t', { accessToken: 'new', refreshToken: 'rt1', expiresAtMs: start + 3_600_000, refreshExpiresAtMs: null }), host.sync);
    return get(key);
  };
  expect(runSync(accessToken(client, null), host.sync)).toBe('new');
  expect(host.log).toHaveLength(0);
  expect(runSync(readToken('t'), host.sync)?.refreshToken).toBe('rt1');
});
