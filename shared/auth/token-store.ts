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
