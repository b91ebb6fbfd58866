/**
 * A token store and a lock that several Node processes can share (plain Node use: scripts, workers, cron
 * jobs using one OAuth connection). The core stays I/O-free: it yields store and lock effects, this host
 * carries them out on files in one directory.
 *
 * - Store: one file per key, replaced atomically (write a temporary file, then rename), readable by the owner only.
 * - Lock: a lock file created exclusively (`wx`); it names its holder (host, pid, a random token, the time).
 *   A lock whose holder process is gone (same host), or older than `staleMs`, is broken; breaking renames the
 *   file away first, so two waiters cannot both break one lock and then delete each other's.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { AsyncLocks, AsyncStore } from '../drivers/host';

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

  async function isStale(path: string): Promise<Holder | 'unreadable' | null> {
    const holder = await readHolder(path);
    if (holder) {
      const gone = holder.host === hostname() && !alive(holder.pid);
      return gone || Date.now() - holder.at > staleMs ? holder : null;
    }
    const stat = await fs.stat(path).catch(() => null);
    return stat && Date.now() - stat.mtimeMs > staleMs ? 'unreadable' : null;
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
          throw new Error(`Timed out after ${timeoutMs} ms waiting for the lock "${key}" (${path}) held by another process`);
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    async release(key) {
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
