import { z } from 'zod';
import { looseInt, looseText } from './lenient';
import { lazySchema } from '../validation/lazy-schema';

/**
 * Error bodies (spec 5.6, 7; public reference; DECISIONS "Status codes" and "Token endpoint").
 * Error codes are an open list (spec 7.3), so `code` stays a string; the known ones are exported.
 */

/** The common body `{message}` (401, 404, 409, 422 validation, 500). */
export const messageErrorBodySchema = lazySchema(() => z.looseObject({ message: z.string() }));
export type MessageErrorBody = z.infer<typeof messageErrorBodySchema>;

/** `{msg}`: 401s have been seen so (public reference). */
export const msgErrorBodySchema = lazySchema(() => z.looseObject({ msg: z.string() }));
export type MsgErrorBody = z.infer<typeof msgErrorBodySchema>;

export const knownCreditLicenseCodes = ['insufficientCredits', 'missingLicense'] as const;

/**
 * 422 credit/license body of research and org reads (spec 7). The published body requires none of its fields,
 * and `data` may be missing, so only `msg` and `code` identify it; the shortfall sent as text is read as a number.
 */
export const creditLicenseErrorBodySchema = lazySchema(() =>
  z.looseObject({
    msg: z.string(),
    code: z.string(),
    data: z
      .looseObject({
        productCategory: looseText,
        additionalCreditsNeeded: looseInt,
      })
      .optional()
      .catch(undefined),
  }),
);
export type CreditLicenseErrorBody = z.infer<typeof creditLicenseErrorBodySchema>;

/** 429 body `{message, code: "rateLimitExceeded"}`; there is no Retry-After, X-RateLimit-Reset says when. */
export const rateLimitErrorBodySchema = lazySchema(() => z.looseObject({ message: z.string(), code: z.string() }));
export type RateLimitErrorBody = z.infer<typeof rateLimitErrorBodySchema>;

/** Token endpoint errors: `{message, error: "invalid_grant" | "invalid_client"}` (OAuth style). */
export const oauthErrorBodySchema = lazySchema(() => z.looseObject({ message: z.string().optional(), error: z.string() }));
export type OAuthErrorBody = z.infer<typeof oauthErrorBodySchema>;

/** Any error body; most specific first, because loose objects also match the simpler shapes. */
export const errorBodySchema = lazySchema(() =>
  z.union([creditLicenseErrorBodySchema, rateLimitErrorBodySchema, oauthErrorBodySchema, messageErrorBodySchema, msgErrorBodySchema]),
);
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The fields a caller needs from any error body; absent ones are undefined. */
export interface ErrorInfo {
  message?: string;
  code?: string;
  productCategory?: string;
  additionalCreditsNeeded?: number;
}

/** Reads an error body of any known shape, `message` before `msg`; an unknown body gives `{}`. */
export function readErrorBody(body: unknown): ErrorInfo {
  const r = errorBodySchema.safeParse(body);
  if (!r.success) return {};
  const b: Record<string, unknown> = r.data;
  const info: ErrorInfo = {};
  const message = typeof b.message === 'string' ? b.message : typeof b.msg === 'string' ? b.msg : undefined;
  if (message !== undefined) info.message = message;
  const code = typeof b.code === 'string' ? b.code : typeof b.error === 'string' ? b.error : undefined;
  if (code !== undefined) info.code = code;
  const credit = creditLicenseErrorBodySchema.safeParse(body);
  const extra = credit.success ? credit.data.data : undefined;
  if (typeof extra?.productCategory === 'string') info.productCategory = extra.productCategory;
  if (typeof extra?.additionalCreditsNeeded === 'number') info.additionalCreditsNeeded = extra.additionalCreditsNeeded;
  return info;
}
