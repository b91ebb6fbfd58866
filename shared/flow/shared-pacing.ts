import type { Client } from '../client';
import { storeGet, storePut, type Flow } from '../effects';
import { isObject } from './is-object';
import { unknownWindowKey, type PacingState, type RateWindow } from './pacing';

/**
 * Pacing shared by runs that share no memory (Apps Script: every cell of a column is its own execution, up to 30
 * at once). The endpoint's window is kept in the host's store (one `pace:<credential>` entry) and read, changed and
 * written back under one lock, so a reservation taken by one run is seen by the next: cells wait their turn instead of
 * colliding into 429s. Without `client.sharedPacing` the window lives in the client's memory alone.
 */
/**
 * The store key of a credential's shared windows, from one endpoint's key (`<credential>|<endpoint>`): one entry per
 * credential holds every endpoint's window, so a run that meets a new endpoint adds no entry to the store.
 */
export function sharedPacingKey(key: string): string {
  const bar = key.lastIndexOf('|');
  return `pace:${bar === -1 ? key : key.slice(0, bar)}`;
}

const PACING_LOCK = 'pace';

interface Stored {
  w?: RateWindow;
  p?: RateWindow;
}

/** Every endpoint's stored windows of one credential, by endpoint key. */
type StoredWindows = Record<string, Stored>;

function parse(raw: string | null): StoredWindows {
  if (raw === null) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    return isObject(value) ? (value as StoredWindows) : {};
  } catch {
    return {};
  }
}

function merged(state: PacingState, key: string, stored: Stored | undefined): PacingState {
  if (!stored) return state;
  const pending = unknownWindowKey(key);
  const { [key]: _w, [pending]: _p, ...rest } = state;
  return { ...rest, ...(stored.w ? { [key]: stored.w } : {}), ...(stored.p ? { [pending]: stored.p } : {}) };
}

/** Applies one pacing step (a reservation, an answer) to the endpoint's window, shared when the client says so. */
export function* updatePacing<T>(client: Client, key: string, step: (state: PacingState) => { state: PacingState; value: T }): Flow<T> {
  // The step on this run's own copy of the windows.
  const inMemory = () => {
    const { state, value } = step(client.state.pacing);
    client.state.pacing = state;
    return value;
  };
  if (!client.sharedPacing) return inMemory();
  try {
    yield { kind: 'lock', op: 'acquire', key: PACING_LOCK, timeoutMs: client.sharedPacing.lockTimeoutMs };
  } catch {
    // The lock stays busy: pace from this run's copy rather than not at all.
    return inMemory();
  }
  try {
    const windows = parse(yield* storeGet(sharedPacingKey(key)));
    const { state, value } = step(merged(client.state.pacing, key, windows[key]));
    client.state.pacing = state;
    windows[key] = { w: state[key], p: state[unknownWindowKey(key)] };
    yield* storePut(sharedPacingKey(key), JSON.stringify(windows));
    return value;
  } finally {
    yield { kind: 'lock', op: 'release', key: PACING_LOCK };
  }
}
