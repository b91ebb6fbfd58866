/**
 * A token store and a lock that several Node processes can share (plain Node use: scripts, workers, cron
 * jobs using one OAuth connection). The core stays I/O-free: it yields store and lock effects, this host
 * carries them out on files in one directory.
 *
 * - Store: one file per key, replaced atomically (write a temporary file, then rename), readable by the owner only.
 * - Lock: a lock file created exclusively (`wx`); it names its holder (host, pid, a random token, the time).
 *   While it holds the lock, the holder renews its lease (`renewedAt`) every third of `staleMs`, so a holder
 *   that is slow (a refresh waiting out 429s, a slow token route) is never taken for dead (issue 21). A lock whose
 *   holder process is gone (same host), or not renewed for `staleMs`, is broken; breakers take a guard file and
 *   judge again under it, so two waiters cannot both break one lock and then delete each other's.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { AsyncLocks, AsyncStore } from '../drivers/host';
import { ProspectingError } from '../errors';

/** A key as a file name: letters, digits, `-` and `_` kept, anything else percent-encoded (no path separators). */
function fileName(key: string, suffix: string): string {
  return `${key.replace(/[^A-Za-z0-9_-]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}${suffix}`;
}

async function ensureDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
}

export function fileStore(dir: string): AsyncStore {
  return {
    async get(key) {
      try {
        return await fs.readFile(join(dir, fileName(key, '.json')), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async put(key, value) {
      await ensureDir(dir);
      const target = join(dir, fileName(key, '.json'));
      const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(temp, value, { mode: 0o600 });
      await fs.rename(temp, target);
    },
    async delete(key) {
      await fs.rm(join(dir, fileName(key, '.json')), { force: true });
    },
  };
}

export interface FileLockOptions {
  /** A lock older than this is taken to be abandoned (its holder hung or its machine went away). */
  staleMs?: number;
  /** How often a waiter looks again. */
  pollMs?: number;
}

interface Holder {
  host: string;
  pid: number;
  token: string;
  at: number;
  /** The holder's last lease renewal; absent until the first. */
  renewedAt?: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(path: string): Promise<Holder | null> {
  try {
    return JSON.parse(await fs.readFile(path, 'utf8')) as Holder;
  } catch {
    // Missing, or caught between create and write: not judged stale until it is old.
    return null;
  }
}

/** A breaker holds its guard for a few file operations; one older than this was left by a dead process. */
const GUARD_STALE_MS = 10_000;

export function fileLocks(dir: string, options: FileLockOptions = {}): AsyncLocks {
  const staleMs = options.staleMs ?? 60_000;
  const pollMs = options.pollMs ?? 25;
  const mine = new Map<string, string>();

  const renewals = new Map<string, ReturnType<typeof setInterval>>();

  /** A lock is stale when its holder is gone (same host) or has not renewed its lease for `staleMs`. */
  async function isStale(path: string): Promise<Holder | 'unreadable' | null> {
    const holder = await readHolder(path);
    if (holder) {
      const gone = holder.host === hostname() && !alive(holder.pid);
      return gone || Date.now() - (holder.renewedAt ?? holder.at) > staleMs ? holder : null;
    }
    const stat = await fs.stat(path).catch(() => null);
    return stat && Date.now() - stat.mtimeMs > staleMs ? 'unreadable' : null;
  }

  /**
   * Renews our lease while we hold the lock: the holder record, with `renewedAt` now, replaces the file atomically
   * (a waiter never reads half a record). Only our own lock is renewed; a lock broken anyway (a holder starved of
   * CPU for `staleMs`) is made safe by the token store's refresh mark (auth/oauth.ts), not by this.
   */
  function renewWhileHeld(key: string, path: string, token: string): void {
    const timer = setInterval(
      () =>
        void (async () => {
          const holder = await readHolder(path);
          if (holder?.token !== token) return;
          const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.renew`;
          try {
            await fs.writeFile(temp, JSON.stringify({ ...holder, renewedAt: Date.now() } satisfies Holder), { mode: 0o600 });
            await fs.rename(temp, path);
          } catch {
            await fs.rm(temp, { force: true }).catch(() => undefined);
          }
        })(),
      Math.max(10, Math.floor(staleMs / 3)),
    );
    timer.unref?.();
    renewals.set(key, timer);
  }

  function stopRenewing(key: string): void {
    const timer = renewals.get(key);
    if (timer) clearInterval(timer);
    renewals.delete(key);
  }

  /**
   * Removes an abandoned lock. Breakers take a guard file first and judge the lock again under it, so two
   * waiters can never both break one lock, nor remove a live lock taken between their look and their break.
   */
  async function breakLock(path: string, judged: Holder | 'unreadable'): Promise<void> {
    const guard = `${path}.break`;
    try {
      await (await fs.open(guard, 'wx', 0o600)).close();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A breaker that died while holding the guard: its guard is dropped once old.
      const stat = await fs.stat(guard).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > GUARD_STALE_MS) await fs.rm(guard, { force: true });
      return;
    }
    try {
      const now = await isStale(path);
      const same = now === 'unreadable' ? judged === 'unreadable' : now !== null && judged !== 'unreadable' && now.token === judged.token;
      if (same) await fs.rm(path, { force: true });
    } finally {
      await fs.rm(guard, { force: true });
    }
  }

  return {
    async acquire(key, timeoutMs) {
      await ensureDir(dir);
      const path = join(dir, fileName(key, '.lock'));
      const token = randomBytes(12).toString('hex');
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          const handle = await fs.open(path, 'wx', 0o600);
          try {
            await handle.writeFile(JSON.stringify({ host: hostname(), pid: process.pid, token, at: Date.now() } satisfies Holder));
          } finally {
            await handle.close();
          }
          mine.set(key, token);
          renewWhileHeld(key, path, token);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
        const stale = await isStale(path);
        if (stale) {
          await breakLock(path, stale);
          if (!(await isStale(path))) continue;
        }
        if (Date.now() >= deadline) {
          // No file path in the message: it is shown to users, and the path says nothing they can act on.
          throw new ProspectingError(
            `Timed out after ${timeoutMs} ms waiting for the lock "${key}" held by another process (it is refreshing the OAuth token, which ` +
              'can take long while the token route is rate limited). Nothing was sent; the connection itself is fine.',
            { code: 'lockTimeout', hint: 'Run again in a moment; if it keeps happening, raise lockTimeoutMs.' },
          );
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    async release(key) {
      stopRenewing(key);
      const token = mine.get(key);
      mine.delete(key);
      if (!token) return;
      const path = join(dir, fileName(key, '.lock'));
      // Only our own lock: if it was broken as stale and taken by another, leave theirs alone.
      const holder = await readHolder(path);
      if (holder?.token === token) await fs.rm(path, { force: true });
    },
  };
}

/** Store and locks for `nodeFetchHost`: `nodeFetchHost(fileTokenHost(dir))`. */
export function fileTokenHost(dir: string, options: FileLockOptions = {}): { store: AsyncStore; locks: AsyncLocks } {
  return { store: fileStore(dir), locks: fileLocks(dir, options) };
}
