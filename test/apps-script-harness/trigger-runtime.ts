/**
 * The daily trigger runtime quota (consumer accounts: 90 min / user / day, summed over every trigger execution).
 * Counted per user and UTC day of the harness clock, like the URL Fetch quota. A trigger that starts with the day's
 * runtime spent is refused; one that starts with less left than its own limit is cut where the quota ends.
 */
import type { Clock } from './clock';
import { DailyCounter } from './daily-counter';

export const TRIGGER_RUNTIME_EXCEEDED = 'Service using too much computer time for one day. Try again later.';

export class TriggerRuntime {
  /** Trigger runtime used (ms) per user and UTC day. */
  private readonly used: DailyCounter;
  constructor(clock: Clock) {
    this.used = new DailyCounter(clock);
  }

  /** Trigger runtime counted today for `user` (ms). */
  usedMs(user: string): number {
    return this.used.today(user);
  }

  /** What is left of today's quota for `user` (ms, never negative). */
  leftMs(user: string, quotaMs: number): number {
    return Math.max(0, quotaMs - this.usedMs(user));
  }

  /** Counts a trigger execution's runtime against the day it started on. */
  add(user: string, ms: number, day = this.dayOf(user)): void {
    this.used.add(user, ms, day);
  }

  /** The counter key of today, taken when a trigger starts (a run past midnight counts on the day it started). */
  dayOf(user: string): string {
    return this.used.dayOf(user);
  }
}
