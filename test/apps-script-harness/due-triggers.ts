/**
 * Time-driven triggers fired when they are due. An add-on's triggers run at most hourly, and tests and benchmarks
 * cannot wait the hour in real time (the sandbox's research and rate windows stay real time), so the harness clock is
 * moved to the trigger's time instead. Apps Script's own firing latency (a one-off trigger may start some seconds
 * late) is not modelled.
 */
import type { ExecutionResult, Harness } from './harness';

export interface DueFiring {
  /** When the earliest trigger was due (harness clock, epoch ms). */
  dueAt: number;
  /** How far the harness clock was moved to reach it (ms). */
  movedMs: number;
  runs: ExecutionResult[];
}

/** The earliest due time of a clock trigger of `handler` (any handler when absent), or null when none is set. */
export function nextTriggerAt(h: Harness, handler?: string): number | null {
  const times = h.triggers.filter((t) => t.eventType === 'CLOCK' && t.nextRunAt !== null && (!handler || t.handler === handler)).map((t) => t.nextRunAt!);
  return times.length > 0 ? Math.min(...times) : null;
}

/** Fires the earliest clock trigger, moving the harness clock to its time; null when no clock trigger is set. */
export async function fireNextMovingClock(h: Harness): Promise<DueFiring | null> {
  const dueAt = nextTriggerAt(h);
  if (dueAt === null) return null;
  const movedMs = Math.max(0, dueAt - h.clock.now());
  if (movedMs > 0) h.clock.advance(movedMs);
  return { dueAt, movedMs, runs: await h.fireTriggers() };
}
