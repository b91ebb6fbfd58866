/**
 * Sandbox settings. Every number the spec or DECISIONS.md names is a setting here, so tests and
 * benchmarks can compress time (windows, latencies, token lifetimes) without code changes.
 */
import type { RestToolSpec } from './mcp/tool-types';

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs accepted for this client (spec 4.1: must equal the registered one). */
  redirectUris: string[];
  /** Organization the client belongs to: 'A' or 'B' (or an org id). */
  org: string;
}

export interface FaultRule {
  /** Endpoint id (`POST /v1/contacts/research`, `POST /mcp`) or '*' for any endpoint. */
  endpoint: string;
  /**
   * lostAnswer: the request is handled in full (research accepted, email sent, contacts added ...), then
   * the connection is cut instead of answering: the service acted and the client cannot know.
   */
  kind: 'error500' | 'latency' | 'drop' | 'rateLimit429' | 'lostAnswer';
  /** Share of matching requests hit, 0..1, drawn from the seeded fault RNG. */
  share?: number;
  /** Or: the next `count` matching requests are hit (deterministic). */
  count?: number;
  /** For kind 'latency': milliseconds added before the request is handled. */
  latencyMs?: number;
}

export interface SandboxConfig {
  rateLimit: {
    windowMs: number;
    defaultLimit: number;
    /** Default for the token routes (DECISIONS: 30). */
    tokenRouteLimit: number;
    /** Per-endpoint overrides for every organization, keyed by endpoint id. */
    endpoints: Record<string, number>;
    /** Per-organization overrides: org id or 'A' / 'B'. */
    orgs: Record<string, { limit?: number; endpoints?: Record<string, number> }>;
  };
  research: {
    /** Time an item stays `queued` after submit. */
    queuedMs: number;
    /** Time it then stays `researching` before its final status. */
    researchingMs: number;
    /** Items per research request (spec 8: 500). */
    maxBatch: number;
    /** Ids per poll call (public reference: 100). */
    maxPollIds: number;
    /** An item researched within this window is a `duplicate` (DECISIONS: 30 days). */
    dedupeWindowMs: number;
  };
  tokens: {
    accessTokenTtlSec: number;
    refreshTokenTtlSec: number;
    codeTtlSec: number;
  };
  oauth: {
    /** Redirect URI registered on organization A's and B's OAuth clients. */
    redirectUri: string;
    /** Further redirect URIs accepted on those two clients (n8n and Apps Script callbacks). */
    extraRedirectUris: string[];
    /** Extra OAuth clients. */
    clients: OAuthClientConfig[];
  };
  credits: { A: number; B: number };
  /** idBase: added to every record id sequence (e.g. 5946362000 gives 10-digit ids like the service's); default 0. */
  seed: { orgContacts: number; draftsPerUser: number; idBase: number };
  webhooks: {
    /** Tries per delivery (the first included). */
    maxAttempts: number;
    /** Wait before the first retry; it doubles with each retry, up to backoffMaxMs (sandbox clock). */
    backoffBaseMs: number;
    backoffMaxMs: number;
    /** An attempt with no answer by then failed (it is retried). */
    timeoutMs: number;
    /** Deliveries waiting or in flight; a delivery beyond this is dropped (state `dropped`). */
    maxPending: number;
    /** Deliveries in flight at once, over all webhooks (a real sender's small worker pool). */
    concurrency: number;
  };
  mcp: {
    waitTimeoutMs: number;
    /** More REST-backed tools published beside the 54 (a tool the service adds later; tests add one at run time). */
    extraTools: RestToolSpec[];
  };
  /** Feature flags per organization ('A', 'B'), published in the MCP `me` resource (public reference, "Features"). */
  features: Record<'A' | 'B', { maxActiveContacts: boolean }>;
  limits: { maxBodyBytes: number; campaignContactIds: number; listContactIds: number; searchLimitMax: number };
  faults: { seed: number; rules: FaultRule[] };
  /** Log one line per request to stderr. */
  logRequests: boolean;
}

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends (infer U)[] ? U[] : T[K] extends object ? DeepPartial<T[K]> : T[K] };

export function defaultConfig(): SandboxConfig {
  return {
    rateLimit: { windowMs: 60_000, defaultLimit: 60, tokenRouteLimit: 30, endpoints: {}, orgs: {} },
    research: { queuedMs: 1000, researchingMs: 2000, maxBatch: 500, maxPollIds: 100, dedupeWindowMs: 30 * 86_400_000 },
    tokens: { accessTokenTtlSec: 10_800, refreshTokenTtlSec: 604_800, codeTtlSec: 600 },
    oauth: { redirectUri: 'http://localhost:5678/rest/oauth2-credential/callback', extraRedirectUris: [], clients: [] },
    credits: { A: 1000, B: 0 },
    seed: { orgContacts: 40, draftsPerUser: 5, idBase: 0 },
    webhooks: { maxAttempts: 5, backoffBaseMs: 15_000, backoffMaxMs: 600_000, timeoutMs: 5000, maxPending: 20_000, concurrency: 4 },
    mcp: { waitTimeoutMs: 30_000, extraTools: [] },
    features: { A: { maxActiveContacts: true }, B: { maxActiveContacts: false } },
    limits: { maxBodyBytes: 1024 * 1024, campaignContactIds: 500, listContactIds: 500, searchLimitMax: 500 },
    faults: { seed: 1, rules: [] },
    logRequests: false,
  };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Deep-merges `patch` into `base` (arrays and scalars replace). Unknown keys are an error, to catch typos. */
export function mergeConfig<T>(base: T, patch: unknown, path = 'config'): T {
  if (patch === undefined) return base;
  if (!isPlainObject(patch) || !isPlainObject(base)) throw new Error(`${path} must be an object`);
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (!(key in base)) throw new Error(`${path}.${key} is not a known setting`);
    const current = (base as Record<string, unknown>)[key];
    // Free-form maps (endpoint overrides, org overrides) are taken as given.
    const freeForm = ['endpoints', 'orgs'].includes(key);
    out[key] = isPlainObject(current) && !freeForm ? mergeConfig(current, value, `${path}.${key}`) : value;
  }
  return out as T;
}

export function resolveConfig(patch?: DeepPartial<SandboxConfig>): SandboxConfig {
  return mergeConfig(defaultConfig(), patch ?? {});
}
