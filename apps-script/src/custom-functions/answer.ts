import { cacheGet, cacheKey, cachePut } from '../cache';
import type { CellValue } from '../cells';
import { makeClient, run, type AddOnClient } from '../client';
import { fail, userError } from '../errors';
import { gasFetch, gasFetchAll, gasHost, sleepUntil, userLocks } from '../host';
import { runSync, type Flow, type HttpRequest, type SyncHost } from '../../../shared';
import { tokenFreshness } from '../../../shared/auth/freshness';

/** Sheets gives a custom function 30 s; keep a margin for writing the answer back. */
const CUSTOM_FUNCTION_BUDGET_MS = 25000;
/**
 * When this execution started loading the script (the bundle's first statement, build.mjs): its 30 s count from its
 * start, not from when the function got to run, which on a busy host is seconds later.
 */
declare const __pdsLoadedAt: number | undefined;
const LOADED_AT = typeof __pdsLoadedAt === 'number' ? __pdsLoadedAt : Date.now();

export const RENEW_SIGN_IN = 'The sign-in needs renewing: open the sidebar and press Test connection.';

/**
 * A custom function must never refresh an OAuth token: the refresh rotates both tokens at the service (the old
 * refresh token dies), and a custom function cannot setProperty, so the new pair would be lost and the
 * owner's connection broken. The sidebar and the hourly trigger refresh ahead of expiry; a cell only uses a
 * token that is still fresh by the core's own measure (tokenFreshness), and says so otherwise, before any request.
 */
function requireFreshToken(client: AddOnClient): void {
  if (runSync(tokenFreshness(client), gasHost()) === 'stale') fail(RENEW_SIGN_IN);
}

/** The backstop: a token request (a refresh after a 401) is refused before it leaves, alone or among others. */
function noTokenRequests(client: AddOnClient): Pick<SyncHost, 'fetch' | 'fetchAll'> {
  const refuse = (request: HttpRequest) => {
    if (client.auth.type === 'oauth2' && /\/oauth\/accessToken(?:[?#]|$)/.test(request.url)) fail(RENEW_SIGN_IN);
  };
  return {
    fetch: (request) => (refuse(request), gasFetch(request)),
    fetchAll: (requests) => (requests.forEach(refuse), gasFetchAll(requests)),
  };
}

export interface Answering {
  /** The custom function's name (part of every cache key it writes). */
  fn: string;
  client: AddOnClient;
  /** The latest this cell may still work (ms): its budget, counted from the execution's start. */
  deadline: number;
  /** Runs a core flow within the custom function's time budget; a wait that would end after `waitUntil` (ms) throws. */
  run<T>(flow: Flow<T>, waitUntil?: number): T;
  /** The answer leaves something unanswered for now (past the rate budget): it is shown but not cached. */
  incomplete(): void;
}

/**
 * How a look-up or a cell's flow runs until `deadline`: each run's waits (rate windows, locks) cut by its own `until`
 * and never past the deadline. The sidebar's look-up job (sidebar/lookup-job.ts) runs the cells' build the same way.
 */
export function answering(
  fn: string,
  client: AddOnClient,
  deadline: number,
  incomplete: () => void,
  fetches: Partial<Pick<SyncHost, 'fetch' | 'fetchAll'>> = {},
): Answering {
  const hostUntil = (until: number) => gasHost({ sleep: sleepUntil(until), locks: userLocks(until), ...fetches });
  const host = hostUntil(deadline);
  return { fn, client, deadline, run: (flow, until) => run(client, flow, until === undefined ? host : hostUntil(Math.min(until, deadline))), incomplete };
}

/**
 * The frame of every custom function: free operations only (no flow here can spend credits), an answer from
 * the user's cache when the same document asked the same thing within the TTL, and errors thrown as one
 * readable message (the cell shows #ERROR! with it).
 */
export function answer(fn: string, args: readonly unknown[], compute: (a: Answering) => CellValue[][]): CellValue[][] {
  try {
    const deadline = LOADED_AT + CUSTOM_FUNCTION_BUDGET_MS;
    // A short answer beats a long wait: two tries on a 429, then a clear error in the cell.
    const client = makeClient({ maxRateLimitTries: 2 });
    const key = cacheKey(fn, [client.identity, ...args]);
    const hit = cacheGet<CellValue[][]>(key);
    if (hit) return hit;
    requireFreshToken(client);
    let complete = true;
    const value = compute(answering(fn, client, deadline, () => (complete = false), noTokenRequests(client)));
    if (complete) cachePut(key, value, client.addOn.cacheTtlS);
    return value;
  } catch (error) {
    throw userError(error);
  }
}
