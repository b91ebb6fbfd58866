/**
 * Fixed-window rate limits per organization and endpoint (spec 8, DECISIONS: rate-limit windows).
 * Windows are aligned to multiples of windowMs since the epoch; a 429 does not consume from the window.
 */
import type { SandboxConfig } from './config';
import type { Org } from './state/types';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds when the current window ends (rounded up). */
  resetSec: number;
}

interface Window {
  start: number;
  count: number;
}

/** What one window of one bucket and endpoint saw: requests let through and refused with 429. */
export interface WindowRecord {
  bucket: string;
  endpoint: string;
  windowStart: number;
  limit: number;
  allowed: number;
  refused: number;
}

/** Windows kept in the log (oldest dropped first): enough for a test or benchmark run, bounded for a long-lived sandbox. */
const LOG_WINDOWS = 20_000;

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  /** Per window, what was let through and refused (GET /__admin/rate-limits/log), in the order windows began. */
  private readonly log = new Map<string, WindowRecord>();

  constructor(private readonly config: SandboxConfig) {}

  /** The limit for this org and endpoint: org+endpoint, endpoint, org, token-route default, default. */
  limitFor(org: Org | null, endpoint: string, tokenRoute: boolean): number {
    const rl = this.config.rateLimit;
    const orgRule = org ? (rl.orgs[org.id] ?? rl.orgs[org.handle]) : undefined;
    return orgRule?.endpoints?.[endpoint] ?? rl.endpoints[endpoint] ?? orgRule?.limit ?? (tokenRoute ? rl.tokenRouteLimit : rl.defaultLimit);
  }

  private window(key: string, now: number): Window {
    const windowMs = this.config.rateLimit.windowMs;
    const start = now - (now % windowMs);
    let w = this.windows.get(key);
    if (!w) {
      if (this.windows.size > 50_000) this.prune(start);
      w = { start, count: 0 };
      this.windows.set(key, w);
    } else if (w.start !== start) {
      w.start = start;
      w.count = 0;
    }
    return w;
  }

  /** Takes one request from the window of `bucket` (an org id or an anonymous client key). */
  take(bucket: string, endpoint: string, limit: number, now: number): RateDecision {
    const w = this.window(`${bucket}\u0000${endpoint}`, now);
    const resetSec = Math.ceil((w.start + this.config.rateLimit.windowMs) / 1000);
    const record = this.record(bucket, endpoint, w.start, limit);
    if (w.count >= limit) {
      record.refused++;
      return { allowed: false, limit, remaining: 0, resetSec };
    }
    record.allowed++;
    w.count++;
    return { allowed: true, limit, remaining: limit - w.count, resetSec };
  }

  /** Current figures without taking (forced 429 faults report these). */
  peek(bucket: string, endpoint: string, limit: number, now: number): RateDecision {
    const w = this.window(`${bucket}\u0000${endpoint}`, now);
    return { allowed: false, limit, remaining: Math.max(0, limit - w.count), resetSec: Math.ceil((w.start + this.config.rateLimit.windowMs) / 1000) };
  }

  snapshot(now: number): { bucket: string; endpoint: string; windowStart: string; count: number }[] {
    const current = now - (now % this.config.rateLimit.windowMs);
    const out = [];
    for (const [key, w] of this.windows) {
      if (w.start !== current) continue;
      const [bucket, endpoint] = key.split('\u0000');
      out.push({ bucket, endpoint, windowStart: new Date(w.start).toISOString(), count: w.count });
    }
    return out;
  }

  /** Every logged window, oldest first. */
  history(): WindowRecord[] {
    return [...this.log.values()].map((r) => ({ ...r }));
  }

  reset(): void {
    this.windows.clear();
    this.log.clear();
  }

  private record(bucket: string, endpoint: string, windowStart: number, limit: number): WindowRecord {
    const key = `${bucket}\u0000${endpoint}\u0000${windowStart}`;
    let r = this.log.get(key);
    if (!r) {
      if (this.log.size >= LOG_WINDOWS) this.log.delete(this.log.keys().next().value!);
      r = { bucket, endpoint, windowStart, limit, allowed: 0, refused: 0 };
      this.log.set(key, r);
    }
    r.limit = limit;
    return r;
  }

  private prune(currentStart: number): void {
    for (const [key, w] of this.windows) if (w.start < currentStart) this.windows.delete(key);
  }
}
