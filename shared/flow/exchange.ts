import type { Sendable } from '../catalogue/types';
import type { Client } from '../client';
import { http, nowMs, sleep, type Flow, type HttpRequest, type HttpResponse } from '../effects';
import { errorFromResponse, NetworkError, RateLimitError, redactRequest, redactValues, secretsOf, ServerError } from '../errors';
import { marginAfterReset, observeDate, observeRefusal } from './clock';
import { observe, readRateHeaders, reserve, waitAfter429, type RateHeaders } from './pacing';
import { followRedirect, isRedirect } from './redirect';
import { backoffMs, decideRetry } from './retry';
import { updatePacing } from './shared-pacing';

/** Keeps the credit balance current from X-PublicAPI-Credits. */
function noteCredits(client: Client, response: HttpResponse, now: number): void {
  const raw = response.headers['x-publicapi-credits'];
  const balance = Number(raw);
  if (raw === undefined || raw === '' || !Number.isFinite(balance)) return;
  client.state.credits = { balance, observedAtMs: now };
}

/** What a 429's X-RateLimit-Reset said, when it gave no reset to wait for (absent, not a time, or already past). */
export function unusableReset(raw: string | undefined, resetAtMs: number | undefined, now: number): string | null {
  if (resetAtMs !== undefined && resetAtMs > now) return null;
  if (raw === undefined || raw.trim() === '') return 'no X-RateLimit-Reset';
  if (resetAtMs === undefined) return `X-RateLimit-Reset "${raw.slice(0, 40)}", which is not a time`;
  return `X-RateLimit-Reset "${raw.slice(0, 40)}" (${new Date(resetAtMs).toISOString()}), already past by this machine's clock`;
}

/**
 * The one way a rate limit ends a run: its reset lies beyond the time the run may wait (maxRateLimitWaitMs, counted
 * from the request's first 429), or, with no usable reset, the growing backoff has used that time up. `refused`: the
 * 429s this request met (0: the pacer saw it coming, nothing sent). `unusable`: what the last 429 said instead of a reset.
 */
function tooLongWait(
  op: Sendable,
  request: HttpRequest,
  waitMs: number,
  resetAtMs: number | undefined,
  now: number,
  refused = 0,
  unusable: string | null = null,
): RateLimitError {
  const outcome = refused ? `Refused ${refused} time${refused === 1 ? '' : 's'} with 429; the service did not act on it.` : 'Nothing was sent.';
  const allowed = `the longest wait allowed (${Math.round(waitMs / 1000)} s, counted from the first 429, > maxRateLimitWaitMs)`;
  const waitS = Math.ceil(waitMs / 1000);
  const said = unusable
    ? `the service gave ${unusable}; after backing off with growing waits, the next wait (${waitS} s) would pass the longest ` +
      'wait allowed in all (maxRateLimitWaitMs, counted from the first 429)'
    : `the organization's rate limit for this endpoint resets ${resetAtMs ? new Date(resetAtMs).toISOString() : `in ${waitS} s`}, later than ${allowed}`;
  return new RateLimitError(`${op.title}: ${said}. ${outcome}`, unusable ? undefined : (resetAtMs ?? now + waitMs), {
    status: 429,
    code: 'rateLimitExceeded',
    request: redactRequest(request),
    hint: unusable ? 'Run again later, or raise maxRateLimitWaitMs.' : 'Run again after the reset, or raise maxRateLimitWaitMs.',
  });
}

/** An answer (or a reservation given up) settles one request of the endpoint's window. */
function settle(client: Client, key: string, headers: RateHeaders): Flow<void> {
  return updatePacing(client, key, (pacing) => ({ state: observe(pacing, key, headers), value: undefined }));
}

/** How soon a run waiting for budget looks again while answers that may give it back are in flight. */
const RECHECK_MS = 100;

/**
 * Reserves one request of the endpoint's window for this run, waiting as the pacer says, and returns when (our
 * clock) it is sent. `limitedSince`: when this request met its first 429; the waits that follow it count against
 * maxRateLimitWaitMs in all.
 */
function* pace(client: Client, op: Sendable, request: HttpRequest, key: string, limitedSince: number | null): Flow<number> {
  const s = client.settings;
  for (;;) {
    const now = yield* nowMs();
    const marginMs = marginAfterReset(client.state.clock, s.resetMarginMs, now);
    const waited = limitedSince === null ? 0 : now - limitedSince;
    // A reservation is only kept when the run may wait for it; otherwise the window is left as it was.
    const paced = yield* updatePacing(client, key, (pacing) => {
      const decision = reserve(pacing, key, now, marginMs, { recheckMs: RECHECK_MS, staleMs: s.timeoutMs + marginMs });
      const tooLong = decision.waitMs > s.maxRateLimitWaitMs || waited + decision.waitMs > s.maxRateLimitWaitMs;
      return { state: tooLong ? pacing : decision.state, value: { ...decision, tooLong, resetAtMs: pacing[key]?.resetAtMs } };
    });
    if (paced.tooLong) throw tooLongWait(op, request, paced.waitMs, paced.resetAtMs, now);
    if (paced.waitMs > 0) {
      try {
        yield* sleep(paced.waitMs);
      } catch (error) {
        if (paced.reserved) yield* settle(client, key, {});
        throw error;
      }
    }
    if (paced.reserved) return now + paced.waitMs;
  }
}

/**
 * Adds the credential to a request. `rejected`: the access token the service just refused with 401, so a
 * refresh is due. A parameter rather than an import: signing (auth/) itself sends the token request
 * through this module, so the module cannot depend on it.
 */
