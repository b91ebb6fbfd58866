import { cache, headKey, markKey, parsed, putJson, type Head } from './lookup-store';

/**
 * Who builds the look-up index now: a "being built" mark (the lease) with its holder and until when it holds, taken and
 * given back under the user lock. The mark is kept as long as the index's own entries (its `until` says whether it
 * holds): the user cache keeps at most 1,000 items and drops those nearest their expiry first, and a column of 1,000
 * cells fills it with answers, so a mark stored for its 28 s was the first thing dropped and parts built side by side.
 */

/** A lease older than this is from an execution that died: another may take over. Renewed by every stored round. */
const MARK_MS = 28000;
const LOCK_WAIT_MS = 10000;

interface Mark {
  until: number;
  by: string;
}

export type Claim = { kind: 'ready' } | { kind: 'busy' } | { kind: 'mine'; token: string };

export function underUserLock<T>(work: () => T): T {
  const lock = LockService.getUserLock();
  lock.waitLock(LOCK_WAIT_MS);
  try {
    return work();
  } finally {
    lock.releaseLock();
  }
}

/** The mark's holder while it holds, else null. */
export function holder(text: string | null | undefined): string | null {
  const mark = parsed<Mark>(text);
  return mark && mark.until > Date.now() ? mark.by : null;
}

export function putMark(base: string, token: string): void {
  putJson(markKey(base), { until: Date.now() + MARK_MS, by: token } satisfies Mark);
}

/** Under the user lock: an index fresh enough is ready; a live lease means another execution builds; else it is ours. */
export function claim(base: string, freshMs: number): Claim {
  return underUserLock(() => {
    const head = parsed<Head>(cache().get(headKey(base)));
    if (head && Date.now() - head.at < freshMs) return { kind: 'ready' };
    if (holder(cache().get(markKey(base)))) return { kind: 'busy' };
    const token = Utilities.getUuid();
    putMark(base, token);
    return { kind: 'mine', token };
  });
}

/** Gives the lease back if it is still ours (a lease that ran out may be another execution's by now). */
export function release(base: string, token: string): void {
  underUserLock(() => {
    if (holder(cache().get(markKey(base))) === token) cache().remove(markKey(base));
  });
}
