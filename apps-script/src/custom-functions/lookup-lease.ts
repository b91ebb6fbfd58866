import { ifLockFree } from '../host';
import { cache, headKey, markKey, parsed, putJson, type Head } from './lookup-store';

/**
 * Who builds the look-up index now: a "being built" mark (the lease) with its holder and until when it holds, taken and
 * given back under the user lock. The mark is kept as long as the index's own entries (its `until` says whether it
 * holds): the user cache keeps at most 1,000 items and drops those nearest their expiry first, and a column of 1,000
 * cells fills it with answers, so a mark stored for its 28 s was the first thing dropped and parts built side by side.
 */

/** A lease older than this is from an execution that died: another may take over. Renewed by every stored round. */
const MARK_MS = 28000;
/** A cell waits this long at most for the user lock (its holders keep it for a few cache calls). */
const LOCK_WAIT_MS = 3000;

interface Mark {
  until: number;
  by: string;
}

export type Claim = { kind: 'ready' } | { kind: 'busy' } | { kind: 'mine'; token: string };

/** `work` under the user lock, or `busy` when it is not had within LOCK_WAIT_MS (never a raw "Lock timeout"). */
export function underUserLock<T>(work: () => T, busy: T): T {
  return ifLockFree(LockService.getUserLock(), LOCK_WAIT_MS, work, () => busy);
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
  }, BUSY);
}

export const BUSY: Claim = { kind: 'busy' };

/**
 * Gives the lease back if it is still ours. Without the lock: nobody may claim a lease that still holds, and ours
 * was renewed by the last stored round, so it cannot run out between the look and the removal.
 */
export function release(base: string, token: string): void {
  if (holder(cache().get(markKey(base))) === token) cache().remove(markKey(base));
}
