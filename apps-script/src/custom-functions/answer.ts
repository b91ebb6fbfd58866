import { cacheGet, cacheKey, cachePut } from '../cache';
import type { CellValue } from '../cells';
import { makeClient, run, type AddOnClient } from '../client';
import { userError } from '../errors';
import { gasHost, sleepUntil } from '../host';
import type { Flow } from '../../../shared';

/** Sheets gives a custom function 30 s; keep a margin for writing the answer back. */
const CUSTOM_FUNCTION_BUDGET_MS = 25000;

export interface Answering {
  client: AddOnClient;
  /** Runs a core flow within the custom function's time budget. */
  run<T>(flow: Flow<T>): T;
}

/**
 * The frame of every custom function: free operations only (no flow here can spend credits), an answer from
 * the user's cache when the same document asked the same thing within the TTL, and errors thrown as one
 * readable message (the cell shows #ERROR! with it).
 */
export function answer(fn: string, args: readonly unknown[], compute: (a: Answering) => CellValue[][]): CellValue[][] {
  try {
    const deadline = Date.now() + CUSTOM_FUNCTION_BUDGET_MS;
    // A short answer beats a long wait: two tries on a 429, then a clear error in the cell.
    const client = makeClient({ maxRateLimitTries: 2 });
    const key = cacheKey(fn, [client.identity, ...args]);
    const hit = cacheGet<CellValue[][]>(key);
    if (hit) return hit;
    const host = gasHost({ sleep: sleepUntil(deadline) });
    const value = compute({ client, run: (flow) => run(client, flow, host) });
    cachePut(key, value, client.addOn.cacheTtlS);
    return value;
  } catch (error) {
    throw userError(error);
  }
}
