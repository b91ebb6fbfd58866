import { storeGet, storePut, type Flow } from '../effects';

/** What is stored per OAuth connection (user properties in Apps Script): secrets, never logged. */
export interface StoredToken {
  accessToken: string;
  refreshToken: string;
  expiresAtMs: number;
  refreshExpiresAtMs: number | null;
  /** Set once the service refused the refresh token for good: every run then asks the user to reconnect. */
  deadReason?: string;
  deadSinceMs?: number;
  /**
   * Set by the run about to send a refresh with this refresh token (`by`: a random id of that run). Another run that
   * finds it recent waits for the rotated token instead of sending the same, doomed refresh token (issue 21): this is
   * what keeps a stale lock break safe when the lock's holder was only slow.
   */
  refreshing?: { by: string; sinceMs: number };
}

export function* readToken(key: string): Flow<StoredToken | null> {
  const raw = yield* storeGet(key);
  if (!raw) return null;
  try {
    const t = JSON.parse(raw) as StoredToken;
    return typeof t.accessToken === 'string' && typeof t.refreshToken === 'string' ? t : null;
  } catch {
    return null;
  }
}

export function* writeToken(key: string, token: StoredToken): Flow<void> {
  yield* storePut(key, JSON.stringify(token));
}
