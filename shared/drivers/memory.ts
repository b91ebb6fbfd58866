import type { AsyncLocks, SyncLocks, SyncStore } from './host';

/** A store that lives as long as the process: the default when a host offers none. */
export function memoryStore(initial: Record<string, string> = {}): SyncStore {
  const data = new Map(Object.entries(initial));
  return {
    get: (key) => data.get(key) ?? null,
    put: (key, value) => void data.set(key, value),
    delete: (key) => void data.delete(key),
  };
}

/**
 * Locks for a single-threaded synchronous run: nothing else can hold them while we run, so acquiring
 * only has to detect a flow that forgot to release.
 */
export function processLocksSync(): SyncLocks {
  const held = new Set<string>();
  return {
    acquire(key) {
      if (held.has(key)) throw new Error(`Lock "${key}" is already held by this run`);
      held.add(key);
    },
    release: (key) => void held.delete(key),
  };
}

/**
 * Async mutexes per key within one process (several n8n items or executions in one worker). No timer:
 * a holder only does bounded work (one token refresh), and n8n's lint forbids setTimeout in nodes.
 */
export function processLocksAsync(): AsyncLocks {
  const tails = new Map<string, Promise<void>>();
  const releases = new Map<string, () => void>();
  return {
    async acquire(key) {
      const previous = tails.get(key) ?? Promise.resolve();
      let release!: () => void;
      const mine = new Promise<void>((resolve) => (release = resolve));
      tails.set(
        key,
        previous.then(() => mine),
      );
      await previous;
      releases.set(key, release);
    },
    release(key) {
      const release = releases.get(key);
      releases.delete(key);
      release?.();
    },
  };
}
