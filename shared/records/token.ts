import * as z from '../validation/zod';
import { isoDateTime, nonNegativeInt } from './primitives';
import { lazySchema, lazyLooseObject } from '../validation/lazy-schema';

/**
 * OAuth token response (spec 2.1, 4.2, 9.2). The endpoint exists under v1 and v2 with different shapes,
 * so `normalizeToken` turns either into one internal shape the auth code can store.
 */

// RFC 6749 5.1: token_type is case-insensitive; the spec says the constant is "Bearer".
const bearer = /* @__PURE__ */ lazySchema(() => z.string().check(z.regex(/^bearer$/i, 'expected token_type Bearer')));

/** Epoch seconds as the v1 form sends them; a numeric string is tolerated (seen from form-encoded proxies). */
const epochSeconds = /* @__PURE__ */ lazySchema(() => z.union([nonNegativeInt, z.string().check(z.regex(/^\d+$/, 'expected epoch seconds'))]));

/** v2 form: every field of spec 2.1, `expires_at` an ISO date-time. */
export const tokenV2Schema = /* @__PURE__ */ lazyLooseObject(() => ({
  token_type: bearer,
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  expires_in: nonNegativeInt,
  expires_at: isoDateTime,
  refresh_token_expires_in: nonNegativeInt,
  refresh_token_expires_at: isoDateTime,
}));
export type TokenV2 = z.output<typeof tokenV2Schema>;

/** v1 form: only access_token, refresh_token and `expires_at` in epoch seconds. */
export const tokenV1Schema = /* @__PURE__ */ lazyLooseObject(() => ({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  expires_at: epochSeconds,
}));
export type TokenV1 = z.output<typeof tokenV1Schema>;

/**
 * Any token body we can use: either form, or a plain OAuth answer. The published answer makes every field optional,
 * so an answer without any expiry is read too: it gets a conservative lifetime (`normalizeToken`).
 */
export const tokenResponseSchema = /* @__PURE__ */ lazyLooseObject(() => ({
  token_type: z.optional(bearer),
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  expires_in: z.optional(nonNegativeInt),
  expires_at: z.optional(z.union([isoDateTime, epochSeconds])),
  refresh_token_expires_in: z.optional(nonNegativeInt),
  refresh_token_expires_at: z.optional(isoDateTime),
}));
export type TokenResponse = z.output<typeof tokenResponseSchema>;

/** What the connector stores: absolute expiry times in epoch milliseconds. */
export interface NormalizedToken {
  accessToken: string;
  refreshToken: string;
  expiresAtMs: number;
  /** null when the form does not say (v1). */
  refreshExpiresAtMs: number | null;
  raw: TokenResponse;
}

/**
 * The lifetime given to an access token whose answer states no expiry: short, so that it is refreshed well before
 * any lifetime the service may have meant (spec 2.1's default is 3 hours); a 401 before then refreshes too.
 */
export const UNSTATED_EXPIRY_LIFETIME_MS = 15 * 60_000;

/** Epoch ms of an `expires_at`: digits are epoch seconds (v1), anything else an ISO date-time (v2). */
function expiresAtToMs(value: string | number): number {
  if (typeof value === 'number') return value * 1000;
  return /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value);
}

/**
 * An instant on the service's clock (`expires_at`) as one on ours: moved by how far the answer's Date header (the
 * service's clock as it answered) is from `nowMs` (ours as the answer arrived). Without a Date, taken as it is, unless
 * it lies in the past: a token just issued is not expired, so its clock differs from ours and the instant says nothing.
 */
function onOurClock<F>(serviceMs: number, nowMs: number, serviceNowMs: number | undefined, fallback: F): number | F {
  if (serviceNowMs !== undefined && Number.isFinite(serviceNowMs)) return nowMs + (serviceMs - serviceNowMs);
  return serviceMs > nowMs ? serviceMs : fallback;
}

/**
 * Parses a token body of either form (throws a ZodError when it is not one) and computes absolute expiries on this
 * machine's clock, counted from `nowMs` (when the answer arrived): a relative `expires_in` first; else `expires_at`
 * translated by the answer's Date header (`serviceNowMs`), so a service clock hours behind ours costs no refresh.
 */
export function normalizeToken(raw: unknown, nowMs: number, serviceNowMs?: number): NormalizedToken {
  const t = tokenResponseSchema.parse(raw);
  const unstated = nowMs + UNSTATED_EXPIRY_LIFETIME_MS;
  const expiresAtMs =
    t.expires_in !== undefined
      ? nowMs + t.expires_in * 1000
      : t.expires_at !== undefined
        ? onOurClock(expiresAtToMs(t.expires_at), nowMs, serviceNowMs, unstated)
        : unstated;
  let refreshExpiresAtMs: number | null = null;
  if (t.refresh_token_expires_in !== undefined) refreshExpiresAtMs = nowMs + t.refresh_token_expires_in * 1000;
  else if (t.refresh_token_expires_at !== undefined) refreshExpiresAtMs = onOurClock(Date.parse(t.refresh_token_expires_at), nowMs, serviceNowMs, null);
  return { accessToken: t.access_token, refreshToken: t.refresh_token, expiresAtMs, refreshExpiresAtMs, raw: t };
}
