import * as z from './validation/zod';
import { lazySchema } from './validation/lazy-schema';

/**
 * Everything the spec calls a default is a setting here (public-reference.md: "make every such number a
 * setting"). Defaults point at the local sandbox (docs/DECISIONS.md, "Addresses").
 */
/** A regex rather than z.url(): zod's check calls `new URL`, which Apps Script's V8 runtime lacks. */
const baseUrl = /* @__PURE__ */ lazySchema(() =>
  z.string().check(z.trim(), z.regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i, 'must be an http(s) URL without query, such as https://api.example.com/v2')),
);

/** A whole-number setting of at least `min` (and at most `max`), in zod's own words when it is not. */
const whole = (min: number, max?: number) => z.number().check(z.int(), z.minimum(min), ...(max === undefined ? [] : [z.maximum(max)]));

export const settingsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    baseUrlV1: z._default(baseUrl, 'http://127.0.0.1:8787/api/v1'),
    baseUrlV2: z._default(baseUrl, 'http://127.0.0.1:8787/api/v2'),
    /** Host of the OAuth authorize page (spec 4.1). */
    authUrl: z._default(baseUrl, 'http://127.0.0.1:8787'),
    /**
     * The MCP endpoint, `{mcp_base}/mcp` (spec 4.13): tool calls and the `me` resource with the feature flags. Unset:
     * the v2 base URL's host + `/mcp` (the sandbox serves both on one port; the real service's MCP host is set here).
     */
    mcpUrl: z.optional(baseUrl),
    /** Per-request timeout. */
    timeoutMs: z._default(whole(1000), 30000),
    /** Spec 4.12: poll every 2 to 5 seconds. */
    pollIntervalMs: z._default(
      z.number().check(z.int(), z.minimum(2000, 'at least 2000 ms (spec 4.12)'), z.maximum(5000, 'at most 5000 ms (spec 4.12)')),
      2000,
    ),
    /** Spec 8: 500 items per research request (the public reference says 100: set it here if needed). */
    researchBatchLimit: z._default(whole(1, 500), 500),
    /** Public reference: 1 to 100 ids per poll. */
    pollIdsLimit: z._default(whole(1, 100), 100),
    /** Spec 8: at most 500 contactIds per campaign request. */
    contactIdsLimit: z._default(whole(1, 500), 500),
    /**
     * Requests one run sends side by side where order does not matter (research submits, poll sweeps, page reads);
     * each is still paced, so the rate window, not this number, bounds how many go out per window.
     */
    parallelRequests: z._default(whole(1, 60), 10),
    /** Spec 8: at most 500 results per org page. */
    pageSizeLimit: z._default(whole(1, 500), 500),
    /**
     * A cap on the 429s one request may meet (a run that must end soon, such as a Sheets cell). Unset: a 429 waits
     * for its reset as often as needed, each wait and their sum bounded by maxRateLimitWaitMs (issue 9).
     */
    maxRateLimitTries: z.optional(whole(1, 20)),
    /** How many times a request that is safe to repeat is tried on a 5xx or a lost connection. */
    maxRetryTries: z._default(whole(1, 10), 3),
    /** Base of the exponential backoff for 5xx and network retries. */
    retryBackoffMs: z._default(whole(0), 1000),
    /**
     * Added after X-RateLimit-Reset before a paced request or a retry, on top of the clock lead learned from the
     * service's Date headers (flow/clock.ts); a retry after a 429 adds up to `resetJitterMs` too.
     */
    resetMarginMs: z._default(whole(0), 100),
    resetJitterMs: z._default(whole(0), 250),
    /**
     * A wait for a rate-limit reset longer than this fails at once (with the reset time) instead of sleeping;
     * so does a request still refused with 429 after waiting this long in all.
     */
    maxRateLimitWaitMs: z._default(whole(0), 5 * 60 * 1000),
    /** Refresh an OAuth access token this long before it expires. */
    refreshAheadMs: z._default(whole(0), 5 * 60 * 1000),
    /** Longest wait for the token lock held by another run. */
    lockTimeoutMs: z._default(whole(100), 30000),
    /** Reject response bodies that break the spec's rules (catches drift early). */
    strictResponses: z._default(z.boolean(), true),
  }),
);

export type Settings = z.output<typeof settingsSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;

export function makeSettings(input: SettingsInput = {}): Settings {
  return settingsSchema.parse(input);
}
