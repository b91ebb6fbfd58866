import type { HttpRequest, HttpResponse, NetworkFailure, SyncHost, SyncLocks, SyncStore } from '../../shared';
import { redactor, secretsOf, type Redactor } from '../../shared/errors';
import { userProps } from './property-stores';
import { fail, isTimeUp } from './errors';

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

/** The script is out of time: no catch may swallow this, the run must end (and resume later). Throws it again. */
export function rethrowTimeUp(error: unknown): void {
  if (isTimeUp(error)) throw error;
}

function lowerCaseHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  return out;
}

function fetchParams(request: HttpRequest): GoogleAppsScript.URL_Fetch.URLFetchRequest {
  const headers: Record<string, string> = {};
  // UrlFetchApp sets Content-Type from `contentType`; the rest are passed as given.
  for (const [name, value] of Object.entries(request.headers)) if (name !== 'content-type') headers[name] = value;
  const params: GoogleAppsScript.URL_Fetch.URLFetchRequest = {
    url: request.url,
    method: request.method.toLowerCase() as GoogleAppsScript.URL_Fetch.HttpMethod,
    headers,
    muteHttpExceptions: true,
    followRedirects: false,
  };
  if (request.body !== undefined) {
    params.payload = request.body;
    params.contentType = request.headers['content-type'] ?? 'application/json';
  }
  return params;
}

/** One redactor per credential in an execution (building one is the costly part). */
const redactors = new Map<string, Redactor>();

/**
 * Everything the add-on writes (cells, notes, the run log, sidebar answers and errors, logs, properties) comes from
 * the service's answers, so an answer that repeats the credential the request carried (a 2xx echo included) has it
 * hidden here, in every form, before anything reads it. A token request's answer is left whole: its tokens are
 * what the sign-in stores (in user properties only).
 */
function withoutEchoedSecrets(request: HttpRequest, response: HttpResponse): HttpResponse {
  const secrets = /grant_type/.test(request.body ?? '') ? [] : secretsOf(request);
  if (!response.body || !secrets.length) return response;
  const key = secrets.join('\n');
  const hide = redactors.get(key) ?? redactors.set(key, redactor(secrets)).get(key)!;
  return { ...response, body: hide.text(response.body) };
}

function answerOf(request: HttpRequest, response: GoogleAppsScript.URL_Fetch.HTTPResponse): HttpResponse {
  return withoutEchoedSecrets(request, {
    status: response.getResponseCode(),
    headers: lowerCaseHeaders(response.getAllHeaders() as Record<string, unknown>),
    body: response.getContentText(),
  });
}

/** A request that got no HTTP answer, and why. */
function unanswered(failure: NetworkFailure): HttpResponse {
  return { status: 0, headers: {}, body: '', failure };
}

export function gasFetch(request: HttpRequest): HttpResponse {
  const { url, ...params } = fetchParams(request);
  try {
    return answerOf(request, UrlFetchApp.fetch(url, params));
  } catch (error) {
    rethrowTimeUp(error);
    return unanswered(failureFrom(error));
  }
}

/** Checks Apps Script makes on the arguments, before any request of a fetchAll leaves. */
const REFUSED_BEFORE_SENDING = [/Invalid argument/i, /^Bad request/i];

/**
 * Several requests at once with UrlFetchApp.fetchAll. Apps Script throws for the whole call when one request
 * fails without an HTTP answer, without saying which or whether the others left: every request then gets a
 * failure that may have been sent (a safe one is tried again, an unsafe one is never repeated).
 */
export function gasFetchAll(requests: HttpRequest[]): HttpResponse[] {
  if (requests.length === 1) return [gasFetch(requests[0])];
  try {
    return UrlFetchApp.fetchAll(requests.map(fetchParams)).map((response, i) => answerOf(requests[i], response));
  } catch (error) {
    rethrowTimeUp(error);
    const failure = failureFrom(error);
    const maybeSent = !REFUSED_BEFORE_SENDING.some((re) => re.test(failure.message));
    return requests.map(() => unanswered({ ...failure, maybeSent }));
  }
}

/** User properties: the only place secrets (API key, OAuth tokens) are kept. */
export function userStore(): SyncStore {
  const props = userProps();
  return {
    get: (key) => props.getProperty(key),
    put: (key, value) => void props.setProperty(key, value),
    delete: (key) => void props.deleteProperty(key),
  };
}

/** A wait this run refused (the rate window or the user lock past its deadline): said in words, tried again later. */
export const WAIT_REFUSED = /longer than this run may last|busy with your rate budget/;

/**
 * One user lock for every named core lock: Apps Script has no named locks, and a user's runs are few. Waited for no
 * longer than `untilMs` (a cell's 30 s), and a lock not had is said in words, never Apps Script's "Lock timeout".
 */
export function userLocks(untilMs = Infinity): SyncLocks {
  const lock = LockService.getUserLock();
  return {
    acquire: (_key, timeoutMs) => {
      if (!lock.tryLock(Math.max(0, Math.min(timeoutMs, untilMs - Date.now()))))
        fail('Your other add-on runs are busy with your rate budget right now. Try again in a minute.');
    },
    release: () => lock.releaseLock(),
  };
}

/** Runs `work` under `lock` when it is had within `waitMs`; else `busy()` (never Apps Script's raw "Lock timeout"). */
export function ifLockFree<T>(lock: GoogleAppsScript.Lock.Lock, waitMs: number, work: () => T, busy: () => T): T {
  if (!lock.tryLock(waitMs)) return busy();
  try {
    return work();
  } finally {
    lock.releaseLock();
  }
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
      fail(`The service's rate limit asks to wait ${Math.ceil(ms / 1000)} s, longer than this run may last. Try again in a minute.`);
    }
    sleepMs(ms);
  };
}

/** The SyncHost for runSync: UrlFetchApp, Utilities.sleep, the clock, user properties and the user lock. */
export function gasHost(overrides: Partial<SyncHost> = {}): SyncHost {
  return { fetch: gasFetch, fetchAll: gasFetchAll, sleep: sleepMs, now: () => Date.now(), store: userStore(), locks: userLocks(), ...overrides };
}
