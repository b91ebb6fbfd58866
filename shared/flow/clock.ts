/**
 * How far this machine's clock may run ahead of the service's, learned from answers (issue 13). X-RateLimit-Reset is
 * an instant on the service's clock; a paced request waits for it on ours, so a clock that runs ahead would send
 * early and meet a 429. A fixed allowance (1 s) cost half of a short window; this one is measured.
 *
 * - Every answer's Date header (HTTP-date, whole seconds, stamped by the service as it answers) bounds the lead from
 *   above: when the answer arrived our clock read `receivedAtMs`, and the service's read at least Date then, so
 *   lead ≤ receivedAtMs − Date. The smallest bound seen is kept; it loosens by a drift allowance as it ages.
 * - A 429 for a request sent after its window's reset by our clock shows the lead is larger than allowed (the
 *   limiter keeps another clock than the one stamping Date, or no Date came): an extra allowance, at least what the
 *   429 showed plus the margin, and at least twice the extra before; dropped after an hour without such a 429.
 * - No Date seen yet: the 1 s allowance used before anything was learned.
 * A reducer like pacing: pure, the state saved with the client's (Apps Script restores it next run).
 */

export interface ClockState {
  /** The smallest upper bound on the lead seen (ms), as of `boundAtMs` on our clock. */
  leadBoundMs?: number;
  boundAtMs?: number;
  /** Added after 429s that showed the limiter's clock behind the Date header's, the last time at `extraAtMs`. */
  extraMs?: number;
  extraAtMs?: number;
}

/** The allowance before any answer has carried a Date header. */
export const UNKNOWN_LEAD_MS = 1000;
/** A kept bound loosens by this much per ms of age: 500 ppm, the worst drift of an undisciplined quartz clock. */
const DRIFT_PER_MS = 0.0005;
/** Larger leads are not believed (a cached or proxied Date): they leave the state as it is. */
const MAX_LEAD_MS = 60_000;
/** An extra allowance no 429 has renewed for this long is dropped: clocks get corrected, saved state lives on. */
const EXTRA_TTL_MS = 60 * 60 * 1000;

/** The extra allowance from 429s still in force at `nowMs`. */
function liveExtra(clock: ClockState | undefined, nowMs: number): number {
  if (!clock?.extraMs) return 0;
  return clock.extraAtMs !== undefined && nowMs - clock.extraAtMs > EXTRA_TTL_MS ? 0 : clock.extraMs;
}

/** The lead bound as of `nowMs`, drift included; undefined while no Date has been seen. */
export function leadBound(clock: ClockState | undefined, nowMs: number): number | undefined {
  if (clock?.leadBoundMs === undefined) return undefined;
  return clock.leadBoundMs + Math.max(0, nowMs - (clock.boundAtMs ?? nowMs)) * DRIFT_PER_MS;
}

/**
 * How long past a reset (by our clock) to send: the configured margin, plus the learned lead (never below zero:
 * nothing is sent before the reset by our own clock), plus any extra allowance from 429s.
 */
export function marginAfterReset(clock: ClockState | undefined, baseMarginMs: number, nowMs: number): number {
  const lead = leadBound(clock, nowMs) ?? UNKNOWN_LEAD_MS;
  return baseMarginMs + Math.ceil(Math.max(0, lead)) + liveExtra(clock, nowMs);
}

/** Takes in an answer's Date header (lower-case `date`), received at `receivedAtMs` on our clock. */
export function observeDate(clock: ClockState | undefined, dateHeader: string | undefined, receivedAtMs: number): ClockState | undefined {
  if (!dateHeader) return clock;
  const stamped = Date.parse(dateHeader);
  if (!Number.isFinite(stamped)) return clock;
  const bound = receivedAtMs - stamped;
  if (Math.abs(bound) > MAX_LEAD_MS) return clock;
  const kept = leadBound(clock, receivedAtMs);
  if (kept !== undefined && kept <= bound) return clock;
  return { ...clock, leadBoundMs: bound, boundAtMs: receivedAtMs };
}

/**
 * Takes in a 429 for a request sent at `sentAtMs` (our clock) into the window that resets at `resetAtMs` (the
 * service's). Sent before that reset: another process spent the window, which says nothing of clocks. Sent after
 * it: the service had not reached its reset yet, so our clock runs ahead by more than we allowed.
 */
export function observeRefusal(clock: ClockState | undefined, sentAtMs: number, resetAtMs: number | undefined, baseMarginMs: number): ClockState | undefined {
  if (resetAtMs === undefined || sentAtMs < resetAtMs) return clock;
  // The lead is more than `sentAtMs - resetAtMs`: allow that much and the margin again, or twice the last extra.
  const extraMs = Math.min(MAX_LEAD_MS, Math.max(2 * liveExtra(clock, sentAtMs), sentAtMs - resetAtMs + Math.max(baseMarginMs, 100)));
  return { ...clock, extraMs, extraAtMs: sentAtMs };
}
