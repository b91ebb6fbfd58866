import * as z from '../validation/zod';
import { caught, looseInt, looseText } from './lenient';
import { lazySchema, lazyLooseObject } from '../validation/lazy-schema';

/**
 * Error bodies (spec 5.6, 7; public reference; DECISIONS "Status codes" and "Token endpoint").
 * Error codes are an open list (spec 7.3), so `code` stays a string; the known ones are exported.
 */

/** The common body `{message}` (401, 404, 409, 422 validation, 500). */
export const messageErrorBodySchema = /* @__PURE__ */ lazyLooseObject(() => ({ message: z.string() }));
export type MessageErrorBody = z.output<typeof messageErrorBodySchema>;

/** `{msg}`: 401s have been seen so (public reference). */
export const msgErrorBodySchema = /* @__PURE__ */ lazyLooseObject(() => ({ msg: z.string() }));
export type MsgErrorBody = z.output<typeof msgErrorBodySchema>;

export const knownCreditLicenseCodes = ['insufficientCredits', 'missingLicense'] as const;

/**
 * 422 credit/license body of research and org reads (spec 7). The published body requires none of its fields,
 * and `data` may be missing, so only `msg` and `code` identify it; the shortfall sent as text is read as a number.
 */
export const creditLicenseErrorBodySchema = /* @__PURE__ */ lazyLooseObject(() => ({
  msg: z.string(),
  code: z.string(),
  data: caught(
    z.optional(
      z.looseObject({
        productCategory: looseText,
        additionalCreditsNeeded: looseInt,
      }),
    ),
    () => undefined,
  ),
}));
export type CreditLicenseErrorBody = z.output<typeof creditLicenseErrorBodySchema>;

/** 429 body `{message, code: "rateLimitExceeded"}`; there is no Retry-After, X-RateLimit-Reset says when. */
export const rateLimitErrorBodySchema = /* @__PURE__ */ lazyLooseObject(() => ({ message: z.string(), code: z.string() }));
export type RateLimitErrorBody = z.output<typeof rateLimitErrorBodySchema>;

/** Token endpoint errors: `{message, error: "invalid_grant" | "invalid_client"}` (OAuth style). */
export const oauthErrorBodySchema = /* @__PURE__ */ lazyLooseObject(() => ({ message: z.optional(z.string()), error: z.string() }));
export type OAuthErrorBody = z.output<typeof oauthErrorBodySchema>;

/** Any error body; most specific first, because loose objects also match the simpler shapes. */
export const errorBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.union([creditLicenseErrorBodySchema, rateLimitErrorBodySchema, oauthErrorBodySchema, messageErrorBodySchema, msgErrorBodySchema]),
);
export type ErrorBody = z.output<typeof errorBodySchema>;

/** The fields a caller needs from any error body; absent ones are undefined. */
export interface ErrorInfo {
  message?: string;
  code?: string;
  productCategory?: string;
  additionalCreditsNeeded?: number;
}

/** A shortfall as a number: a number, or digits sent as text (published: every field optional, types loose). */
function countOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/**
 * Reads an error body field by field, `message` before `msg`: whatever of the published fields is there is given
 * (`{code, data}` without a message included, issue 30); a body that is not an object gives `{}`.
 */
export function readErrorBody(body: unknown): ErrorInfo {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const b = body as Record<string, unknown>;
  const info: ErrorInfo = {};
  const message = typeof b.message === 'string' ? b.message : typeof b.msg === 'string' ? b.msg : undefined;
  if (message !== undefined) info.message = message;
  const code = typeof b.code === 'string' ? b.code : typeof b.error === 'string' ? b.error : undefined;
  if (code !== undefined) info.code = code;
  const extra = b.data && typeof b.data === 'object' ? (b.data as Record<string, unknown>) : {};
  if (typeof extra.productCategory === 'string') info.productCategory = extra.productCategory;
  const needed = countOf(extra.additionalCreditsNeeded);
  if (needed !== undefined) info.additionalCreditsNeeded = needed;
  return info;
}
