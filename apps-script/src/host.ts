import type { HttpRequest, HttpResponse, NetworkFailure, SyncHost, SyncLocks, SyncStore } from '../../shared';

/**
 * Apps Script's messages for a request that never left (DNS, refused connection) versus one that may have
 * reached the service (timeout, anything unknown). Only the first kind is safe to repeat blindly.
 */
const NOT_SENT = [/^DNS error/i, /^Address unavailable/i, /Invalid argument/i, /^Bad request/i];

export function failureFrom(error: unknown): NetworkFailure {
  const message = error instanceof Error ? error.message : String(error);
  const notSent = NOT_SENT.some((re) => re.test(message));
  const code = /^Timeout/i.test(message) ? 'ETIMEDOUT' : notSent ? 'ENOTSENT' : 'EFETCH';
  return { code, message, maybeSent: !notSent };
}

/** The script is out of time: no host call may swallow this, the run must end (and resume later). */
export function isTimeUp(error: unknown): boolean {
  return error instanceof Error && /Exceeded maximum execution time/i.test(error.message);
}

function lowerCaseHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  return out;
}

export function gasFetch(request: HttpRequest): HttpResponse {
  const headers: Record<string, string> = {};
  // UrlFetchApp sets Content-Type from `contentType`; the rest are passed as given.
  for (const [name, value] of Object.entries(request.headers)) if (name !== 'content-type') headers[name] = value;
  const params: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions = {
    method: request.method.toLowerCase() as GoogleAppsScript.URL_Fetch.HttpMethod,
    headers,
    muteHttpExceptions: true,
    followRedirects: false,
  };
  if (request.body !== undefined) {
    params.payload = request.body;
    params.contentType = request.headers['content-type'] ?? 'application/json';
  }
  try {
    const response = UrlFetchApp.fetch(request.url, params);
    return {
      status: response.getResponseCode(),
      headers: lowerCaseHeaders(response.getAllHeaders() as Record<string, unknown>),
      body: response.getContentText(),
    };
  } catch (error) {
    if (isTimeUp(error)) throw error;
    return { status: 0, headers: {}, body: '', failure: failureFrom(error) };
  }
}

/** User properties: the only place secrets (API key, OAuth tokens) are kept. */
export function userStore(): SyncStore {
  const props = PropertiesService.getUserProperties();
  return {
    get: (key) => props.getProperty(key),
    put: (key, value) => void props.setProperty(key, value),
    delete: (key) => void props.deleteProperty(key),
  };
}

/** One user lock for every named core lock: Apps Script has no named locks, and a user's runs are few. */
export function userLocks(): SyncLocks {
  const lock = LockService.getUserLock();
  return {
    acquire: (_key, timeoutMs) => lock.waitLock(timeoutMs),
    release: () => lock.releaseLock(),
  };
}

/** Utilities.sleep takes at most 5 minutes per call. */
function sleepMs(ms: number): void {
  for (let left = ms; left > 0; left -= 300000) Utilities.sleep(Math.min(left, 300000));
}

/**
 * A sleep that refuses to wait past `deadlineMs` (a custom function has 30 s): better a clear error in the
 * cell than Apps Script cutting the run with "Exceeded maximum execution time".
 */
export function sleepUntil(deadlineMs: number): (ms: number) => void {
  return (ms) => {
    if (Date.now() + ms > deadlineMs) {
      throw new Error(`The service's rate limit asks to wait ${Math.ceil(ms / 1000)} s, longer than this run may last. Try again in a minute.`);
    }
    sleepMs(ms);
  };
}

/** The SyncHost for runSync: UrlFetchApp, Utilities.sleep, the clock, user properties and the user lock. */
export function gasHost(overrides: Partial<SyncHost> = {}): SyncHost {
  return { fetch: gasFetch, sleep: sleepMs, now: () => Date.now(), store: userStore(), locks: userLocks(), ...overrides };
}
