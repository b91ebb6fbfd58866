import { call, runSync, type Client, type Flow, type Operation, type SyncHost } from '../../shared';
import { clientWith, type AddOnClient } from './add-on-client';
import { requireAuth } from './auth';
import { userCache } from './cache';
import { gasHost } from './host';
import { parsed } from './property-stores';
import { withPacingStore } from './pacing-store';
import { loadSettings, type AddOnSettings } from './settings';
import type * as z from '../../shared/validation/zod';

/**
 * Executions are short (a sidebar call, a cell, a trigger), so the pacing windows and the last credit
 * balance the service reported are carried between them in the user's cache: the next run paces from the
 * service's own headers instead of learning the window again through a 429.
 */
const STATE_TTL_S = 3600;

/**
 * Executions also run side by side (a column of cells, a sidebar call during a trigger): they pace from one window
 * per endpoint held in the user's cache under the user lock (pacing-store.ts), waiting at most this long for it.
 */
const PACING_LOCK_WAIT_MS = 5000;

function stateKey(client: Pick<Client, 'identity'>): string {
  return `pds.state.${client.identity}`;
}

export type { AddOnClient } from './add-on-client';

export function makeClient(overrides: Partial<AddOnSettings> = {}): AddOnClient {
  const settings = { ...loadSettings(), ...overrides };
  const client: AddOnClient = { ...clientWith(settings, requireAuth()), sharedPacing: { lockTimeoutMs: PACING_LOCK_WAIT_MS } };
  try {
    const saved = parsed<Client['state']>(userCache()?.get(stateKey(client)));
    if (saved) client.state = saved;
  } catch {
    // A lost cache entry only costs pacing accuracy.
  }
  return client;
}

export function saveClientState(client: Client): void {
  try {
    userCache()?.put(stateKey(client), JSON.stringify(client.state), STATE_TTL_S);
  } catch {
    // Too large or unavailable: pacing will be learned again from the next answer's headers.
  }
}

/** Runs a core flow with the Apps Script host, then keeps the pacing state for the next execution. */
export function run<T>(client: Client, flow: Flow<T>, host: SyncHost = gasHost()): T {
  try {
    return runSync(flow, withPacingStore(host));
  } finally {
    saveClientState(client);
  }
}

/** A sidebar's one catalogue operation, with its own client (its errors made readable for all sidebar functions: entry-points.ts). */
export function callOnce<R>(op: Operation<z.ZodMiniType, z.ZodMiniType, R>, input: unknown): R {
  const client = makeClient();
  return run(client, call(client, op, input));
}
