/**
 * Time-driven triggers fired when they are due, as Apps Script fires them: waits in real time (the sandbox's rate
 * windows and research are real time) until the earliest clock trigger's time on the harness clock, then runs every
 * trigger due. Apps Script's own firing latency (a one-off trigger may start some seconds late) is not modelled.
 */
import type { ExecutionResult, Harness } from './harness';

export interface DueFiring {
  /** When the earliest trigger was due (harness clock, epoch ms). */
  dueAt: number;
  /** How long this waited for it (ms). */
  waitedMs: number;
  runs: ExecutionResult[];
}

/** The earliest due time of a clock trigger of `handler` (any handler when absent), or null when none is set. */
export function nextTriggerAt(h: Harness, handler?: string): number | null {
  const times = h.triggers.filter((t) => t.eventType === 'CLOCK' && t.nextRunAt !== null && (!handler || t.handler === handler)).map((t) => t.nextRunAt!);
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * Waits for the earliest clock trigger and fires what is due; null when no clock trigger is set. A trigger due later
 * than `maxWaitMs` from now is an error (an hourly trigger where the work was due in seconds).
 */
export async function fireWhenDue(h: Harness, maxWaitMs: number): Promise<DueFiring | null> {
  const dueAt = nextTriggerAt(h);
  if (dueAt === null) return null;
  const waitMs = Math.max(0, dueAt - h.clock.now());
  if (waitMs > maxWaitMs) throw new Error(`the next trigger is due in ${waitMs} ms, more than ${maxWaitMs} ms`);
  if (waitMs > 0) await new Promise((r) => setTimeout(r, waitMs));
  return { dueAt, waitedMs: waitMs, runs: await h.fireTriggers() };
}

/**
 * Fires the earliest clock trigger, moving the harness clock to its time instead of waiting for it: an add-on's
 * triggers run at most hourly, and tests and benchmarks cannot wait the hour in real time (the sandbox's research and
 * rate windows stay real time). Null when no clock trigger is set. `movedMs`: how far the clock was moved.
 */
export async function fireNextMovingClock(h: Harness): Promise<(DueFiring & { movedMs: number }) | null> {
  const dueAt = nextTriggerAt(h);
  if (dueAt === null) return null;
  const movedMs = Math.max(0, dueAt - h.clock.now());
  if (movedMs > 0) h.clock.advance(movedMs);
  return { dueAt, waitedMs: 0, movedMs, runs: await h.fireTriggers() };
}
