import { z } from 'zod';
import { isoDateTime } from './primitives';
import { lazySchema } from '../validation/lazy-schema';

/**
 * OAuth token response (spec 2.1, 4.2, 9.2). The endpoint exists under v1 and v2 with different shapes,
 * so `normalizeToken` turns either into one internal shape the auth code can store.
 */

// RFC 6749 5.1: token_type is case-insensitive; the spec says the constant is "Bearer".
const bearer = lazySchema(() => z.string().regex(/^bearer$/i, 'expected token_type Bearer'));

/** Epoch seconds as the v1 form sends them; a numeric string is tolerated (seen from form-encoded proxies). */
const epochSeconds = lazySchema(() => z.union([z.int().min(0), z.string().regex(/^\d+$/, 'expected epoch seconds')]));

/** v2 form: every field of spec 2.1, `expires_at` an ISO date-time. */
export const tokenV2Schema = lazySchema(() =>
  z.looseObject({
    token_type: bearer,
    access_token: z.string().min(1),
    refresh_token: z.string().min(1),
    expires_in: z.int().min(0),
    expires_at: isoDateTime,
    refresh_token_expires_in: z.int().min(0),
    refresh_token_expires_at: isoDateTime,
  }),
);
export type TokenV2 = z.infer<typeof tokenV2Schema>;

/** v1 form: only access_token, refresh_token and `expires_at` in epoch seconds. */
export const tokenV1Schema = lazySchema(() =>
  z.looseObject({
    access_token: z.string().min(1),
    refresh_token: z.string().min(1),
    expires_at: epochSeconds,
  }),
);
export type TokenV1 = z.infer<typeof tokenV1Schema>;

/**
 * Any token body we can use: either form, or a plain OAuth answer. The published answer makes every field optional,
 * so an answer without any expiry is read too: it gets a conservative lifetime (`normalizeToken`).
 */
export const tokenResponseSchema = lazySchema(() =>
  z.looseObject({
    token_type: bearer.optional(),
    access_token: z.string().min(1),
    refresh_token: z.string().min(1),
    expires_in: z.int().min(0).optional(),
    expires_at: z.union([isoDateTime, epochSeconds]).optional(),
    refresh_token_expires_in: z.int().min(0).optional(),
    refresh_token_expires_at: isoDateTime.optional(),
  }),
);
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

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
 * Parses a token body of either form (throws a ZodError when it is not one) and computes absolute expiries.
 * An absolute `expires_at` wins; a relative `expires_in` is counted from `nowMs` (the time the answer arrived).
 */
export function normalizeToken(raw: unknown, nowMs: number): NormalizedToken {
  const t = tokenResponseSchema.parse(raw);
  const expiresAtMs =
    t.expires_at !== undefined ? expiresAtToMs(t.expires_at) : t.expires_in !== undefined ? nowMs + t.expires_in * 1000 : nowMs + UNSTATED_EXPIRY_LIFETIME_MS;
  let refreshExpiresAtMs: number | null = null;
  if (t.refresh_token_expires_at !== undefined) refreshExpiresAtMs = Date.parse(t.refresh_token_expires_at);
  else if (t.refresh_token_expires_in !== undefined) refreshExpiresAtMs = nowMs + t.refresh_token_expires_in * 1000;
  return { accessToken: t.access_token, refreshToken: t.refresh_token, expiresAtMs, refreshExpiresAtMs, raw: t };
}
