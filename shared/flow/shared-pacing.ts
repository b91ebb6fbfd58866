import type { Client } from '../client';
import { storeGet, storePut, type Flow } from '../effects';
import { unknownWindowKey, type PacingState, type RateWindow } from './pacing';

/**
 * Pacing shared by runs that share no memory (Apps Script: every cell of a column is its own execution, up to 30
 * at once). The endpoint's window is kept in the host's store (`pace:` keys) and read, changed and written back
 * under one lock, so a reservation taken by one run is seen by the next: cells wait their turn instead of
 * colliding into 429s. Without `client.sharedPacing` the window lives in the client's memory alone.
 */
/** The store key of one endpoint's shared window (`<credential>|<endpoint>`). */
export function sharedPacingKey(key: string): string {
  return `pace:${key}`;
}

const PACING_LOCK = 'pace';

interface Stored {
  w?: RateWindow;
  p?: RateWindow;
}

function merged(state: PacingState, key: string, raw: string | null): PacingState {
  if (raw === null) return state;
  let stored: Stored;
  try {
    stored = JSON.parse(raw) as Stored;
  } catch {
    return state;
  }
  const pending = unknownWindowKey(key);
  const { [key]: _w, [pending]: _p, ...rest } = state;
  return { ...rest, ...(stored.w ? { [key]: stored.w } : {}), ...(stored.p ? { [pending]: stored.p } : {}) };
}

/** Applies one pacing step (a reservation, an answer) to the endpoint's window, shared when the client says so. */
export function* updatePacing<T>(client: Client, key: string, step: (state: PacingState) => { state: PacingState; value: T }): Flow<T> {
  if (!client.sharedPacing) {
    const { state, value } = step(client.state.pacing);
    client.state.pacing = state;
    return value;
  }
  try {
    yield { kind: 'lock', op: 'acquire', key: PACING_LOCK, timeoutMs: client.sharedPacing.lockTimeoutMs };
  } catch {
    // The lock stays busy: pace from this run's copy rather than not at all.
    const { state, value } = step(client.state.pacing);
    client.state.pacing = state;
    return value;
  }
  try {
    const current = merged(client.state.pacing, key, yield* storeGet(sharedPacingKey(key)));
    const { state, value } = step(current);
    client.state.pacing = state;
    const stored: Stored = { w: state[key], p: state[unknownWindowKey(key)] };
    yield* storePut(sharedPacingKey(key), JSON.stringify(stored));
    return value;
  } finally {
    yield { kind: 'lock', op: 'release', key: PACING_LOCK };
  }
}