export type Sign = (request: HttpRequest, rejected: string | null) => Flow<HttpRequest>;

/**
 * Sends a prepared request: paces ahead of time, signs it, retries only where the retry policy allows,
 * keeps pacing and credits current. Returns the 2xx answer or throws the error class that fits.
 */
export function* exchangeWith(client: Client, op: Sendable, first: HttpRequest, sign: Sign): Flow<HttpResponse> {
  let request = first;
  const s = client.settings;
  const key = `${client.identity}|${request.endpoint}`;
  let refreshedAfter401 = false;
  // 429s and other failures have separate budgets, so earlier 429s don't shorten the 5xx retries.
  let rateLimitedTries = 0;
  let otherTries = 0;
  // When this request met its first 429: the waits that follow count against maxRateLimitWaitMs in all.
  let limitedSince: number | null = null;
  // An earlier attempt may have been carried out: a count in the answer to the repeat may leave its part out.
  let repeatOfMaybeActed = false;
  // Redirects followed (a safe read on its own origin only, flow/redirect.ts), and 429s in a row without a usable reset.
  let redirects = 0;
  let noResetStreak = 0;
  for (;;) {
    const sentAt = yield* pace(client, op, request, key, limitedSince);
    let signed: HttpRequest;
    let response: HttpResponse;
    try {
      signed = yield* sign(request, null);
      response = yield* http(signed);
    } catch (error) {
      yield* settle(client, key, {});
      throw error;
    }
    const now = yield* nowMs();
    const rate = readRateHeaders(response.headers);
    const refused = response.status === 429;
    yield* settle(client, key, { ...rate, refused });
    const clock = observeDate(client.state.clock, response.headers.date, now);
    client.state.clock = refused ? observeRefusal(clock, sentAt, rate.resetAtMs, s.resetMarginMs) : clock;
    noteCredits(client, response, now);

    if (response.status === 401 && client.auth.type === 'oauth2' && op.auth === 'required' && !refreshedAfter401) {
      // Revoked, or rotated by another run: refresh once (unless another run already did), then try again.
      refreshedAfter401 = true;
      yield* sign(request, bearerOf(signed));
      continue;
    }
    if (isRedirect(response.status)) {
      const next = followRedirect(op, signed, response, redirects++);
      if (next instanceof Error) throw next;
      request = { ...request, url: next.url };
      continue;
    }
    let waitMs = 0;
    let unusable: string | null = null;
    if (refused) {
      rateLimitedTries++;
      limitedSince ??= now;
      unusable = unusableReset(response.headers['x-ratelimit-reset'], rate.resetAtMs, now);
      noResetStreak = unusable ? noResetStreak + 1 : 0;
      const margin = marginAfterReset(client.state.clock, s.resetMarginMs, now);
      waitMs = waitAfter429(rate, now, margin, s.resetJitterMs, client.random(), noResetStreak);
    } else otherTries++;
    const attempt = refused ? rateLimitedTries : otherTries;
    const decision = decideRetry({
      response,
      safety: op.retry,
      attempt,
      maxRateLimitTries: s.maxRateLimitTries,
      rateLimitWait: refused ? { waitMs, waitedMs: now - (limitedSince ?? now), maxWaitMs: s.maxRateLimitWaitMs } : undefined,
      maxRetryTries: s.maxRetryTries,
    });
    if (decision.action === 'accept') return repeatOfMaybeActed ? { ...response, repeatOfMaybeActed } : response;
    if (decision.action === 'retry') {
      if (response.failure?.maybeSent || response.status >= 500) repeatOfMaybeActed = true;
      yield* sleep(decision.reason === 'rateLimited' ? waitMs : backoffMs(attempt, s.retryBackoffMs));
      continue;
    }
    if (decision.reason === 'rateLimitTooLong') throw tooLongWait(op, request, waitMs, rate.resetAtMs, now, rateLimitedTries, unusable);
    throw failure(op, signed, response, decision.reason, rateLimitedTries + otherTries, rate.resetAtMs, unusable);
  }
}

function bearerOf(request: HttpRequest): string {
  return /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
}

function failure(op: Sendable, sent: HttpRequest, raw: HttpResponse, reason: string, attempts: number, resetAtMs?: number, unusable?: string | null): Error {
  const redacted = redactRequest(sent);
  // The service may echo a secret back (an API key in "Invalid token: …"): redact by value too.
  const response = { ...raw, body: redactValues(raw.body, secretsOf(sent)) };
  if (response.failure) {
    const { maybeSent, message, code } = response.failure;
    const what = maybeSent
      ? op.retry === 'safe'
        ? `no answer after ${attempts} tries (${message}).`
        : `the connection failed after the request was sent (${message}). It may have been carried out, so it was not repeated; check ` + `before trying again.`
      : `could not reach the service (${message}) after ${attempts} tries.`;
    return new NetworkError(`${op.title}: ${what}`, maybeSent, { code, request: redacted });
  }
  const error = errorFromResponse(response, redacted, op.title);
  // The answer's error said again with what the retries add.
  const details = { status: error.status, code: error.code, serviceMessage: error.serviceMessage, request: redacted };
  if (reason === 'rateLimited') {
    const seen = unusable ? ` The last 429 gave ${unusable}.` : '';
    return new RateLimitError(`${error.message} Gave up after ${attempts} tries.${seen}`, unusable ? undefined : resetAtMs, {
      ...details,
      status: 429,
      hint: error.hint,
    });
  }
  if (reason === 'serverError' && op.retry === 'unsafe' && error instanceof ServerError) {
    return new ServerError(`${error.message} It was not repeated, since a repeat could act twice; check before trying again.`, details);
  }
  return error;
}
