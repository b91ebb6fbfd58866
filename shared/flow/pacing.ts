/**
 * Rate-limit pacing as a pure reducer. The service's headers are the truth shared by every process of the
 * organization; between answers we count our own requests down, so we wait before a 429 rather than after.
 */

export interface RateWindow {
  limit: number;
  remaining: number;
  /** Epoch ms at which the window resets. */
  resetAtMs: number;
}

/** Windows by `<credential>|<endpoint>`. */
export type PacingState = Readonly<Record<string, RateWindow>>;

export interface RateHeaders {
  limit?: number;
  remaining?: number;
  resetAtMs?: number;
}

function intHeader(headers: Record<string, string>, name: string): number | undefined {
  const raw = headers[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

export function readRateHeaders(headers: Record<string, string>): RateHeaders {
  const reset = intHeader(headers, 'x-ratelimit-reset');
  return {
    limit: intHeader(headers, 'x-ratelimit-limit'),
    remaining: intHeader(headers, 'x-ratelimit-remaining'),
    resetAtMs: reset === undefined ? undefined : reset * 1000,
  };
}

/** Takes in what an answer's headers say; an answer without them leaves the state unchanged. */
export function observe(state: PacingState, key: string, h: RateHeaders): PacingState {
  if (h.limit === undefined || h.remaining === undefined || h.resetAtMs === undefined) return state;
  return { ...state, [key]: { limit: h.limit, remaining: h.remaining, resetAtMs: h.resetAtMs } };
}

export interface PaceDecision {
  waitMs: number;
  state: PacingState;
}

/**
 * Before sending: reserve one request from the known window. When none is left, wait until the reset
 * (plus a margin for clock skew) and count from a fresh window. An unknown or expired window needs no wait.
 */
export function reserve(state: PacingState, key: string, nowMs: number, marginMs: number): PaceDecision {
  const w = state[key];
  if (!w) return { waitMs: 0, state };
  if (nowMs >= w.resetAtMs + marginMs) {
    return { waitMs: 0, state: { ...state, [key]: { ...w, remaining: w.limit - 1, resetAtMs: Math.max(w.resetAtMs, nowMs) } } };
  }
  if (w.remaining > 0) return { waitMs: 0, state: { ...state, [key]: { ...w, remaining: w.remaining - 1 } } };
  const waitMs = w.resetAtMs + marginMs - nowMs;
  return { waitMs, state: { ...state, [key]: { ...w, remaining: w.limit - 1 } } };
}

/** Wait after a 429: until the reset epoch, plus margin and jitter so several workers don't stampede. */
export function waitAfter429(h: RateHeaders, nowMs: number, marginMs: number, jitterMs: number, random: number): number {
  const jitter = Math.floor(random * jitterMs);
  if (h.resetAtMs === undefined) return marginMs + jitter + 1000;
  return Math.max(0, h.resetAtMs - nowMs) + marginMs + jitter;
}
