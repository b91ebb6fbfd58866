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

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

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
    if (w.count >= limit) return { allowed: false, limit, remaining: 0, resetSec };
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

  reset(): void {
    this.windows.clear();
  }

  private prune(currentStart: number): void {
    for (const [key, w] of this.windows) if (w.start < currentStart) this.windows.delete(key);
  }
}
